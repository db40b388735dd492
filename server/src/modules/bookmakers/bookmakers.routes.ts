import {
  bookmakerStatusResponseSchema,
  CODE_CHECKS_PER_HOUR,
  checkCodeRequestSchema,
  checkCodeResponseSchema,
} from '@cashtips/contract/bookmakers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { errorResponses } from '../../lib/http.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { type Access, currentSession } from '../auth/access.ts';
import type { BookmakerReader } from './bookmaker-reader.ts';
import { checkCode } from './code-check.ts';

const security = [{ bearer: [] }];
const HOUR_SECONDS = 3600;

export function registerBookmakerRoutes(
  app: FastifyInstance,
  deps: { access: Access; db: Database; reader: BookmakerReader; limiter: RateLimiter },
) {
  const { access, db, reader, limiter } = deps;

  app.register(async (scope) => {
    scope.addHook('onRequest', access.requireUser);
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/api/booking-codes/check',
      {
        schema: {
          tags: ['booking-codes'],
          summary: `Read a shared booking code at its bookmaker: legs, prices, kickoffs and live state (${CODE_CHECKS_PER_HOUR} an hour)`,
          security,
          body: checkCodeRequestSchema,
          response: { 200: checkCodeResponseSchema, ...errorResponses(400, 401, 422, 429, 503) },
        },
      },
      async (request) => {
        const { userId } = currentSession(request);
        await limiter.enforce([
          { key: `code-check:user:${userId}`, limit: CODE_CHECKS_PER_HOUR, windowSeconds: HOUR_SECONDS },
        ]);
        return { success: true as const, ...(await checkCode({ db, reader }, request.body)) };
      },
    );
  });

  app.register(async (scope) => {
    scope.addHook('onRequest', access.requireAdmin);
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];

    admin.post(
      '/api/admin/booking-codes/preview',
      {
        schema: {
          tags,
          summary: 'A code’s legs as its bookmaker holds them, to fill the posting form from',
          security,
          body: checkCodeRequestSchema,
          response: { 200: checkCodeResponseSchema, ...errorResponses(400, 401, 403, 422, 503) },
        },
      },
      async (request) => ({ success: true as const, ...(await checkCode({ db, reader }, request.body)) }),
    );

    admin.get(
      '/api/admin/bookmakers/status',
      {
        schema: {
          tags,
          summary: 'Each checked bookmaker: last call, last error, calls in the last minute',
          security,
          response: { 200: bookmakerStatusResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async () => ({ success: true as const, bookmakers: await reader.status() }),
    );
  });
}
