import {
  communityResponseSchema,
  dashboardStatsResponseSchema,
  profileStatisticsResponseSchema,
} from '@cashtips/contract/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http.ts';
import { type Access, currentSession } from '../auth/access.ts';
import type { DashboardService } from './dashboard.service.ts';

const security = [{ bearer: [] }];

export function registerDashboardRoutes(
  app: FastifyInstance,
  deps: { access: Access; dashboard: DashboardService },
): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', deps.access.requireUser);
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/api/users/dashboard-stats',
      {
        schema: {
          tags: ['dashboard'],
          summary:
            "The dashboard's figures: the user's subscriptions, referrals and last 30 days of purchases",
          security,
          response: { 200: dashboardStatsResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await deps.dashboard.stats(currentSession(request).userId)),
      }),
    );
    routes.get(
      '/api/users/me/statistics',
      {
        schema: {
          tags: ['dashboard'],
          summary:
            "The profile's statistics: codes bought, plans subscribed, what they cost, won and lost, success rate",
          security,
          response: { 200: profileStatisticsResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await deps.dashboard.profileStatistics(currentSession(request).userId)),
      }),
    );
    routes.get(
      '/api/community',
      {
        schema: {
          tags: ['dashboard'],
          summary:
            "Recent purchases, subscriptions and wins (first name and initial) and the month's top referrers",
          security,
          response: { 200: communityResponseSchema, ...errorResponses(401) },
        },
      },
      async () => ({ success: true as const, ...(await deps.dashboard.communityFeed()) }),
    );
  });
}
