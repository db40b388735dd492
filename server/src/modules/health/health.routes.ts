import { healthResponseSchema, readyResponseSchema } from '@cashtips/contract/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client.ts';
import { appliedMigrationCount } from '../../db/migrate.ts';

export function registerHealthRoutes(
  app: FastifyInstance,
  database: DatabaseHandle,
  expectedMigrations: number,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const startedAt = Date.now();

  routes.get(
    '/api/health',
    {
      schema: {
        security: [],
        tags: ['system'],
        summary: 'The process is up',
        response: { 200: healthResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) }),
  );

  routes.get(
    '/api/ready',
    {
      schema: {
        security: [],
        tags: ['system'],
        summary: 'The database answers and every migration is applied',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (_request, reply) => {
      const database_ = database.kind;
      try {
        const applied = await appliedMigrationCount(database);
        const ready = applied >= expectedMigrations;
        return reply.status(ready ? 200 : 503).send({
          status: ready ? 'ready' : 'not-ready',
          database: database_ === 'embedded' ? 'embedded' : 'postgres',
          migrations: ready ? 'applied' : 'pending',
        });
      } catch {
        return reply.status(503).send({
          status: 'not-ready',
          database: database_ === 'embedded' ? 'embedded' : 'postgres',
          migrations: 'pending',
        });
      }
    },
  );
}
