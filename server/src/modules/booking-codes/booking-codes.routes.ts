import {
  bookingCodeListQuerySchema,
  bookingCodeListResponseSchema,
  bookingCodeResponseSchema,
  codeMessages,
  PAGE_HEADERS,
  purchasedCodesResponseSchema,
  purchaseRequestSchema,
  purchaseResultSchema,
  purchaseSummarySchema,
} from '@cashtips/contract/booking-codes';
import { messageResponseSchema } from '@cashtips/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '../../lib/http.ts';
import { pageInfo } from '../../lib/pages.ts';
import { PublicPageCache } from '../../lib/public-page-cache.ts';
import { type Access, currentSession } from '../auth/access.ts';
import type { BookingCodesService, CodeListQuery, Viewer } from './booking-codes.service.ts';

const tags = ['booking codes'];
const security = [{ bearer: [] }];

export function registerBookingCodeRoutes(
  app: FastifyInstance,
  deps: { access: Access; codes: BookingCodesService },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { access, codes } = deps;
  const listCache = new PublicPageCache<CodeListQuery>();
  codes.onChange(() => listCache.clear());

  /** Behind requireUser: buying and one's own purchases reveal codes whatever the role. */
  const buyerOf = (request: FastifyRequest): Viewer => ({
    userId: currentSession(request).userId,
    isAdmin: false,
  });

  async function sendList(query: CodeListQuery, viewer: Viewer | undefined, reply: FastifyReply) {
    // Visitors all see the same page: served from a short-lived cache as ready JSON.
    const page = viewer
      ? await codes
          .list(query, viewer)
          .then(({ codes: list, total }) => ({ json: JSON.stringify(list), total }))
      : await listCache.get(query, () =>
          codes.list(query, undefined).then(({ codes: items, total }) => ({ items, total })),
        );
    const { total, totalPages } = pageInfo(query.page, query.limit, page.total);
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.header(PAGE_HEADERS.total, String(total));
    reply.header(PAGE_HEADERS.totalPages, String(totalPages));
    return reply.send(page.json);
  }

  for (const path of ['/api/booking-codes', '/api/booking']) {
    routes.get(
      path,
      {
        schema: {
          tags,
          summary:
            path === '/api/booking'
              ? 'The booking code market (same list as /api/booking-codes)'
              : 'Booking codes, public; unbought codes are masked. Totals in X-Total-Count / X-Total-Pages',
          security: [{}, { bearer: [] }],
          querystring: bookingCodeListQuerySchema,
          response: { 200: bookingCodeListResponseSchema, ...errorResponses(400) },
        },
      },
      async (request, reply) => sendList(request.query, await access.viewer(request), reply),
    );
  }

  for (const path of ['/api/booking-codes/purchased', '/api/booking/purchased']) {
    routes.get(
      path,
      {
        onRequest: access.requireUser,
        schema: {
          tags,
          summary: 'The signed-in user’s purchased codes, full codes included',
          security,
          response: { 200: purchasedCodesResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => codes.purchased(buyerOf(request)),
    );
  }

  routes.get(
    '/api/booking-codes/purchased/summary',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'My Codes figures over every purchase, including those removed from the list',
        security,
        response: { 200: purchaseSummarySchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ success: true as const, ...(await codes.purchaseSummary(buyerOf(request))) }),
  );

  routes.get(
    '/api/booking-codes/:id',
    {
      schema: {
        security: [{}, { bearer: [] }],
        tags,
        summary: 'One booking code (masked unless bought)',
        params: idParams,
        response: { 200: bookingCodeResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => ({
      success: true as const,
      code: await codes.get(request.params.id, await access.viewer(request)),
    }),
  );

  routes.post(
    '/api/booking-codes/purchase/:id',
    {
      onRequest: access.requireUser,
      config: { committedMessage: codeMessages.purchaseSuccess },
      schema: {
        tags,
        summary: 'Buy a booking code from the main or bonus wallet',
        security,
        params: idParams,
        body: purchaseRequestSchema,
        response: { 200: purchaseResultSchema, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await codes.purchase(buyerOf(request), request.params.id, request.body.walletType)),
    }),
  );

  routes.delete(
    '/api/booking-codes/purchased/:id',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Remove a purchase from the user’s list (the code stays theirs)',
        security,
        params: idParams,
        response: { 200: messageResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      await codes.hidePurchase(buyerOf(request), request.params.id);
      return { success: true as const, message: codeMessages.removed };
    },
  );
}
