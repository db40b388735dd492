import { z } from 'zod';
import { isStrongPassword, messages, userSchema } from './auth.ts';
import { supportedCurrencies } from './currency.ts';
import { activityItemSchema } from './referrals.ts';
import { pageInfoSchema } from './wallet.ts';

/*
 * The signed-in user's own account (PRODUCT 9): profile, password, sessions, preferences,
 * two-factor sign-in and the activity history.
 */

export const accountMessages = {
  profileSaved: 'Profile updated successfully.',
  usernameTaken: 'That username is taken. Try another.',
  usernameFormat: 'Usernames are 3 to 20 letters, digits or _.',
  fullNameFormat: 'Enter your first and last name.',
  nothingToSave: 'Change at least one field.',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  samePassword: 'Choose a new password that differs from the current one.',
  sessionEnded: 'That session has been signed out.',
  otherSessionsEnded: 'All other sessions have been signed out.',
  sessionNotFound: 'Session not found.',
  preferencesSaved: 'Preferences saved.',
  twoFactorStarted: 'Scan the QR code with your authenticator app, then enter the 6-digit code it shows.',
  twoFactorEnabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  twoFactorNoSetup: 'Start the set-up again: no pending two-factor set-up was found.',
  wrongCode: 'That code is not valid. Check your authenticator app and try again.',
  wrongPassword: 'Your password is incorrect.',
  challengeRequired: 'Enter the code from your authenticator app.',
  challengeExpired: 'This sign-in has expired. Enter your email and password again.',
  tooManyCodes: 'Too many wrong codes. Enter your email and password again.',
  codeRequired: 'Enter the 6-digit code or a recovery code.',
} as const;

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
export const RECOVERY_CODE_COUNT = 10;
export const TWO_FACTOR_MAX_WRONG_CODES = 5;
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
export const ACTIVITY_PAGE_SIZE = 20;

/** First word is the first name, the rest the last name ("Ada Obi Eze" → Ada / Obi Eze). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

export const usernameSchema = z
  .string({ error: accountMessages.usernameFormat })
  .trim()
  .regex(USERNAME_PATTERN, accountMessages.usernameFormat);

export const profileResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userSchema,
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const changePasswordSchema = z
  .strictObject({
    currentPassword: z
      .string({ error: messages.passwordRequired })
      .min(1, messages.passwordRequired)
      .max(128),
    newPassword: z
      .string({ error: messages.passwordRequired })
      .max(128, 'Password must be at most 128 characters.')
      .refine(isStrongPassword, messages.weakPassword),
  })
  .refine((value) => value.currentPassword !== value.newPassword, {
    message: accountMessages.samePassword,
    path: ['newPassword'],
  });
export type ChangePasswordRequest = z.input<typeof changePasswordSchema>;

export const sessionSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** As the browser sent it (shortened); the screen names the browser and system from it. */
  userAgent: z.string().nullable(),
  /** The address with its last part masked: 102.89.34.x, 2c0f:f4c0:…:x. */
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionSchema>;

export const sessionsResponseSchema = z.object({
  success: z.literal(true),
  sessions: z.array(sessionSchema),
});
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

export const revokeOthersResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ended: z.number(),
});
export type RevokeOthersResponse = z.infer<typeof revokeOthersResponseSchema>;

export const preferencesSchema = z.object({
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  telegramNotifications: z.boolean(),
  /** Whether the community feed and top referrers may show this user (first name and initial). */
  communityVisible: z.boolean(),
  /** The display currency; null follows the visitor's location. */
  currency: z.enum(supportedCurrencies).nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const preferencesUpdateSchema = z
  .strictObject(preferencesSchema.shape)
  .partial()
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    accountMessages.nothingToSave,
  );
export type PreferencesUpdate = z.input<typeof preferencesUpdateSchema>;

export const preferencesResponseSchema = z.object({
  success: z.literal(true),
  preferences: preferencesSchema,
});
export type PreferencesResponse = z.infer<typeof preferencesResponseSchema>;

/** A TOTP (6 digits, spaces allowed) or a recovery code (xxxxx-xxxxx, dash optional). */
export const twoFactorCodeSchema = z
  .string({ error: accountMessages.codeRequired })
  .trim()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, accountMessages.codeRequired)
      .max(32)
      .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, accountMessages.codeRequired),
  );

export const twoFactorSetupResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** An SVG data URL drawn by the server (never by a third-party service). */
  qrCode: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorEnableSchema = z.strictObject({
  code: z
    .string({ error: accountMessages.codeRequired })
    .trim()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.')),
});
export type TwoFactorEnableRequest = z.input<typeof twoFactorEnableSchema>;

export const twoFactorEnableResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

export const twoFactorDisableSchema = z.strictObject({
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(128),
  code: twoFactorCodeSchema,
});
export type TwoFactorDisableRequest = z.input<typeof twoFactorDisableSchema>;

export const loginTwoFactorSchema = z.strictObject({
  challenge: z.string({ error: accountMessages.challengeExpired }).trim().min(1).max(200),
  code: twoFactorCodeSchema,
});
export type LoginTwoFactorRequest = z.input<typeof loginTwoFactorSchema>;

export const activityPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(ACTIVITY_PAGE_SIZE),
});
export type ActivityPageQuery = z.input<typeof activityPageQuerySchema>;

export const activityPageResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  items: z.array(activityItemSchema),
});
export type ActivityPageResponse = z.infer<typeof activityPageResponseSchema>;
