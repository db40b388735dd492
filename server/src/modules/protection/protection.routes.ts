import {
  depositLimitsResponseSchema,
  depositLimitsUpdateSchema,
  protectionMessages,
  restrictionResponseSchema,
  selfExclusionRequestSchema,
  timeOutRequestSchema,
} from '@cashtips/contract/protection';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http.ts';
import { type Access, currentSession } from '../auth/access.ts';
import type { ProtectionService } from './protection.service.ts';

const security = [{ bearer: [] }];

/** The signed-in user's own limits and breaks (PRODUCT 13): every route acts on the session's user. */
export function registerProtectionRoutes(
  app: FastifyInstance,
  deps: { access: Access; protection: ProtectionService },
): void {
  const { protection } = deps;
  app.register(async (scope) => {
    scope.addHook('onRequest', deps.access.requireUser);
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/users/me/limits',
      {
        schema: {
          tags: ['protection'],
          summary: 'Deposit limits in force, what each still allows, and changes waiting their 24 hours',
          security,
          response: { 200: depositLimitsResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({
        success: true as const,
        limits: await protection.limits(currentSession(request).userId),
      }),
    );

    routes.put(
      '/api/users/me/limits',
      {
        schema: {
          tags: ['protection'],
          summary:
            'Set deposit limits (partial; null removes): lower at once, higher or removed after 24 hours',
          security,
          body: depositLimitsUpdateSchema,
          response: { 200: depositLimitsResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await protection.updateLimits(currentSession(request).userId, request.body)),
      }),
    );

    routes.post(
      '/api/users/me/time-out',
      {
        schema: {
          tags: ['protection'],
          summary:
            'Take a break of 1, 7 or 30 days: no deposit, purchase, subscription or marketing until it ends',
          security,
          body: timeOutRequestSchema,
          response: { 200: restrictionResponseSchema, ...errorResponses(400, 401, 409) },
        },
      },
      async (request) => {
        const restriction = await protection.takeTimeOut(currentSession(request).userId, request.body.days);
        return {
          success: true as const,
          message: protectionMessages.timeOutStarted(restriction.until),
          restriction,
        };
      },
    );

    routes.post(
      '/api/users/me/self-exclusion',
      {
        schema: {
          tags: ['protection'],
          summary: 'Exclude yourself for 6, 12 or 60 months (password); nobody can shorten it',
          security,
          body: selfExclusionRequestSchema,
          response: { 200: restrictionResponseSchema, ...errorResponses(400, 401, 409, 429) },
        },
      },
      async (request) => {
        const restriction = await protection.selfExclude(
          currentSession(request).userId,
          request.body.months,
          request.body.password,
          request.ip,
        );
        return {
          success: true as const,
          message: protectionMessages.selfExclusionStarted(restriction.until),
          restriction,
        };
      },
    );
  });
}
