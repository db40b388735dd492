import { z } from 'zod';
import { emailSchema, messages, nameSchema, referralCodeSchema, strongPasswordSchema } from './auth.ts';
import { phoneSchema } from './phone.ts';

/*
 * The sign-up request, in a module of its own: its phone rule brings the phone metadata, which only
 * the screens that ask for a phone should load (not every form that uses the auth schemas).
 */

export const registerRequestSchema = z.strictObject({
  firstName: nameSchema(messages.firstNameRequired),
  lastName: nameSchema(messages.lastNameRequired),
  email: emailSchema,
  phone: phoneSchema,
  password: strongPasswordSchema,
  referralCode: referralCodeSchema,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type RegisterInput = z.output<typeof registerRequestSchema>;
