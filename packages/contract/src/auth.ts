import { z } from 'zod';
import { supportedCurrencies } from './currency.ts';
import { restrictionSchema } from './protection.ts';

export const messages = {
  invalidEmail: 'Enter a valid email.',
  weakPassword:
    'Password must be at least 8 characters, include uppercase, lowercase, number, and special character.',
  missingOtp: 'Enter the OTP sent to your email.',
  missingForgotEmail: 'Please enter your email.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  passwordRequired: 'Password is required.',
  emailRequired: 'Email is required.',
  signUpPasswordMismatch: 'This is not the password you chose when you signed up with this email.',
  signUpPasswordRequired:
    'More than one sign-up was made with this email. Enter the password you chose when you signed up to finish.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const OTP_LENGTH = 6;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value) &&
    /[^A-Za-z0-9]/.test(value)
  );
}

export const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, messages.emailRequired)
  .max(254, messages.invalidEmail)
  .pipe(z.email({ error: messages.invalidEmail }));

export const strongPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .max(128, 'Password must be at most 128 characters.')
  .refine(isStrongPassword, messages.weakPassword);

/**
 * Control characters (NUL breaks PostgreSQL text) and bidirectional overrides (they can make a
 * name read differently in mails and screens) have no place in names or codes.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
export const hasUnsafeCharacters = (value: string) => UNSAFE_CHARACTERS.test(value);

export const nameSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(50, 'Names must be at most 50 characters.')
    .refine((value) => !hasUnsafeCharacters(value), 'Names may not contain control characters.');

const otpSchema = z
  .string({ error: messages.missingOtp })
  .trim()
  .min(1, messages.missingOtp)
  .regex(/^\d{6}$/, 'The OTP is the 6-digit code sent to your email.');

/** A referral code that is unknown or malformed is ignored, never an error: it must not block sign-up. */
export const referralCodeSchema = z
  .string({ error: 'The referral code must be text.' })
  .optional()
  .transform((value) => {
    const code = value?.trim().toUpperCase();
    return code && /^[A-Z0-9_-]{1,32}$/.test(code) ? code : undefined;
  });

/**
 * `password`: the one chosen at sign-up. The spec's payload is email and code; the password says which
 * sign-up to keep when more than one was made with the email (decision 015).
 */
export const verifyOtpRequestSchema = z.strictObject({
  email: emailSchema,
  otp: otpSchema,
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(128, 'Password must be at most 128 characters.')
    .optional(),
});
export type VerifyOtpRequest = z.input<typeof verifyOtpRequestSchema>;
export type VerifyOtpInput = z.output<typeof verifyOtpRequestSchema>;

export const resendOtpRequestSchema = z.strictObject({ email: emailSchema });
export type ResendOtpRequest = z.input<typeof resendOtpRequestSchema>;
export type ResendOtpInput = z.output<typeof resendOtpRequestSchema>;

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(128),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;
export type LoginInput = z.output<typeof loginRequestSchema>;

export const forgotPasswordRequestSchema = z.strictObject({
  email: z
    .string({ error: messages.missingForgotEmail })
    .trim()
    .toLowerCase()
    .min(1, messages.missingForgotEmail)
    .max(254, messages.invalidEmail)
    .pipe(z.email({ error: messages.invalidEmail })),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;
export type ForgotPasswordInput = z.output<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.strictObject({
  email: emailSchema,
  otp: otpSchema,
  newPassword: strongPasswordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;
export type ResetPasswordInput = z.output<typeof resetPasswordRequestSchema>;

export const userRoles = ['user', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

/** The user object as the client keeps it in local storage under `user`. Money is naira. */
export const userSchema = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  username: z.string().nullable(),
  phone: z.string(),
  role: z.enum(userRoles),
  emailVerified: z.boolean(),
  referralCode: z.string(),
  telegramId: z.string().nullable(),
  /** The linked Telegram account's @username (without the @), when it has one. */
  telegramUsername: z.string().nullable(),
  /** Whether personal notifications also arrive as Telegram messages. */
  telegramNotifications: z.boolean(),
  mainWallet: z.number(),
  bonusWallet: z.number(),
  /** Sign-in asks for an authenticator code after the password (PRODUCT 9). */
  twoFactorEnabled: z.boolean(),
  /** The display currency saved in preferences; null follows the visitor's location. */
  displayCurrency: z.enum(supportedCurrencies).nullable(),
  /** A time-out or self-exclusion in force (PRODUCT 13), or null. */
  restriction: restrictionSchema.nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The password was right and the account has two-factor on: no token until a code is given. */
export const twoFactorChallengeResponseSchema = z.object({
  success: z.literal(true),
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  message: z.string(),
});
export type TwoFactorChallengeResponse = z.infer<typeof twoFactorChallengeResponseSchema>;

export const loginOutcomeSchema = z.union([loginResponseSchema, twoFactorChallengeResponseSchema]);
export type LoginOutcome = z.infer<typeof loginOutcomeSchema>;

export const isTwoFactorChallenge = (outcome: Partial<LoginOutcome>): outcome is TwoFactorChallengeResponse =>
  'twoFactorRequired' in outcome && outcome.twoFactorRequired === true;

export const meResponseSchema = z.object({ success: z.literal(true), user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;
