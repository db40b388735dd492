import { activityItemSchema, referralsResponseSchema } from '@cashtips/contract/referrals';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { errorResponses } from '../../lib/http.ts';
import { listActivity } from '../activity/activity.ts';
import { type Access, currentSession } from '../auth/access.ts';
import type { ReferralsService } from './referrals.service.ts';

const tags = ['users'];
const security = [{ bearer: [] }];

export function registerReferralRoutes(
  app: FastifyInstance,
  deps: { db: Database; access: Access; referrals: ReferralsService },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/users/referrals',
    {
      onRequest: deps.access.requireUser,
      schema: {
        tags,
        summary: 'The user’s referral code, link, figures and referred users',
        security,
        response: { 200: referralsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await deps.referrals.summary(currentSession(request).userId)),
    }),
  );

  routes.get(
    '/api/users/activity-log',
    {
      onRequest: deps.access.requireUser,
      schema: {
        tags,
        summary: 'The user’s recent activity, newest first',
        security,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: z.array(activityItemSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => listActivity(deps.db, currentSession(request).userId, request.query.limit),
  );
}
