import {
  closeAccountSchema,
  closingStatusSchema,
  DATA_EXPORTS_PER_HOUR,
  dataExportFileName,
  dataExportSchema,
  dataRightsMessages,
} from '@cashtips/contract/data-rights';
import { messageResponseSchema } from '@cashtips/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http.ts';
import { type Access, currentSession } from '../auth/access.ts';
import type { DataRightsService } from './data-rights.service.ts';

const security = [{ bearer: [] }];

/** Data rights (PRODUCT 13): the signed-in user's copy of their data, and closing their account. */
export function registerDataRightsRoutes(
  app: FastifyInstance,
  deps: { access: Access; dataRights: DataRightsService },
): void {
  const { dataRights } = deps;
  app.register(async (scope) => {
    scope.addHook('onRequest', deps.access.requireUser);
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/users/me/export',
      {
        schema: {
          tags: ['account'],
          summary: `Everything held about you, as one JSON file (at most ${DATA_EXPORTS_PER_HOUR} an hour)`,
          security,
          response: { 200: dataExportSchema, ...errorResponses(401, 429) },
        },
      },
      async (request, reply) => {
        const data = await dataRights.export(currentSession(request).userId);
        reply.header(
          'Content-Disposition',
          `attachment; filename="${dataExportFileName(new Date(data.exportedAt))}"`,
        );
        return data;
      },
    );

    routes.get(
      '/api/users/me/closing',
      {
        schema: {
          tags: ['account'],
          summary: 'Whether your account can be closed now, and if not, why',
          security,
          response: { 200: closingStatusSchema, ...errorResponses(401) },
        },
      },
      (request) => dataRights.closingStatus(currentSession(request).userId),
    );

    routes.post(
      '/api/users/me/delete/check',
      {
        schema: {
          tags: ['account'],
          summary:
            'The closing’s first step: checks the password and the second factor (without spending it) and the refusals; closes nothing',
          security,
          body: closeAccountSchema,
          response: { 200: messageResponseSchema, ...errorResponses(400, 401, 422, 429) },
        },
      },
      async (request) => {
        await dataRights.checkClose(currentSession(request).userId, request.body, request.ip);
        return { success: true as const, message: dataRightsMessages.closeChecked };
      },
    );

    routes.post(
      '/api/users/me/delete',
      {
        schema: {
          tags: ['account'],
          summary: 'Close your account: the identity is erased, money records are kept without it',
          security,
          body: closeAccountSchema,
          response: { 200: messageResponseSchema, ...errorResponses(400, 401, 422, 429) },
        },
      },
      async (request) => {
        await dataRights.close(currentSession(request).userId, request.body, request.ip);
        return { success: true as const, message: dataRightsMessages.accountClosed };
      },
    );
  });
}
