import { z } from 'zod';
import { depositLimitRefusalSchema, restrictionSchema } from './protection.ts';

/** The closed list of error codes the API answers with; the web client branches on these. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'SESSION_EXPIRED',
  'FORBIDDEN',
  'EMAIL_NOT_VERIFIED',
  'INVALID_CREDENTIALS',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'OTP_INVALID',
  'OTP_EXPIRED',
  'OTP_COOLDOWN',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BUSINESS_RULE',
  'INSUFFICIENT_BALANCE',
  'INVALID_SIGNATURE',
  'PAYMENT_PROVIDER_ERROR',
  'INTERNAL',
  'UNAVAILABLE',
  'TWO_FACTOR_INVALID',
  'CHALLENGE_EXPIRED',
  'USERNAME_TAKEN',
  /** Several sign-ups wait for this email: verifying needs the password chosen at sign-up (decision 015). */
  'PASSWORD_REQUIRED',
  /** A time-out or self-exclusion closes deposits, purchases and subscriptions until its end (PRODUCT 13). */
  'RESTRICTED',
  /** A deposit over one of the user's own deposit limits (PRODUCT 13). */
  'DEPOSIT_LIMIT',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorResponseSchema = z.object({
  success: z.literal(false),
  code: z.enum(errorCodes),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  retryAfterSeconds: z.number().int().optional(),
  /** With RESTRICTED: which restriction and until when. */
  restriction: restrictionSchema.optional(),
  /** With DEPOSIT_LIMIT: the limit the deposit would pass and what it still allows (naira). */
  limit: depositLimitRefusalSchema.optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * What a request that moved money answers when its full answer could not be built after the
 * commit: it happened (`message`), and the client reads the item and the wallets again.
 */
export const committedAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  partial: z.literal(true),
});
export type CommittedAnswer = z.infer<typeof committedAnswerSchema>;
export const committedAnswer = (message: string): CommittedAnswer => ({
  success: true,
  message,
  partial: true,
});
