import { z } from 'zod';
import { accountMessages, usernameSchema } from './account.ts';
import { hasUnsafeCharacters } from './auth.ts';
import { phoneSchema } from './phone.ts';

/*
 * The profile's save request, in a module of its own: its phone rule brings the phone metadata,
 * which only the screens that ask for a phone should load.
 */

const fullNameSchema = z
  .string({ error: accountMessages.fullNameFormat })
  .trim()
  .transform((value) => value.replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .max(101, 'Names must be at most 50 characters.')
      .refine((value) => !hasUnsafeCharacters(value), 'Names may not contain control characters.')
      .refine((value) => {
        const [first, ...rest] = value.split(' ');
        return (
          first !== undefined &&
          first !== '' &&
          rest.length > 0 &&
          first.length <= 50 &&
          rest.join(' ').length <= 50
        );
      }, accountMessages.fullNameFormat),
  );

/** PATCH /api/users/me: partial; email is read-only and so is not accepted. */
export const profileUpdateSchema = z
  .strictObject({
    fullName: fullNameSchema.optional(),
    phone: phoneSchema.optional(),
    username: usernameSchema.optional(),
  })
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    accountMessages.nothingToSave,
  );
export type ProfileUpdateRequest = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
