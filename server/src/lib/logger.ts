import type { FastifyServerOptions } from 'fastify';

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
    serializers: {
      req(request) {
        // The query string may carry a reference or code one day; log the path only.
        return { method: request.method, url: request.url.split('?')[0], remoteAddress: request.ip };
      },
    },
  };
}
