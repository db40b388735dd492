import type { ErrorResponse, FieldError } from '@cashtips/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

function send(reply: FastifyReply, status: number, body: ErrorResponse) {
  if (body.retryAfterSeconds !== undefined) reply.header('Retry-After', String(body.retryAfterSeconds));
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * One error contract: `{ success: false, code, message }` (+ field errors, + retry delay).
 * 5xx details are logged with the request and never sent.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, error.statusCode, {
        success: false,
        code: error.code,
        message: error.message,
        ...error.details,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((validation) => ({
        path: validation.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: validation.message ?? 'Invalid value.',
        keys: (validation.params as { keys?: unknown }).keys,
      }));
      const errors: FieldError[] = [];
      for (const issue of issues) {
        const field = issue.path || (Array.isArray(issue.keys) ? issue.keys.join(',') : '') || 'body';
        // A piped schema can report one problem twice for one field.
        if (!errors.some((seen) => seen.field === field && seen.message === issue.message)) {
          errors.push({ field, message: issue.message });
        }
      }
      return send(reply, 400, {
        success: false,
        code: 'VALIDATION_FAILED',
        message: errors[0]?.message ?? 'The request is not valid.',
        errors,
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return send(reply, 413, {
        success: false,
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The request body is too large.',
      });
    }
    if (status === 415) {
      return send(reply, 415, {
        success: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Send the request body as JSON (Content-Type: application/json).',
      });
    }
    if (status === 429) {
      return send(reply, 429, {
        success: false,
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please slow down.',
      });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, empty JSON body, bad headers.
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty; send a JSON object.'
            : 'The request is not valid.';
      return send(reply, status, { success: false, code: 'VALIDATION_FAILED', message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, {
      success: false,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
}
