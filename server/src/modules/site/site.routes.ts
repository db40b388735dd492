import {
  siteResponseSchema,
  siteSettingsResponseSchema,
  siteSettingsUpdateSchema,
} from '@cashtips/contract/site';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http.ts';
import { type Access, currentSession } from '../auth/access.ts';
import type { SiteService } from './site.service.ts';

const security = [{ bearer: [] }];

export function registerSiteRoutes(app: FastifyInstance, deps: { access: Access; site: SiteService }): void {
  const { site } = deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/site',
    {
      schema: {
        security: [],
        tags: ['site'],
        summary:
          'The landing figures (measured, or an admin’s no higher; null = hidden), the verified record of free tips and the community links',
        response: { 200: siteResponseSchema },
      },
    },
    async () => ({ success: true as const, ...(await site.publicSite()) }),
  );

  app.register(async (scope) => {
    scope.addHook('onRequest', deps.access.requireAdmin);
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.get(
      '/api/admin/settings',
      {
        schema: {
          tags: ['admin'],
          summary: 'Site settings: landing figures (as set, measured and shown) and community links',
          security,
          response: { 200: siteSettingsResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async () => ({ success: true as const, ...(await site.adminSettings()) }),
    );
    admin.put(
      '/api/admin/settings',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Change site settings (partial); a users or accuracy figure above the measured one is refused (422)',
          security,
          body: siteSettingsUpdateSchema,
          response: { 200: siteSettingsResponseSchema, ...errorResponses(400, 401, 403, 422) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await site.update(currentSession(request).userId, request.body)),
      }),
    );
  });
}
