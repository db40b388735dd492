import {
  adminMatchDetailResponseSchema,
  adminMatchesQuerySchema,
  adminMatchesResponseSchema,
  matchResultRequestSchema,
  matchResultResponseSchema,
  matchSearchQuerySchema,
  matchSearchResponseSchema,
  toSettleQuerySchema,
  toSettleResponseSchema,
} from '@cashtips/contract/matches';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '../../lib/http.ts';
import { pageInfo } from '../../lib/pages.ts';
import { type Access, currentSession } from '../auth/access.ts';
import type { ResultsService } from './results.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

export function registerResultRoutes(
  app: FastifyInstance,
  deps: { access: Access; results: ResultsService },
) {
  const { results } = deps;
  app.register(async (scope) => {
    scope.addHook('onRequest', deps.access.requireAdmin);
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/admin/matches',
      {
        schema: {
          tags,
          summary: 'Registered matches: awaiting a result, upcoming, finished or all',
          security,
          querystring: adminMatchesQuerySchema,
          response: { 200: adminMatchesResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { matches, total } = await results.listMatches(request.query);
        return {
          success: true as const,
          matches,
          ...pageInfo(request.query.page, request.query.limit, total),
        };
      },
    );

    routes.get(
      '/api/admin/matches/:id',
      {
        schema: {
          tags,
          summary: 'One match with every game on it and what each settled',
          security,
          params: idParams,
          response: { 200: adminMatchDetailResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => results.matchDetail(request.params.id),
    );

    routes.post(
      '/api/admin/matches/:id/result',
      {
        schema: {
          tags,
          summary: 'Record a final score (or void) once; settles every game and item it decides',
          security,
          params: idParams,
          body: matchResultRequestSchema,
          response: { 200: matchResultResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) =>
        results.recordResult(currentSession(request).userId, request.params.id, request.body),
    );

    routes.get(
      '/api/admin/to-settle',
      {
        schema: {
          tags,
          summary: 'Items still pending more than 2 hours after their last game kicked off',
          security,
          querystring: toSettleQuerySchema,
          response: { 200: toSettleResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { items, total } = await results.toSettle(request.query);
        return { success: true as const, items, ...pageInfo(request.query.page, request.query.limit, total) };
      },
    );

    routes.get(
      '/api/admin/matches/search',
      {
        schema: {
          tags,
          summary: 'Registered matches not yet played whose teams or league match the text, soonest first',
          security,
          querystring: matchSearchQuerySchema,
          response: { 200: matchSearchResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({ success: true as const, matches: await results.searchMatches(request.query) }),
    );
  });
}
