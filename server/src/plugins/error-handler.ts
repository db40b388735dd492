import { committedAnswer, type ErrorResponse, type FieldError } from '@cashtips/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isConnectionFailure } from '../db/errors.ts';
import { AppError } from '../lib/app-error.ts';
import { clientWentAway } from '../lib/logger.ts';

function send(reply: FastifyReply, status: number, body: ErrorResponse) {
  if (body.retryAfterSeconds !== undefined) reply.header('Retry-After', String(body.retryAfterSeconds));
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

type ValidationIssue = {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
};

/**
 * Zod's issues as `{ field, message }` in plain sentences: our schemas carry their own messages;
 * the generic ones (wrong type, unknown field, not an object) are rephrased here.
 */
function toFieldErrors(issues: ValidationIssue[]): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => {
    // A piped schema can report one problem twice for one field.
    if (!errors.some((seen) => seen.field === field && seen.message === message))
      errors.push({ field, message });
  };
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const generic = !issue.message || issue.message.startsWith('Invalid input');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys) add(String(key), `Unexpected field "${String(key)}".`);
    } else if (!field) {
      add('body', 'The request body must be a JSON object.');
    } else if (issue.keyword === 'invalid_type' && generic) {
      add(field, `"${field}" must be ${describeType(issue.params.expected)}.`);
    } else {
      add(field, generic ? `"${field}" is not valid.` : (issue.message ?? 'Invalid value.'));
    }
  }
  return errors;
}

function describeType(expected: unknown): string {
  switch (expected) {
    case 'string':
      return 'text';
    case 'number':
    case 'int':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'object':
      return 'an object';
    case 'array':
      return 'a list';
    default:
      return 'of another type';
  }
}

/**
 * What an unexpected error may leave in the logs: its kind, the database's error code and a stack
 * without its first line. Query errors carry their SQL parameters (emails, password hashes) in the
 * message and in `detail`; neither is logged.
 */
export function describeForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const cause = error.cause as { code?: unknown; severity?: unknown; routine?: unknown } | undefined;
  const isQueryError = error.name === 'DrizzleQueryError' || typeof cause?.code === 'string';
  return {
    type: error.name,
    ...(isQueryError ? { dbCode: cause?.code, dbRoutine: cause?.routine } : { message: error.message }),
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
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
    if (
      hasZodFastifySchemaValidationErrors(error) &&
      error.validationContext === 'params' &&
      error.validation.every((issue) => issue.instancePath === '/id')
    ) {
      // A path whose entity id is malformed names nothing (lib/http.ts, entityId).
      return send(reply, 404, {
        success: false,
        code: 'NOT_FOUND',
        message: 'Nothing was found at this address.',
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = toFieldErrors(error.validation);
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
      const code = status === 403 ? 'FORBIDDEN' : status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED';
      return send(reply, status, {
        success: false,
        code,
        message: status === 403 ? 'Not allowed.' : message,
      });
    }
    if (clientWentAway(error, request)) {
      // A cancelled asset download, a closed tab, a lost phone signal: not a fault of ours, and
      // there is nobody left to answer. 499 (nginx's "client closed request") in the access log.
      request.log.debug({ code: (error as { code?: unknown }).code }, 'client closed the connection early');
      return reply.code(499).send();
    }
    if (isConnectionFailure(error)) {
      // The database went away under this request (failover, restart, terminated backend); the
      // pool reconnects on the next query, so the client may simply try again.
      request.log.warn({ err: describeForLog(error) }, 'database unavailable during request');
      return send(reply, 503, {
        success: false,
        code: 'UNAVAILABLE',
        message: 'The service is briefly unavailable. Please try again in a moment.',
        retryAfterSeconds: 1,
      });
    }
    request.log.error({ err: describeForLog(error) }, 'unhandled error');
    const committedMessage = request.routeOptions.config.committedMessage;
    if (committedMessage && isResponseSerializationError(error)) {
      // The route's money moved and only its answer failed: it happened, and the answer says so.
      // Sent as text: the route's schema, which the answer just failed, would refuse it again.
      return reply
        .status(200)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(committedAnswer(committedMessage)));
    }
    return send(reply, 500, {
      success: false,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
}
