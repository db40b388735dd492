import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode, ErrorResponse } from '@cashtips/contract/errors';
import type { FastifyReply, FastifyServerOptions } from 'fastify';

/**
 * Answers that never reach a route or the error handler still follow the error contract
 * (`{ success: false, code, message }`) and carry the security headers: Fastify's own
 * "framework errors" (a path that is not valid URL encoding, a path parameter over the length
 * limit: 414), and Node's HTTP parser errors (malformed request, headers too large, timeout),
 * which are answered on the raw socket.
 */
export function edgeErrorOptions(
  headers: Readonly<Record<string, string>>,
): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors(error, _request, reply: FastifyReply) {
      const uriTooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const status = uriTooLong ? 414 : 400;
      const body: ErrorResponse = {
        success: false,
        code: 'VALIDATION_FAILED',
        message: uriTooLong
          ? 'This address is too long.'
          : 'This address is not valid (malformed percent-encoding).',
      };
      void reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
    },
    clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
      if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
        socket.destroy();
        return;
      }
      const [status, code, message]: [number, ErrorCode, string] =
        error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'VALIDATION_FAILED', 'The request took too long to arrive.']
          : error.code === 'HPE_HEADER_OVERFLOW'
            ? [431, 'VALIDATION_FAILED', 'The request headers (or its address) are too large.']
            : [400, 'VALIDATION_FAILED', 'The request is not valid HTTP.'];
      const body = JSON.stringify({ success: false, code, message } satisfies ErrorResponse);
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        'content-type: application/json; charset=utf-8',
        'cache-control: no-store',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
      ];
      socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
    },
  };
}

/** An error answer of Socket.IO's engine (`{ code: 0..5, message }`) in our error contract. */
export function engineErrorBody(status: number, raw: string): string | undefined {
  try {
    const parsed = JSON.parse(raw) as { code?: unknown; message?: unknown };
    if (typeof parsed.code !== 'number' || typeof parsed.message !== 'string') return undefined;
    const body: ErrorResponse = {
      success: false,
      code: status === 403 ? 'FORBIDDEN' : 'VALIDATION_FAILED',
      message: `Realtime connection refused: ${parsed.message}.`,
    };
    return JSON.stringify(body);
  } catch {
    return undefined;
  }
}
