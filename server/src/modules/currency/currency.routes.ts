import { geoResponseSchema, ratesResponseSchema } from '@cashtips/contract/currency';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { GeoLocator } from '../../integrations/rates/geolocation.ts';
import type { RatesProvider } from '../../integrations/rates/rates.ts';

const tags = ['currency'];

/** Display helpers: money is always kept and charged in naira. */
export function registerCurrencyRoutes(
  app: FastifyInstance,
  deps: { rates: RatesProvider; geo: GeoLocator },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/rates',
    {
      schema: {
        security: [],
        tags,
        summary: 'Display exchange rates: units of each currency per naira',
        response: { 200: ratesResponseSchema },
      },
    },
    async (_request, reply) => {
      const snapshot = await deps.rates.current();
      // Same for everybody and slow-moving: browsers and proxies may keep it for 10 minutes.
      reply.header('Cache-Control', 'public, max-age=600');
      return {
        success: true as const,
        base: 'NGN' as const,
        rates: snapshot.rates,
        updatedAt: snapshot.updatedAt?.toISOString() ?? null,
        source: snapshot.source,
      };
    },
  );

  routes.get(
    '/api/geo',
    {
      schema: {
        security: [],
        tags,
        summary: 'The visitor’s country and currency, from their IP address (looked up by the server)',
        response: { 200: geoResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await deps.geo.locate(request.ip)) }),
  );
}
