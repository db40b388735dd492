import { koboToNaira } from '@cashtips/contract/money';
import {
  paymentOptionsResponseSchema,
  paymentReferenceSchema,
  verifyPaymentResponseSchema,
  walletMessages,
} from '@cashtips/contract/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MoneyRules } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { ExternalProvider } from '../../integrations/payments/gateway.ts';
import { errorResponses } from '../../lib/http.ts';
import { type Access, currentSession } from '../auth/access.ts';
import { getWalletBalances } from '../ledger/ledger.ts';
import type { WithdrawalsService } from '../payouts/withdrawals.service.ts';
import type { ProtectionService } from '../protection/protection.service.ts';
import { balancesInNaira } from '../wallet/wallet-events.ts';
import type { DepositRow, DepositsService } from './deposits.service.ts';

const tags = ['payments'];

const statusMessages: Record<DepositRow['status'], string> = {
  success: walletMessages.depositSuccess,
  pending: 'We are waiting for the payment provider to confirm your payment.',
  failed: 'The payment failed. No money was taken from your wallet.',
  abandoned: 'The payment was not completed.',
};

export function registerPaymentRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    access: Access;
    deposits: DepositsService;
    /** Paystack and Flutterwave send transfer (payout) events to the same webhook as payments. */
    withdrawals: WithdrawalsService;
    /** A signed-in user's own deposit limits set what they may deposit now (PRODUCT 13). */
    protection: Pick<ProtectionService, 'depositRoom'>;
    money: MoneyRules;
  },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/payments/options',
    {
      schema: {
        security: [],
        tags,
        summary:
          'Enabled payment methods and deposit limits; signed in: the most you may deposit now, within your own limits',
        response: { 200: paymentOptionsResponseSchema },
      },
    },
    async (request) => {
      const viewer = await deps.access.viewer(request);
      const room = viewer
        ? await deps.protection.depositRoom(viewer.userId, deps.money.maximumDepositNaira)
        : { maximum: deps.money.maximumDepositNaira, limit: null };
      return {
        success: true as const,
        providers: deps.deposits.enabledProviders(),
        minimumDeposit: deps.money.minimumDepositNaira,
        maximumDeposit: room.maximum,
        maximumDepositLimit: room.limit,
        minimumBonusWithdrawal: deps.money.minimumBonusWithdrawalNaira,
      };
    },
  );

  routes.get(
    '/api/payments/verify/:reference',
    {
      onRequest: deps.access.requireUser,
      schema: {
        tags,
        summary: 'Outcome of one of the user’s deposits, asking the provider while it is still open',
        security: [{ bearer: [] }],
        params: z.object({ reference: paymentReferenceSchema }),
        response: { 200: verifyPaymentResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const userId = currentSession(request).userId;
      const deposit = await deps.deposits.verifyForUser(userId, request.params.reference);
      return {
        success: true as const,
        reference: deposit.reference,
        provider: deposit.provider,
        status: deposit.status,
        amount: koboToNaira(deposit.amountKobo),
        message: statusMessages[deposit.status],
        confirmedAt: deposit.confirmedAt?.toISOString() ?? null,
        ...balancesInNaira(await getWalletBalances(deps.db, userId)),
      };
    },
  );

  // Webhooks are signed over the exact bytes sent, so this scope keeps the body as a Buffer.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const webhookRoutes = scope.withTypeProvider<ZodTypeProvider>();
    for (const provider of ['paystack', 'flutterwave', 'nowpayments'] as const satisfies ExternalProvider[]) {
      webhookRoutes.post(
        `/api/payments/${provider}/webhook`,
        {
          schema: {
            tags,
            summary: `${provider} payment or transfer notification (signature checked over the raw body)`,
            // The provider's signature, not a session, says who sent it.
            security: [],
            response: {
              200: z.object({ received: z.literal(true) }),
              ...errorResponses(400, 401, 404, 502),
            },
          },
        },
        async (request) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const notification = { rawBody, headers: request.headers };
          // Each reads only its own events (the deposits charges, the withdrawals transfers), after
          // checking the signature; what one ignores, the other may apply.
          await deps.deposits.handleWebhook(provider, notification);
          if (provider !== 'nowpayments') await deps.withdrawals.handleWebhook(provider, notification);
          return { received: true as const };
        },
      );
    }
  });
}
