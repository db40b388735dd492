import { PAGE_HEADERS } from '@cashtips/contract/booking-codes';
import {
  rolloverMessages,
  rolloverPlanResponseSchema,
  rolloverPlansResponseSchema,
  rolloverSubscriptionsResponseSchema,
  rolloverTipsQuerySchema,
  rolloverTipsResponseSchema,
  subscribeRequestSchema,
  subscribeResultSchema,
} from '@cashtips/contract/rollover';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams, sendReadyJson } from '../../lib/http.ts';
import { pageInfo } from '../../lib/pages.ts';
import { type Access, currentSession } from '../auth/access.ts';
import type { RolloverService } from './rollover.service.ts';

const tags = ['rollover'];
const security = [{ bearer: [] }];

export function registerRolloverRoutes(
  app: FastifyInstance,
  deps: { access: Access; rollover: RolloverService },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { access, rollover } = deps;

  routes.get(
    '/api/rollover-plans',
    {
      schema: {
        security: [],
        tags,
        summary: 'Active rollover plans, newest update first (public)',
        response: { 200: rolloverPlansResponseSchema },
      },
    },
    async () => rollover.listPlans(),
  );

  routes.get(
    '/api/rollover/plans/:id',
    {
      schema: {
        security: [],
        tags,
        summary: 'One rollover plan',
        params: idParams,
        response: { 200: rolloverPlanResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => ({ success: true as const, plan: await rollover.getPlan(request.params.id) }),
  );

  routes.post(
    '/api/rollover-subscribe',
    {
      onRequest: access.requireUser,
      config: { committedMessage: rolloverMessages.subscribedPlain },
      schema: {
        tags,
        summary: 'Subscribe to a rollover plan from the main or bonus wallet',
        security,
        body: subscribeRequestSchema,
        response: { 200: subscribeResultSchema, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await rollover.subscribe(
        { userId: currentSession(request).userId },
        request.body.planId,
        request.body.walletType,
      )),
    }),
  );

  routes.get(
    '/api/rollover/my-subscriptions',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'The signed-in user’s subscriptions, running ones first',
        security,
        response: { 200: rolloverSubscriptionsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => rollover.mySubscriptions({ userId: currentSession(request).userId }),
  );

  // The spec's client calls both; PRODUCT 2 makes them one route.
  for (const path of ['/api/rollover/today', '/rollover/today']) {
    routes.get(
      path,
      {
        onRequest: access.requireUser,
        schema: {
          tags,
          summary: 'Today’s (Lagos) tips of every active plan; locked unless subscribed',
          security,
          response: { 200: rolloverTipsResponseSchema, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        // Already JSON (built by the view function when cached): sent as is, like the codes list.
        const json = await rollover.todayJson({ userId: currentSession(request).userId });
        return sendReadyJson(reply, json);
      },
    );
  }

  routes.get(
    '/api/rollover/all',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Recent rollover tips, newest first; locked unless subscribed. Totals in X-Total-Count',
        security,
        querystring: rolloverTipsQuerySchema,
        response: { 200: rolloverTipsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const { tips, total } = await rollover.all({ userId: currentSession(request).userId }, page, limit);
      const info = pageInfo(page, limit, total);
      reply.header(PAGE_HEADERS.total, String(info.total));
      reply.header(PAGE_HEADERS.totalPages, String(info.totalPages));
      return tips;
    },
  );
}
