import { accountMessages, loginTwoFactorSchema } from '@cashtips/contract/account';
import {
  forgotPasswordRequestSchema,
  loginOutcomeSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  resendOtpRequestSchema,
  resetPasswordRequestSchema,
  verifyOtpRequestSchema,
} from '@cashtips/contract/auth';
import { messageResponseSchema } from '@cashtips/contract/errors';
import { registerRequestSchema } from '@cashtips/contract/register';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http.ts';
import { currentSession } from './access.ts';
import { type AuthService, authMessages } from './auth.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

const tags = ['auth'];

export function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  twoFactor: TwoFactorService,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/auth/register',
    {
      schema: {
        security: [],
        tags,
        summary:
          'Sign up: keeps the request for an unverified email (a repeated one changes nothing until verified with its password) and emails a 6-digit verification code',
        body: registerRequestSchema,
        response: { 201: messageResponseSchema, ...errorResponses(400, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      await auth.register(request.body, request.ip);
      return reply.status(201).send({ success: true, message: authMessages.otpSent });
    },
  );

  routes.post(
    '/api/auth/verify-otp',
    {
      schema: {
        security: [],
        tags,
        summary:
          'Verify the email with the emailed code; `password` (the one chosen at sign-up) says which sign-up to keep, and is required (422 PASSWORD_REQUIRED) when several were made',
        body: verifyOtpRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 409, 422, 429) },
      },
    },
    async (request) => {
      await auth.verifyEmail(request.body, request.ip);
      return { success: true as const, message: authMessages.verified };
    },
  );

  routes.post(
    '/api/auth/resend-otp',
    {
      schema: {
        security: [],
        tags,
        summary: 'Send a new verification code to a pending account',
        body: resendOtpRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) => {
      await auth.resendVerification(request.body, request.ip);
      return { success: true as const, message: authMessages.resendSent };
    },
  );

  routes.post(
    '/api/auth/login',
    {
      schema: {
        security: [],
        tags,
        summary:
          'Log in; answers a bearer token and the user, or a two-factor challenge when the account has it on',
        body: loginRequestSchema,
        response: { 200: loginOutcomeSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const outcome = await auth.login(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      if ('challenge' in outcome)
        return {
          success: true as const,
          twoFactorRequired: true as const,
          challenge: outcome.challenge,
          message: accountMessages.challengeRequired,
        };
      return { success: true as const, message: authMessages.loggedIn, ...outcome };
    },
  );

  routes.post(
    '/api/auth/login/2fa',
    {
      schema: {
        security: [],
        tags,
        summary: 'Second step of login: the challenge and a TOTP or recovery code; answers a bearer token',
        body: loginTwoFactorSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const session = await twoFactor.completeChallenge(request.body.challenge, request.body.code, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { success: true as const, message: authMessages.loggedIn, ...session };
    },
  );

  routes.get(
    '/api/auth/me',
    {
      schema: {
        tags,
        summary: 'The signed-in user, with wallet balances',
        security: [{ bearer: [] }],
        response: { 200: meResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      success: true as const,
      user: await auth.currentUser(currentSession(request).userId),
    }),
  );

  routes.post(
    '/api/auth/logout',
    {
      schema: {
        tags,
        summary: 'End this session',
        security: [{ bearer: [] }],
        response: { 200: messageResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await auth.logout(currentSession(request).sessionId);
      return { success: true as const, message: authMessages.loggedOut };
    },
  );

  routes.post(
    '/api/auth/forgot-password',
    {
      schema: {
        security: [],
        tags,
        summary: 'Email a password reset code (same answer whether or not the account exists)',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body, request.ip);
      return { success: true as const, message: authMessages.forgotSent };
    },
  );

  routes.post(
    '/api/auth/reset-password',
    {
      schema: {
        security: [],
        tags,
        summary: 'Set a new password with the emailed code; ends every session of the user',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body, request.ip);
      return { success: true as const, message: authMessages.passwordReset };
    },
  );
}
