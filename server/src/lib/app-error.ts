import type { ErrorCode, FieldError } from '@cashtips/contract/errors';
import type { DepositLimitRefusal, Restriction } from '@cashtips/contract/protection';

/** The one error type services throw; the error handler turns it into the API's error body. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly details: {
      errors?: FieldError[];
      retryAfterSeconds?: number;
      restriction?: Restriction;
      limit?: DepositLimitRefusal;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Invalid input in one field: the message is both the answer's sentence and the field's error. */
export const invalidField = (
  field: string,
  message: string,
  code: ErrorCode = 'VALIDATION_FAILED',
  status = 400,
) => new AppError(code, status, message, { errors: [{ field, message }] });

export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', 404, message);
export const unauthenticated = (message = 'Please log in to continue.') =>
  new AppError('UNAUTHENTICATED', 401, message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError('FORBIDDEN', 403, message);
export const rateLimited = (retryAfterSeconds: number, message?: string) =>
  new AppError(
    'RATE_LIMITED',
    429,
    message ?? `Too many attempts. Please try again in ${formatWait(retryAfterSeconds)}.`,
    { retryAfterSeconds },
  );

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
