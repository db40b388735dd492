import {
  footballMessages,
  holdRequestSchema,
  holdResponseSchema,
  linkAnswerResponseSchema,
  linkFixtureRequestSchema,
  linkQuestionsResponseSchema,
  liveMatchesResponseSchema,
  providerStatusSchema,
  syncNowResponseSchema,
} from '@cashtips/contract/football';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '../../lib/http.ts';
import { type Access, currentSession } from '../auth/access.ts';
import type { ResultsService } from '../matches/results.service.ts';
import type { FootballService } from './football.service.ts';
import type { LinkQuestions } from './link-questions.ts';

const security = [{ bearer: [] }];

export function registerFootballRoutes(
  app: FastifyInstance,
  deps: { access: Access; football: FootballService; results: ResultsService; linkQuestions: LinkQuestions },
) {
  const { access, football, results, linkQuestions } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/matches/live',
    {
      schema: {
        tags: ['matches'],
        summary:
          "Today's registered matches (Lagos day) with their live state; signed in: what you hold on each",
        security: [{}, { bearer: [] }],
        response: { 200: liveMatchesResponseSchema },
      },
    },
    async (request) => {
      const viewer = await access.viewer(request);
      return { success: true as const, ...(await football.liveMatches(viewer?.userId)) };
    },
  );

  app.register(async (scope) => {
    scope.addHook('onRequest', access.requireAdmin);
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];

    admin.get(
      '/api/admin/football/status',
      {
        schema: {
          tags,
          summary: 'The football data provider: last sync and poll, calls left, last error, matches',
          security,
          response: { 200: providerStatusSchema, ...errorResponses(401, 403) },
        },
      },
      async () => football.status(),
    );

    admin.post(
      '/api/admin/football/sync',
      {
        schema: {
          tags,
          summary: 'Read the followed leagues’ fixtures (today and 7 days on) now',
          security,
          response: { 200: syncNowResponseSchema, ...errorResponses(401, 403, 422, 503) },
        },
      },
      async () => {
        const summary = await football.syncNow();
        return { success: true as const, message: footballMessages.synced(summary.fixtures), ...summary };
      },
    );

    admin.get(
      '/api/admin/football/link-questions',
      {
        schema: {
          tags,
          summary: 'Provider fixtures that may be registered matches, waiting to be linked or registered',
          security,
          response: { 200: linkQuestionsResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async () => ({ success: true as const, questions: await linkQuestions.open() }),
    );

    admin.post(
      '/api/admin/football/link-questions/:id/link',
      {
        schema: {
          tags,
          summary: 'Link the fixture to one of the registered matches it may be',
          security,
          params: idParams,
          body: linkFixtureRequestSchema,
          response: { 200: linkAnswerResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => ({
        success: true as const,
        message: footballMessages.linked,
        matchId: await linkQuestions.link(
          currentSession(request).userId,
          request.params.id,
          request.body.matchId,
        ),
      }),
    );

    admin.post(
      '/api/admin/football/link-questions/:id/register',
      {
        schema: {
          tags,
          summary: 'Register the fixture as a match of its own',
          security,
          params: idParams,
          response: { 200: linkAnswerResponseSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => ({
        success: true as const,
        message: footballMessages.registered,
        matchId: await linkQuestions.register(currentSession(request).userId, request.params.id),
      }),
    );

    for (const method of ['POST', 'DELETE'] as const) {
      admin.route({
        method,
        url: '/api/admin/matches/:id/hold',
        schema: {
          tags,
          summary:
            method === 'POST'
              ? 'Hold a match: no automatic result until released'
              : 'Release a held match (a due provider result is then recorded)',
          security,
          params: idParams,
          // No body at all is fine (PRODUCT 12 writes the calls without one): Fastify validates it as null.
          ...(method === 'POST' ? { body: holdRequestSchema.nullish() } : {}),
          response: { 200: holdResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
        handler: async (request) => {
          const body = (request.body ?? {}) as { reason?: string | undefined };
          const message = await football.setHold(
            currentSession(request).userId,
            request.params.id,
            method === 'POST',
            body.reason || undefined,
          );
          const { match } = await results.matchDetail(request.params.id);
          return { success: true as const, message, match };
        },
      });
    }
  });
}
