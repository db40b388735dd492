import { z } from 'zod';
import { hasUnsafeCharacters, userSchema } from './auth.ts';

/** Texts and constants of Telegram linking (spec part 2: Telegram link; PRODUCT 8). */
export const telegramMessages = {
  identifierRequired: 'Please enter your Telegram username or phone number',
  identifierInvalid: 'Enter your Telegram username (like @ada_obi) or your phone number.',
  codeGenerated: 'Link code generated. Open Telegram and send it to our bot within 15 minutes.',
  /** The client's toast once a code is made (spec part 2, success messages). */
  codeGeneratedToast: 'Link code generated successfully!',
  /** The client's fallback when the server gives no message. */
  generateFailed: 'Failed to generate link code',
  unlinked: 'Your Telegram account has been unlinked.',
  notLinked: 'No Telegram account is linked.',
  alertsOn: 'Telegram alerts are on.',
  alertsOff: 'Telegram alerts are off.',
  tooManyCodes: (wait: string) => `You asked for too many link codes. Please try again in ${wait}.`,
  /** The toast of /profile?link-telegram=true (spec part 2, Profile). */
  linkPrompt: "Let's link your Telegram account for instant notifications!",
} as const;

export const TELEGRAM_LINK = {
  /** A code is valid this long after it is made. */
  codeMinutes: 15,
  /** Codes an account may ask for per window. */
  codesPerWindow: 5,
  windowMinutes: 15,
  /** Characters of a code: no 0/O or 1/I, so a code read from a screen is typed right. */
  codeAlphabet: 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789',
  codeLength: 12,
} as const;

/** A link code as typed or sent in a deep link (case does not matter when typed). */
export const TELEGRAM_LINK_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{12}$/;

const USERNAME = /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/;
const PHONE = /^\+?[0-9][0-9 ()-]{5,24}$/;
const phoneDigits = (value: string) => value.replace(/\D/g, '');
const isIdentifier = (value: string) =>
  USERNAME.test(value) ||
  (PHONE.test(value) && phoneDigits(value).length >= 7 && phoneDigits(value).length <= 15);

/**
 * `@username` (a leading @ is added when missing) or a phone number (kept as its digits with a
 * leading +). Only a username can be checked against the Telegram account that sends the code.
 */
export const telegramIdentifierSchema = z
  .string({ error: telegramMessages.identifierRequired })
  .trim()
  .min(1, telegramMessages.identifierRequired)
  .pipe(
    z
      .string()
      .max(64, telegramMessages.identifierInvalid)
      .refine(
        (value) => !hasUnsafeCharacters(value) && isIdentifier(value),
        telegramMessages.identifierInvalid,
      ),
  )
  .transform((value) => (USERNAME.test(value) ? `@${value.replace(/^@/, '')}` : `+${phoneDigits(value)}`));

export const isTelegramUsernameIdentifier = (identifier: string) => identifier.startsWith('@');

export const telegramLinkCodeRequestSchema = z.strictObject({
  telegramIdentifier: telegramIdentifierSchema,
});
export type TelegramLinkCodeRequest = z.input<typeof telegramLinkCodeRequestSchema>;

export const telegramLinkCodeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Send as `/start <linkCode>` (the deep link does it), or `/link <linkCode>`. */
  linkCode: z.string(),
  /** `https://t.me/<bot username>?start=<linkCode>` */
  link: z.string(),
  expiresAt: z.string(),
});
export type TelegramLinkCodeResponse = z.infer<typeof telegramLinkCodeResponseSchema>;

export const telegramPreferencesRequestSchema = z.strictObject({
  telegramNotifications: z.boolean({ error: '"telegramNotifications" must be true or false.' }),
});
export type TelegramPreferencesRequest = z.input<typeof telegramPreferencesRequestSchema>;

/** Unlinking and preferences answer the user as it now is. */
export const telegramUserResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userSchema,
});
export type TelegramUserResponse = z.infer<typeof telegramUserResponseSchema>;
