import {
  balanceResponseSchema,
  depositRequestSchema,
  depositResponseSchema,
  pageQuerySchema,
  walletBalancesResponseSchema,
  walletMessages,
  walletTransactionsResponseSchema,
  withdrawBonusRequestSchema,
} from '@cashtips/contract/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/http.ts';
import { type Access, currentSession } from '../auth/access.ts';
import { getWalletBalances } from '../ledger/ledger.ts';
import type { DepositsService } from '../payments/deposits.service.ts';
import type { WalletService } from './wallet.service.ts';
import { balancesInNaira } from './wallet-events.ts';
import { walletHistory } from './wallet-history.ts';

const tags = ['wallet'];
const security = [{ bearer: [] }];

/** The optional `Idempotency-Key` header: a retried request with the same key moves money once. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  const key = Array.isArray(value) ? value[0] : value;
  if (key === undefined) return undefined;
  if (!/^[A-Za-z0-9_-]{8,100}$/.test(key)) {
    throw new AppError(
      'VALIDATION_FAILED',
      400,
      'The Idempotency-Key header must be 8 to 100 letters, digits, - or _.',
    );
  }
  return key;
}

export function registerWalletRoutes(
  app: FastifyInstance,
  deps: { db: Database; access: Access; wallet: WalletService; deposits: DepositsService },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { access } = deps;

  routes.get(
    '/api/wallets/balance',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Main and bonus wallet balances (naira)',
        security,
        response: { 200: balanceResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const balances = balancesInNaira(await getWalletBalances(deps.db, currentSession(request).userId));
      return { success: true as const, ...balances, wallet: balances.mainWallet };
    },
  );

  routes.post(
    '/api/wallet/deposit',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary:
          'Start a deposit: answers the provider checkout URL, or settles at once with the test provider',
        description:
          'Send an Idempotency-Key header: the same key again answers the same deposit, never a second one.',
        security,
        body: depositRequestSchema,
        response: { 201: depositResponseSchema, ...errorResponses(400, 401, 409, 429, 502, 503) },
      },
    },
    async (request, reply) => {
      const userId = currentSession(request).userId;
      const started = await deps.deposits.startDeposit(userId, request.body, idempotencyKey(request));
      const { deposit, authorizationUrl } = started;
      // A deposit credited at once answers the balances its own transaction left (nothing to read after it).
      const balances = balancesInNaira(
        'balances' in started && started.balances
          ? started.balances
          : await getWalletBalances(deps.db, userId),
      );
      const settled = deposit.status === 'success';
      return reply.status(201).send({
        success: true as const,
        message: settled ? walletMessages.depositSuccess : walletMessages.depositStarted,
        reference: deposit.reference,
        provider: deposit.provider,
        status: deposit.status,
        authorizationUrl,
        ...balances,
      });
    },
  );

  routes.post(
    '/api/wallet/withdraw-bonus',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Move bonus to the main wallet (once the bonus reaches the minimum)',
        description: 'Send an Idempotency-Key header to make a retried request move the money once.',
        security,
        body: withdrawBonusRequestSchema,
        response: { 200: walletBalancesResponseSchema, ...errorResponses(400, 401, 422) },
      },
    },
    async (request) => {
      const result = await deps.wallet.withdrawBonus(
        currentSession(request).userId,
        request.body.amount,
        idempotencyKey(request),
      );
      return { success: true as const, ...result };
    },
  );

  routes.get(
    '/api/wallet/transactions',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'The signed-in user’s wallet history (ledger entries), newest first',
        security,
        querystring: pageQuerySchema,
        response: { 200: walletTransactionsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await walletHistory(
        deps.db,
        currentSession(request).userId,
        request.query.page,
        request.query.limit,
      )),
    }),
  );
}
