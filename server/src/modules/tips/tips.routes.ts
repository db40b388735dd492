import { PAGE_HEADERS, settleRequestSchema } from '@cashtips/contract/booking-codes';
import { messageResponseSchema } from '@cashtips/contract/errors';
import {
  adminFreeTipResponseSchema,
  adminFreeTipsQuerySchema,
  adminFreeTipsResponseSchema,
  freeTipInputSchema,
  freeTipsQuerySchema,
  freeTipsResponseSchema,
  freeTipUpdateSchema,
  pastTipsQuerySchema,
  pastTipsResponseSchema,
  tipRecordResponseSchema,
} from '@cashtips/contract/tips';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams, sendReadyJson } from '../../lib/http.ts';
import { pageInfo } from '../../lib/pages.ts';
import { type Access, currentSession } from '../auth/access.ts';
import type { TipsService } from './tips.service.ts';

const tags = ['tips'];
const adminTags = ['admin'];
const security = [{ bearer: [] }];

export function registerTipRoutes(app: FastifyInstance, deps: { access: Access; tips: TipsService }): void {
  const { tips } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/tips',
    {
      schema: {
        security: [],
        tags,
        summary: 'Today’s (Lagos) free tips, public',
        querystring: freeTipsQuerySchema,
        response: { 200: freeTipsResponseSchema, ...errorResponses(400) },
      },
    },
    async (_request, reply) => sendReadyJson(reply, await tips.todayJson()),
  );

  routes.get(
    '/api/tips/past',
    {
      schema: {
        security: [],
        tags,
        summary: 'Settled and earlier free tips, newest first, with the record from settled results',
        querystring: pastTipsQuerySchema,
        response: { 200: pastTipsResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const past = await tips.pastPage(page, limit);
      const info = pageInfo(page, limit, past.total);
      reply.header(PAGE_HEADERS.total, String(info.total));
      reply.header(PAGE_HEADERS.totalPages, String(info.totalPages));
      return sendReadyJson(reply, past.json);
    },
  );

  routes.get(
    '/api/tips/record',
    {
      schema: {
        security: [],
        tags,
        summary: 'The free tips’ record: all time, the last 30 and 90 days, and week by week',
        response: { 200: tipRecordResponseSchema },
      },
    },
    async () => ({ success: true as const, ...(await tips.record()) }),
  );

  app.register(async (scope) => {
    scope.addHook('onRequest', deps.access.requireAdmin);
    const admin = scope.withTypeProvider<ZodTypeProvider>();

    admin.get(
      '/api/admin/tips',
      {
        schema: {
          tags: adminTags,
          summary: 'Free tips, newest kickoff first',
          security,
          querystring: adminFreeTipsQuerySchema,
          response: { 200: adminFreeTipsResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { tips: list, total } = await tips.adminList(request.query);
        return {
          success: true as const,
          tips: list,
          ...pageInfo(request.query.page, request.query.limit, total),
        };
      },
    );

    admin.post(
      '/api/admin/tips',
      {
        schema: {
          tags: adminTags,
          summary: 'Publish a free tip (its match is found or registered)',
          security,
          body: freeTipInputSchema,
          response: { 201: adminFreeTipResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          success: true as const,
          tip: await tips.create(currentSession(request).userId, request.body),
        }),
    );

    admin.get(
      '/api/admin/tips/:id',
      {
        schema: {
          tags: adminTags,
          summary: 'One free tip',
          security,
          params: idParams,
          response: { 200: adminFreeTipResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({ success: true as const, tip: await tips.adminGet(request.params.id) }),
    );

    admin.patch(
      '/api/admin/tips/:id',
      {
        schema: {
          tags: adminTags,
          summary: 'Edit a free tip',
          security,
          params: idParams,
          body: freeTipUpdateSchema,
          response: { 200: adminFreeTipResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        tip: await tips.update(currentSession(request).userId, request.params.id, request.body),
      }),
    );

    admin.delete(
      '/api/admin/tips/:id',
      {
        schema: {
          tags: adminTags,
          summary: 'Delete a free tip',
          security,
          params: idParams,
          response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        await tips.remove(currentSession(request).userId, request.params.id);
        return { success: true as const, message: 'Tip deleted.' };
      },
    );

    admin.post(
      '/api/admin/tips/:id/settle',
      {
        schema: {
          tags: adminTags,
          summary: 'Settle a free tip by hand as won, lost or void (a correction needs a reason)',
          security,
          params: idParams,
          body: settleRequestSchema,
          response: { 200: adminFreeTipResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => ({
        success: true as const,
        tip: await tips.settle(
          currentSession(request).userId,
          request.params.id,
          request.body.result,
          request.body.reason,
        ),
      }),
    );
  });
}
