import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/**
 * Structured JSON logs. Bodies are never logged; headers and any field that could carry a
 * secret are redacted in case an error object drags them in.
 */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.newPassword',
  '*.otp',
  '*.code',
  '*.token',
  // Bank account numbers (payout accounts) never reach the logs, even inside an error object.
  '*.accountNumber',
  'accountNumber',
  'password',
  'newPassword',
  'otp',
  'token',
];

export function createLoggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: redactedPaths, censor: '[redacted]' },
    hooks: {
      // @fastify/compress logs a client hanging up mid-answer itself, at error level, with no request
      // at hand ('premature close' from the stream it pipes the answer through): a debug line here.
      logMethod(args, method, level) {
        if (level >= ERROR_LEVEL && isPrematureClose(args[0])) {
          this.debug({ code: 'PREMATURE_CLOSE' }, 'client closed the connection early');
          return;
        }
        method.apply(this, args);
      },
    },
    serializers: {
      req(request) {
        // The query string may carry a reference or code one day; log the path only.
        return { method: request.method, url: request.url.split('?')[0], remoteAddress: request.ip };
      },
    },
  };
}

const ERROR_LEVEL = 50;

/**
 * A stream ended before its end: Node's own code, or the message of the end-of-stream module that
 * @fastify/compress pipes answers with. The answer streams nothing but what we send, so only the
 * client's socket going away ends one early.
 */
function isPrematureClose(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    (error as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE' || error.message === 'premature close'
  );
}

/** Errors a socket gives when the other end has gone: reset, broken pipe, aborted, written after close. */
const hangUpCodes = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_DESTROYED']);

/**
 * The client hung up before the answer was complete: a stream closed prematurely (the browser
 * cancelled a download), or a reset or broken pipe on a request whose own socket is gone (a
 * reset from the database, with the client still there, is a database failure instead).
 */
export function clientWentAway(error: unknown, request: FastifyRequest): boolean {
  if (isPrematureClose(error)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  const socketGone = request.raw.destroyed || request.raw.socket?.destroyed === true;
  return socketGone && typeof code === 'string' && hangUpCodes.has(code);
}

/**
 * Fastify's own per-request log lines, except for a client that hangs up mid-answer (a browser
 * cancelling a script or image download, a closed tab, a lost phone signal): Fastify logs that at
 * info ("stream closed prematurely") or, when the socket errors, as "request errored" at error
 * level. Nothing failed on our side and there is nobody left to answer, so it is a debug line.
 */
export class AppLogController extends LogController {
  override streamError(
    error: Error,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (clientWentAway(error, request)) logHangUp(this, error, request, reply);
    else super.streamError(error, request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error && clientWentAway(error, request)) logHangUp(this, error, request, reply);
    else super.requestCompleted(error, request, reply, metadata);
  }
}

function logHangUp(controller: LogController, error: Error, request: FastifyRequest, reply: FastifyReply) {
  if (controller.isLogDisabled(request)) return;
  reply.log.debug({ code: (error as { code?: unknown }).code }, 'client closed the connection early');
}
