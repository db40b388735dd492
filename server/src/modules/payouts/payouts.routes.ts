import {
  adminWithdrawalResponseSchema,
  adminWithdrawalsQuerySchema,
  adminWithdrawalsResponseSchema,
  banksResponseSchema,
  payoutAccountLookupResponseSchema,
  payoutAccountLookupSchema,
  payoutAccountRequestSchema,
  payoutAccountResponseSchema,
  rejectWithdrawalSchema,
  withdrawalsResponseSchema,
  withdrawOptionsResponseSchema,
  withdrawRequestSchema,
  withdrawResponseSchema,
} from '@cashtips/contract/payouts';
import { pageQuerySchema } from '@cashtips/contract/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '../../lib/http.ts';
import { type Access, currentSession } from '../auth/access.ts';
import { idempotencyKey } from '../wallet/wallet.routes.ts';
import type { PayoutAccountsService } from './payout-accounts.service.ts';
import { toPayoutAccountView } from './withdrawal-view.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

const tags = ['wallet'];
const security = [{ bearer: [] }];

/** Money out (PRODUCT 11): the payout account and the user's withdrawals. */
export function registerPayoutRoutes(
  app: FastifyInstance,
  deps: { access: Access; accounts: PayoutAccountsService; withdrawals: WithdrawalsService },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { access, accounts, withdrawals } = deps;

  routes.get(
    '/api/wallet/banks',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Nigerian banks the payout provider pays to, sorted by name (cached a day)',
        security,
        response: { 200: banksResponseSchema, ...errorResponses(401, 502, 503) },
      },
    },
    async () => ({ success: true as const, banks: await accounts.banks() }),
  );

  routes.post(
    '/api/wallet/payout-account/lookup',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'The name the bank has for an account, for the user to confirm (rate-limited)',
        security,
        body: payoutAccountLookupSchema,
        response: {
          200: payoutAccountLookupResponseSchema,
          ...errorResponses(400, 401, 422, 429, 502, 503),
        },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await accounts.lookup(currentSession(request).userId, request.body)),
    }),
  );

  routes.get(
    '/api/wallet/payout-account',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'The account withdrawals are paid to (number masked), or null',
        security,
        response: { 200: payoutAccountResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const account = await accounts.current(currentSession(request).userId);
      return { success: true as const, account: account ? toPayoutAccountView(account) : null };
    },
  );

  routes.put(
    '/api/wallet/payout-account',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Set or replace the payout account (password, and the code when two-factor is on)',
        description:
          'The account name comes from the provider. A replaced account can receive withdrawals 24 hours later; the user is told by notification and e-mail.',
        security,
        body: payoutAccountRequestSchema,
        response: {
          200: payoutAccountResponseSchema,
          ...errorResponses(400, 401, 422, 429, 502, 503),
        },
      },
    },
    async (request) => {
      const { account } = await accounts.save(currentSession(request).userId, request.body, request.ip);
      return { success: true as const, account: toPayoutAccountView(account) };
    },
  );

  routes.get(
    '/api/wallet/withdraw-options',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Withdrawal limits (naira) and what is left of the daily maximum',
        security,
        response: { 200: withdrawOptionsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await withdrawals.options(currentSession(request).userId)),
    }),
  );

  routes.post(
    '/api/wallet/withdraw',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Withdraw from the main wallet to the payout account; the amount is held at once',
        description:
          'Send an Idempotency-Key header: the same key again answers the same withdrawal; the key with another amount is 409.',
        security,
        body: withdrawRequestSchema,
        response: { 201: withdrawResponseSchema, ...errorResponses(400, 401, 409, 422, 503) },
      },
    },
    async (request, reply) => {
      const result = await withdrawals.request(
        currentSession(request).userId,
        request.body.amount,
        idempotencyKey(request),
      );
      return reply.status(201).send({ success: true as const, ...result });
    },
  );

  routes.get(
    '/api/wallet/withdrawals',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'The user’s own withdrawals, newest first',
        security,
        querystring: pageQuerySchema,
        response: { 200: withdrawalsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await withdrawals.list(currentSession(request).userId, request.query.page, request.query.limit)),
    }),
  );

  routes.post(
    '/api/wallet/withdrawals/:id/cancel',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Cancel a withdrawal still in review: the money returns to the main wallet',
        security,
        params: idParams,
        response: { 200: withdrawResponseSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await withdrawals.cancel(currentSession(request).userId, request.params.id)),
    }),
  );
}

/** The review queue (admins only): 401 without a session, 403 for a user who is not an admin. */
export function registerAdminWithdrawalRoutes(
  app: FastifyInstance,
  deps: { access: Access; withdrawals: WithdrawalsService },
): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', deps.access.requireAdmin);
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const adminTags = ['admin'];

    routes.get(
      '/api/admin/withdrawals',
      {
        schema: {
          tags: adminTags,
          summary: 'Withdrawals by status and user; the review and processing queues oldest first',
          security,
          querystring: adminWithdrawalsQuerySchema,
          response: { 200: adminWithdrawalsResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({ success: true as const, ...(await deps.withdrawals.adminList(request.query)) }),
    );

    routes.post(
      '/api/admin/withdrawals/:id/approve',
      {
        schema: {
          tags: adminTags,
          summary: 'Approve a withdrawal in review: its transfer is sent; audited',
          security,
          params: idParams,
          response: { 200: adminWithdrawalResponseSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await deps.withdrawals.approve(currentSession(request).userId, request.params.id)),
      }),
    );

    routes.post(
      '/api/admin/withdrawals/:id/reject',
      {
        schema: {
          tags: adminTags,
          summary: 'Reject a withdrawal in review with a reason the user reads; the money goes back; audited',
          security,
          params: idParams,
          body: rejectWithdrawalSchema,
          response: { 200: adminWithdrawalResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await deps.withdrawals.reject(
          currentSession(request).userId,
          request.params.id,
          request.body.reason,
        )),
      }),
    );
  });
}
