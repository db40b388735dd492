import {
  accountMessages,
  activityPageQuerySchema,
  activityPageResponseSchema,
  changePasswordSchema,
  preferencesResponseSchema,
  preferencesUpdateSchema,
  profileResponseSchema,
  revokeOthersResponseSchema,
  sessionsResponseSchema,
  twoFactorDisableSchema,
  twoFactorEnableResponseSchema,
  twoFactorEnableSchema,
  twoFactorSetupResponseSchema,
} from '@cashtips/contract/account';
import { meResponseSchema } from '@cashtips/contract/auth';
import { messageResponseSchema } from '@cashtips/contract/errors';
import { profileUpdateSchema } from '@cashtips/contract/profile-update';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http.ts';
import { type Access, currentSession } from '../auth/access.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { TwoFactorService } from '../auth/two-factor.service.ts';
import type { AccountService } from './account.service.ts';

const security = [{ bearer: [] }];

/** The signed-in user's own account: every route here acts on the session's user only. */
export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { access: Access; account: AccountService; auth: AuthService; twoFactor: TwoFactorService },
): void {
  const { account, twoFactor } = deps;
  app.register(async (scope) => {
    scope.addHook('onRequest', deps.access.requireUser);
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/users/me',
      {
        schema: {
          tags: ['account'],
          summary: 'The signed-in user, with wallet balances (as /api/auth/me)',
          security,
          response: { 200: meResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({
        success: true as const,
        user: await deps.auth.currentUser(currentSession(request).userId),
      }),
    );

    routes.patch(
      '/api/users/me',
      {
        schema: {
          tags: ['account'],
          summary: 'Save fullName, phone and username (partial; email is read-only)',
          security,
          body: profileUpdateSchema,
          response: { 200: profileResponseSchema, ...errorResponses(400, 401, 409) },
        },
      },
      async (request) => ({
        success: true as const,
        message: accountMessages.profileSaved,
        user: await account.updateProfile(currentSession(request).userId, request.body),
      }),
    );

    routes.post(
      '/api/auth/change-password',
      {
        schema: {
          tags: ['account'],
          summary: 'Change the password; ends every other session',
          security,
          body: changePasswordSchema,
          response: { 200: messageResponseSchema, ...errorResponses(400, 401, 429) },
        },
      },
      async (request) => {
        const session = currentSession(request);
        await account.changePassword(session.userId, session.sessionId, request.body, request.ip);
        return { success: true as const, message: accountMessages.passwordChanged };
      },
    );

    routes.get(
      '/api/auth/sessions',
      {
        schema: {
          tags: ['account'],
          summary: "The user's live sessions (login history), the current one marked",
          security,
          response: { 200: sessionsResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        const session = currentSession(request);
        return {
          success: true as const,
          sessions: await account.listSessions(session.userId, session.sessionId),
        };
      },
    );

    routes.delete(
      '/api/auth/sessions/:id',
      {
        schema: {
          tags: ['account'],
          summary: 'Sign one of your sessions out',
          security,
          params: z.object({ id: z.uuid({ error: accountMessages.sessionNotFound }) }),
          response: { 200: messageResponseSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        await account.endSession(currentSession(request).userId, request.params.id);
        return { success: true as const, message: accountMessages.sessionEnded };
      },
    );

    routes.post(
      '/api/auth/sessions/revoke-others',
      {
        schema: {
          tags: ['account'],
          summary: 'Sign out every session but this one',
          security,
          response: { 200: revokeOthersResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        const session = currentSession(request);
        const ended = await account.endOtherSessions(session.userId, session.sessionId);
        return { success: true as const, message: accountMessages.otherSessionsEnded, ended };
      },
    );

    routes.get(
      '/api/users/me/preferences',
      {
        schema: {
          tags: ['account'],
          summary: 'Notification channels, community visibility and display currency',
          security,
          response: { 200: preferencesResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({
        success: true as const,
        preferences: await account.preferences(currentSession(request).userId),
      }),
    );

    routes.put(
      '/api/users/me/preferences',
      {
        schema: {
          tags: ['account'],
          summary: 'Save preferences (partial)',
          security,
          body: preferencesUpdateSchema,
          response: { 200: preferencesResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => ({
        success: true as const,
        preferences: await account.updatePreferences(currentSession(request).userId, request.body),
      }),
    );

    routes.get(
      '/api/users/activity',
      {
        schema: {
          tags: ['account'],
          summary: "The user's full activity history, newest first, by page",
          security,
          querystring: activityPageQuerySchema,
          response: { 200: activityPageResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await account.activityPage(
          currentSession(request).userId,
          request.query.page,
          request.query.limit,
        )),
      }),
    );

    routes.post(
      '/api/auth/2fa/setup',
      {
        schema: {
          tags: ['account'],
          summary: 'Start two-factor set-up: a new secret, its otpauth address and QR code (drawn here)',
          security,
          response: { 200: twoFactorSetupResponseSchema, ...errorResponses(401, 409) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await twoFactor.setup(currentSession(request).userId)),
      }),
    );

    routes.post(
      '/api/auth/2fa/enable',
      {
        schema: {
          tags: ['account'],
          summary: 'Confirm set-up with a code from the app; answers 10 single-use recovery codes',
          security,
          body: twoFactorEnableSchema,
          response: { 200: twoFactorEnableResponseSchema, ...errorResponses(400, 401, 409, 422, 429) },
        },
      },
      async (request) => {
        const recoveryCodes = await twoFactor.enable(
          currentSession(request).userId,
          request.body.code,
          request.ip,
        );
        return { success: true as const, message: accountMessages.twoFactorEnabled, recoveryCodes };
      },
    );

    routes.post(
      '/api/auth/2fa/disable',
      {
        schema: {
          tags: ['account'],
          summary: 'Turn two-factor off with the password and a code (TOTP or recovery)',
          security,
          body: twoFactorDisableSchema,
          response: { 200: messageResponseSchema, ...errorResponses(400, 401, 422, 429) },
        },
      },
      async (request) => {
        await twoFactor.disable(
          currentSession(request).userId,
          request.body.password,
          request.body.code,
          request.ip,
        );
        return { success: true as const, message: accountMessages.twoFactorDisabled };
      },
    );
  });
}
