import {
  adjustmentRequestSchema,
  adjustmentResponseSchema,
  adminDepositsQuerySchema,
  adminDepositsResponseSchema,
  adminDepositVerifyResponseSchema,
  adminOverviewResponseSchema,
  adminUserDetailResponseSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  adminUserTransactionsResponseSchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
  updateUserRoleRequestSchema,
} from '@cashtips/contract/admin';
import { pageQuerySchema } from '@cashtips/contract/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { errorResponses, idParams } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { type Access, currentSession } from '../auth/access.ts';
import { findUserById } from '../users/users.repository.ts';
import { idempotencyKey } from '../wallet/wallet.routes.ts';
import { walletHistory } from '../wallet/wallet-history.ts';
import type { AdminDepositsService } from './admin-deposits.service.ts';
import type { AdminOverviewService } from './admin-overview.service.ts';
import type { AdminUsersService } from './admin-users.service.ts';
import { listAudit } from './audit-log.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** Everything under /api/admin: 401 without a session, 403 for a signed-in user who is not an admin. */
export function registerAdminRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    access: Access;
    users: AdminUsersService;
    deposits: AdminDepositsService;
    overview: AdminOverviewService;
  },
): void {
  app.register(async (scope) => {
    // onRequest: a caller without the right is refused before their input is even read.
    scope.addHook('onRequest', deps.access.requireAdmin);
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/admin/overview',
      {
        schema: {
          tags,
          summary: 'Users, deposits, revenue, subscriptions, work to do, and 90 Lagos days of figures',
          security,
          response: { 200: adminOverviewResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async () => ({ success: true as const, ...(await deps.overview.overview()) }),
    );

    routes.get(
      '/api/admin/users',
      {
        schema: {
          tags,
          summary: 'Search users by email, name, phone or referral code',
          security,
          querystring: adminUsersQuerySchema,
          response: { 200: adminUsersResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({ success: true as const, ...(await deps.users.search(request.query)) }),
    );

    routes.get(
      '/api/admin/users/:id',
      {
        schema: {
          tags,
          summary: 'One user with balances, referrer and recent deposits',
          security,
          params: idParams,
          response: { 200: adminUserDetailResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({ success: true as const, ...(await deps.users.detail(request.params.id)) }),
    );

    routes.get(
      '/api/admin/users/:id/transactions',
      {
        schema: {
          tags,
          summary: 'A user’s ledger entries, newest first',
          security,
          params: idParams,
          querystring: pageQuerySchema,
          response: { 200: adminUserTransactionsResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = isUuid(request.params.id) ? await findUserById(deps.db, request.params.id) : undefined;
        if (!user) throw notFound('User not found.');
        return {
          success: true as const,
          ...(await walletHistory(deps.db, user.id, request.query.page, request.query.limit)),
        };
      },
    );

    routes.post(
      '/api/admin/users/:id/adjust',
      {
        schema: {
          tags,
          summary: 'Credit (positive amount) or debit (negative) a wallet, with a required reason; audited',
          description: 'Send an Idempotency-Key header to make a retried request move the money once.',
          security,
          params: idParams,
          body: adjustmentRequestSchema,
          response: { 200: adjustmentResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await deps.users.adjust(
          currentSession(request).userId,
          request.params.id,
          request.body,
          idempotencyKey(request),
        )),
      }),
    );

    routes.patch(
      '/api/admin/users/:id',
      {
        schema: {
          tags,
          summary: 'Change a user’s role; audited',
          security,
          params: idParams,
          body: updateUserRoleRequestSchema,
          response: { 200: adminUserResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => ({
        success: true as const,
        user: await deps.users.setRole(currentSession(request).userId, request.params.id, request.body.role),
      }),
    );

    routes.get(
      '/api/admin/deposits',
      {
        schema: {
          tags,
          summary: 'Deposits, newest first, by status, provider, reference or email',
          security,
          querystring: adminDepositsQuerySchema,
          response: { 200: adminDepositsResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({ success: true as const, ...(await deps.deposits.list(request.query)) }),
    );

    routes.post(
      '/api/admin/deposits/:id/verify',
      {
        schema: {
          tags,
          summary: 'Ask the provider about a deposit and credit it if paid; audited',
          security,
          params: idParams,
          response: { 200: adminDepositVerifyResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await deps.deposits.verify(currentSession(request).userId, request.params.id)),
      }),
    );

    routes.get(
      '/api/admin/audit-log',
      {
        schema: {
          tags,
          summary: 'Every admin action, newest first',
          security,
          querystring: auditLogQuerySchema,
          response: { 200: auditLogResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({ success: true as const, ...(await listAudit(deps.db, request.query)) }),
    );
  });
}
