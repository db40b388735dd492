import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeNaira, nairaToKobo } from '@cashtips/contract/money';
import type { DepositStatus, PaymentProvider, PaymentProviderOption } from '@cashtips/contract/wallet';
import { and, count, desc, eq, gte, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MoneyRules } from '../../config/env.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { deposits, users } from '../../db/schema/index.ts';
import { type AfterCommit, inTransaction } from '../../db/transaction.ts';
import {
  type ExternalProvider,
  type PaymentGateway,
  ProviderError,
  type ProviderPayment,
  type WebhookRequest,
} from '../../integrations/payments/gateway.ts';
import { AppError, invalidField, notFound, rateLimited } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { addActivity, announceActivity } from '../activity/activity.ts';
import { balancesAfter, moveMoney, type WalletBalances } from '../ledger/ledger.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { ProtectionService } from '../protection/protection.service.ts';
import { referralBonusFor } from '../referrals/referral-rules.ts';
import { findUserById } from '../users/users.repository.ts';
import { announceWalletBalances } from '../wallet/wallet-events.ts';

export type DepositRow = typeof deposits.$inferSelect;

/** What became of a provider's confirmation; logged, and tested for "credits exactly once". */
export type ConfirmationOutcome =
  | 'credited'
  | 'already-credited'
  | 'marked-failed'
  | 'still-pending'
  | 'rejected-mismatch'
  | 'unknown-reference';

const providerOrder: PaymentProvider[] = ['paystack', 'flutterwave', 'nowpayments', 'dev'];

const devProvider: PaymentProviderOption = {
  id: 'dev',
  label: 'Test payment',
  description: 'Instant test deposit (development only)',
};

export interface DepositsServiceDeps {
  db: Database;
  clock: Clock;
  gateways: Map<ExternalProvider, PaymentGateway>;
  devPayments: boolean;
  money: MoneyRules;
  publicUrl: string;
  realtime: Realtime;
  limiter: RateLimiter;
  logger: FastifyBaseLogger;
  notifications: NotificationsService;
  /** Refuses a deposit while restricted or over the user's own limits (PRODUCT 13). */
  protection: Pick<ProtectionService, 'checkDeposit'>;
}

/** How long a repeated request waits for the first one with its key to finish starting the deposit. */
const REPLAY_WAIT_MS = 10_000;
const REPLAY_POLL_MS = 100;
/** How far back a closing account's open deposits are checked with the provider, and how many. */
const CLOSING_CHECK_LOOKBACK_MS = 24 * 3_600_000;
const CLOSING_CHECK_MOST = 5;

function newReference(): string {
  return `CT-${Date.now().toString(36).toUpperCase()}-${randomBytes(6).toString('hex').toUpperCase()}`;
}

export class DepositsService {
  constructor(private readonly deps: DepositsServiceDeps) {}

  enabledProviders(): PaymentProviderOption[] {
    return providerOrder.flatMap((id): PaymentProviderOption[] => {
      if (id === 'dev') return this.deps.devPayments ? [devProvider] : [];
      const gateway = this.deps.gateways.get(id);
      return gateway ? [{ id, label: gateway.label, description: gateway.description }] : [];
    });
  }

  /**
   * Starts a deposit. With an Idempotency-Key (`requestKey`), the same key again is the same deposit:
   * answered as it stands (its checkout page, or its credit with the test provider), never a second
   * deposit or credit, however many requests arrive at once (one row per user and key, enforced by
   * a unique index; the requests that lose the insert answer with the one that won it).
   */
  async startDeposit(
    userId: string,
    request: { amount: number; provider?: PaymentProvider | undefined },
    requestKey?: string,
  ) {
    const { money } = this.deps;
    if (request.amount > money.maximumDepositNaira) {
      throw invalidField(
        'amount',
        `Maximum deposit amount is ₦${money.maximumDepositNaira.toLocaleString('en-NG')}`,
      );
    }
    const enabled = this.enabledProviders();
    const provider = request.provider ?? enabled[0]?.id;
    if (!provider) {
      throw new AppError(
        'PAYMENT_PROVIDER_ERROR',
        503,
        'Deposits are not available right now. Please try again later.',
      );
    }
    if (!enabled.some((option) => option.id === provider)) {
      throw invalidField('provider', 'That payment method is not available.');
    }
    const amountKobo = nairaToKobo(request.amount);
    if (requestKey) {
      const earlier = await this.depositForKey(userId, requestKey);
      if (earlier) return this.replay(earlier, { amountKobo, provider });
    }
    const limit = await this.deps.limiter.hit({
      key: `deposit:user:${userId}`,
      limit: 20,
      windowSeconds: 600,
    });
    if (!limit.allowed)
      throw rateLimited(limit.retryAfterSeconds, 'Too many deposit attempts. Please wait a few minutes.');

    const user = await findUserById(this.deps.db, userId);
    if (!user) throw notFound('Account not found.');
    const now = this.deps.clock.now();
    const reference = newReference();
    // With the user's row locked by the check: deposits started at once count one after the other.
    const deposit = await inTransaction(this.deps.db, async (tx) => {
      await this.deps.protection.checkDeposit(tx, userId, amountKobo, now);
      const [inserted] = await tx
        .insert(deposits)
        .values({
          userId,
          reference,
          provider,
          amountKobo,
          requestKey: requestKey ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: [deposits.userId, deposits.requestKey] })
        .returning();
      return inserted;
    });
    if (!deposit) {
      // Another request with the same key inserted first.
      const earlier = requestKey ? await this.depositForKey(userId, requestKey) : undefined;
      if (!earlier) throw new Error('a deposit insert conflicted without an earlier deposit for its key');
      return this.replay(earlier, { amountKobo, provider });
    }

    if (provider === 'dev') {
      const { outcome, balances } = await this.confirm('dev', {
        reference,
        status: 'success',
        amountKobo,
        currency: 'NGN',
        providerTransactionId: null,
      });
      if (outcome !== 'credited') throw new Error(`the test provider's deposit was not credited: ${outcome}`);
      return {
        deposit: { ...deposit, status: 'success' as const, confirmedAt: now },
        authorizationUrl: null,
        balances,
      };
    }

    const gateway = this.gateway(provider);
    const returnUrl = `${this.deps.publicUrl}/payments/return?reference=${encodeURIComponent(reference)}`;
    try {
      const checkout = await gateway.createCheckout({
        reference,
        amountKobo,
        email: user.email,
        customerName: `${user.firstName} ${user.lastName}`,
        returnUrl,
        notifyUrl: `${this.deps.publicUrl}/api/payments/${provider}/webhook`,
      });
      const [updated] = await this.deps.db
        .update(deposits)
        .set({
          checkoutUrl: checkout.authorizationUrl,
          providerTransactionId: checkout.providerTransactionId,
          updatedAt: this.deps.clock.now(),
        })
        .where(eq(deposits.id, deposit.id))
        .returning();
      return { deposit: updated ?? deposit, authorizationUrl: checkout.authorizationUrl };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.deps.logger.warn(
        { provider, reference, reason: error.message },
        'payment provider refused a checkout',
      );
      await this.deps.db
        .update(deposits)
        .set({
          status: 'failed',
          failureReason: 'The provider could not start the payment.',
          updatedAt: this.deps.clock.now(),
        })
        .where(and(eq(deposits.id, deposit.id), eq(deposits.status, 'pending')));
      throw new AppError(
        'PAYMENT_PROVIDER_ERROR',
        502,
        'The payment provider could not be reached. Please try again in a moment.',
      );
    }
  }

  private async depositForKey(userId: string, requestKey: string): Promise<DepositRow | undefined> {
    return this.deps.db.query.deposits.findFirst({
      where: and(eq(deposits.userId, userId), eq(deposits.requestKey, requestKey)),
    });
  }

  /**
   * The answer to a repeated request: the deposit its key started, once that request has finished
   * starting it (credited with the test provider, or given its checkout page). A key sent with
   * another amount or method is a mistake, refused rather than guessed at.
   */
  private async replay(
    earlier: DepositRow,
    request: { amountKobo: bigint; provider: PaymentProvider },
  ): Promise<{ deposit: DepositRow; authorizationUrl: string | null }> {
    if (earlier.amountKobo !== request.amountKobo || earlier.provider !== request.provider) {
      throw new AppError(
        'CONFLICT',
        409,
        'This Idempotency-Key was already used for another deposit. Send a new key for a new deposit.',
      );
    }
    let deposit = earlier;
    const startedBy = (row: DepositRow) =>
      row.status !== 'pending' || (row.provider !== 'dev' && row.checkoutUrl !== null);
    for (let waited = 0; !startedBy(deposit) && waited < REPLAY_WAIT_MS; waited += REPLAY_POLL_MS) {
      await sleep(REPLAY_POLL_MS);
      deposit = await this.findByReference(deposit.reference);
    }
    if (!startedBy(deposit)) {
      throw new AppError(
        'CONFLICT',
        409,
        'This deposit is still being started. Please try again in a moment.',
      );
    }
    if (deposit.status === 'failed' && !deposit.checkoutUrl) {
      // The first request could not start it with the provider; so answered, so answered again.
      throw new AppError(
        'PAYMENT_PROVIDER_ERROR',
        502,
        'The payment provider could not be reached. Please try again in a moment.',
      );
    }
    return { deposit, authorizationUrl: deposit.checkoutUrl };
  }

  /** A provider's notification: signature checked by the adapter, then applied like any confirmation. */
  async handleWebhook(
    provider: ExternalProvider,
    request: WebhookRequest,
  ): Promise<ConfirmationOutcome | 'ignored'> {
    const gateway = this.gateway(provider);
    let payment: ProviderPayment | null;
    try {
      payment = await gateway.readWebhook(request);
    } catch (error) {
      if (error instanceof ProviderError) {
        // Answering 502 makes the provider retry later, when its API answers again.
        this.deps.logger.warn({ provider, reason: error.message }, 'could not read back a notified payment');
        throw new AppError(
          'PAYMENT_PROVIDER_ERROR',
          502,
          'The payment could not be checked with the provider yet.',
        );
      }
      throw error;
    }
    if (!payment) return 'ignored';
    return this.applyPayment(provider, payment);
  }

  /** The return page and the admin: asks the provider about a still-open deposit, then applies the answer. */
  async refreshFromProvider(deposit: DepositRow): Promise<DepositRow> {
    if (deposit.status === 'success' || deposit.provider === 'dev') return deposit;
    const gateway = this.deps.gateways.get(deposit.provider);
    if (!gateway) return deposit;
    let payment: ProviderPayment | null;
    try {
      payment = await gateway.fetchPayment({
        reference: deposit.reference,
        providerTransactionId: deposit.providerTransactionId,
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.deps.logger.warn(
        { reference: deposit.reference, reason: error.message },
        'payment verification failed',
      );
      return deposit;
    }
    if (payment) await this.applyPayment(deposit.provider, payment);
    return this.findByReference(deposit.reference);
  }

  /**
   * Before an account closes: asks the provider about the user's deposits still open from the last
   * day, so one paid whose confirmation has not arrived yet is credited now (and the closure is then
   * refused for the money in the wallet) rather than after the account is gone. A provider that
   * cannot be asked leaves the deposit as it is.
   */
  async settleOpenDepositsOf(userId: string): Promise<void> {
    const since = new Date(this.deps.clock.now().getTime() - CLOSING_CHECK_LOOKBACK_MS);
    const open = await this.deps.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, userId), eq(deposits.status, 'pending'), gte(deposits.createdAt, since)))
      .orderBy(desc(deposits.createdAt))
      .limit(CLOSING_CHECK_MOST);
    for (const deposit of open) {
      try {
        await this.refreshFromProvider(deposit);
      } catch (error) {
        this.deps.logger.warn(
          { err: error, reference: deposit.reference },
          'could not check an open deposit before closing the account',
        );
      }
    }
  }

  async verifyForUser(userId: string, reference: string) {
    const deposit = await this.deps.db.query.deposits.findFirst({
      where: and(eq(deposits.reference, reference), eq(deposits.userId, userId)),
    });
    // Someone else's reference answers exactly like one that does not exist.
    if (!deposit) throw notFound('We could not find that payment.');
    return this.refreshFromProvider(deposit);
  }

  async findByReference(reference: string): Promise<DepositRow> {
    const deposit = await this.deps.db.query.deposits.findFirst({ where: eq(deposits.reference, reference) });
    if (!deposit) throw notFound('We could not find that payment.');
    return deposit;
  }

  /**
   * The one place a deposit is settled. The deposit row is locked, the provider's account is checked
   * against it (status, amount, currency), and the wallet is credited through the ledger under the
   * key `deposit:<reference>`: however often and however concurrently a confirmation arrives, it
   * credits once.
   */
  async applyPayment(provider: PaymentProvider, payment: ProviderPayment): Promise<ConfirmationOutcome> {
    return (await this.confirm(provider, payment)).outcome;
  }

  /**
   * Applies a confirmation in one transaction; a credit also answers the balances the ledger left,
   * so an answer about it needs no read after the commit (a read that could fail and make a
   * request whose money moved look failed).
   */
  private async confirm(
    provider: PaymentProvider,
    payment: ProviderPayment,
  ): Promise<{ outcome: ConfirmationOutcome; balances: WalletBalances | undefined }> {
    const log = this.deps.logger;
    let balances: WalletBalances | undefined;
    const outcome = await inTransaction(
      this.deps.db,
      async (tx, afterCommit) => {
        const [deposit] = await tx
          .select()
          .from(deposits)
          .where(eq(deposits.reference, payment.reference))
          .for('update');
        if (!deposit || deposit.provider !== provider) return 'unknown-reference' as const;
        if (deposit.status === 'success') return 'already-credited' as const;
        const now = this.deps.clock.now();

        if (payment.status !== 'success') {
          if (payment.status === 'pending' || deposit.status !== 'pending') {
            if (payment.providerTransactionId && !deposit.providerTransactionId) {
              await tx
                .update(deposits)
                .set({ providerTransactionId: payment.providerTransactionId, updatedAt: now })
                .where(eq(deposits.id, deposit.id));
            }
            return 'still-pending' as const;
          }
          await this.setStatus(tx, deposit, payment.status, now, {
            failureReason:
              payment.status === 'abandoned' ? 'The payment was not completed.' : 'The payment failed.',
            providerTransactionId: payment.providerTransactionId,
          });
          afterCommit(() =>
            this.notify(deposit.userId, {
              icon: 'wallet',
              color: 'red',
              title: 'Deposit not completed',
              description: `Your deposit of ${describeNaira(deposit.amountKobo)} (${deposit.reference}) was not completed.`,
            }),
          );
          return 'marked-failed' as const;
        }

        const mismatch = describeMismatch(deposit, payment);
        if (mismatch) {
          log.warn(
            { provider, reference: deposit.reference, mismatch },
            'payment does not match its deposit',
          );
          await this.setStatus(tx, deposit, 'failed', now, {
            failureReason: `Not credited: ${mismatch}.`,
            providerTransactionId: payment.providerTransactionId,
          });
          return 'rejected-mismatch' as const;
        }

        balances = await this.credit(tx, afterCommit, deposit, now);
        await this.setStatus(tx, deposit, 'success', now, {
          failureReason: null,
          providerTransactionId: payment.providerTransactionId,
          confirmedAt: now,
        });
        return 'credited' as const;
      },
      (error) => log.warn({ err: error }, 'announcing a deposit failed'),
    );
    log.info({ provider, reference: payment.reference, outcome }, 'payment confirmation applied');
    return { outcome, balances: outcome === 'credited' ? balances : undefined };
  }

  private async credit(tx: Transaction, afterCommit: AfterCommit, deposit: DepositRow, now: Date) {
    const [depositor] = await tx
      .select({
        closedAt: users.closedAt,
        referrerId: users.referredByUserId,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(users)
      .where(eq(users.id, deposit.userId));
    if (depositor?.closedAt) {
      // The books must hold the money the provider took; the person behind it is gone.
      this.deps.logger.warn(
        { provider: deposit.provider, reference: deposit.reference, amountKobo: String(deposit.amountKobo) },
        'a payment arrived for a closed account: credited to its wallet; refund it at the provider',
      );
    }
    const amount = describeNaira(deposit.amountKobo);
    const movement = await moveMoney(tx, {
      kind: 'deposit',
      idempotencyKey: `deposit:${deposit.reference}`,
      description: `Deposit via ${providerName(deposit.provider)}`,
      reference: deposit.reference,
      postings: [
        { account: { userId: deposit.userId, wallet: 'main' }, amountKobo: deposit.amountKobo },
        { account: { system: `provider:${deposit.provider}` }, amountKobo: -deposit.amountKobo },
      ],
    });
    const depositorActivity = await addActivity(tx, deposit.userId, now, {
      icon: 'wallet',
      color: 'green',
      title: 'Deposit received',
      description: `${amount} was added to your main wallet.`,
    });
    const notice = await this.deps.notifications.record(
      tx,
      {
        source: 'product',
        kind: 'deposit',
        audience: 'user',
        userId: deposit.userId,
        title: 'Deposit confirmed',
        message: `${amount} is in your main wallet.`,
        type: 'success',
        link: '/wallet',
        dedupeKey: `deposit:${deposit.reference}`,
      },
      [
        {
          userId: deposit.userId,
          title: 'Deposit confirmed',
          message: `${amount} is in your main wallet, ready for codes and plans.`,
          type: 'success',
          link: '/wallet',
        },
      ],
    );
    afterCommit(async () => {
      announceActivity(this.deps.realtime, deposit.userId, depositorActivity);
      announceWalletBalances(this.deps.realtime, deposit.userId, balancesAfter(movement, deposit.userId));
      this.deps.notifications.announce(notice);
    });
    if (depositor) await this.creditReferrer(tx, afterCommit, deposit, depositor, now);
    return balancesAfter(movement, deposit.userId);
  }

  /** The referrer earns once, on the referred user's first confirmed deposit (key `referral:<user>`). */
  private async creditReferrer(
    tx: Transaction,
    afterCommit: AfterCommit,
    deposit: DepositRow,
    depositor: { referrerId: string | null; firstName: string; lastName: string },
    now: Date,
  ) {
    if (!depositor.referrerId) return;
    const [earlier] = await tx
      .select({ value: count() })
      .from(deposits)
      .where(
        and(eq(deposits.userId, deposit.userId), eq(deposits.status, 'success'), ne(deposits.id, deposit.id)),
      );
    if ((earlier?.value ?? 0) > 0) return;
    const bonusKobo = referralBonusFor(deposit.amountKobo, this.deps.money);
    if (bonusKobo <= 0n) return;
    const referrerId = depositor.referrerId;
    const friend = `${depositor.firstName} ${depositor.lastName.slice(0, 1)}.`;
    const movement = await moveMoney(tx, {
      kind: 'referral_bonus',
      idempotencyKey: `referral:${deposit.userId}`,
      description: `Referral bonus: ${friend}'s first deposit`,
      reference: deposit.userId,
      postings: [
        { account: { userId: referrerId, wallet: 'bonus' }, amountKobo: bonusKobo },
        { account: { system: 'expense:referral-bonus' }, amountKobo: -bonusKobo },
      ],
    });
    if (!movement.applied) return;
    const referrerActivity = await addActivity(tx, referrerId, now, {
      icon: 'gift',
      color: 'lime',
      title: 'Referral bonus earned',
      description: `${friend} made a first deposit: ${describeNaira(bonusKobo)} was added to your bonus wallet.`,
    });
    const friendActivity = await addActivity(tx, deposit.userId, now, {
      icon: 'gift',
      color: 'lime',
      title: 'Welcome bonus for your referrer',
      description: 'Your first deposit earned the friend who invited you a referral bonus. Thank you!',
    });
    const bonus = describeNaira(bonusKobo);
    const notice = await this.deps.notifications.record(
      tx,
      {
        source: 'product',
        kind: 'referral-bonus',
        audience: 'user',
        userId: referrerId,
        title: 'Referral bonus earned',
        message: `${bonus} from ${friend}'s first deposit.`,
        type: 'success',
        link: '/referral',
        dedupeKey: `referral:${deposit.userId}`,
      },
      [
        {
          userId: referrerId,
          title: 'Referral bonus earned',
          message: `${friend} made a first deposit: ${bonus} is in your bonus wallet.`,
          type: 'success',
          link: '/referral',
        },
      ],
    );
    afterCommit(async () => {
      announceActivity(this.deps.realtime, referrerId, referrerActivity);
      announceActivity(this.deps.realtime, deposit.userId, friendActivity);
      announceWalletBalances(this.deps.realtime, referrerId, balancesAfter(movement, referrerId));
      this.deps.notifications.announce(notice);
    });
  }

  private async setStatus(
    tx: Transaction,
    deposit: DepositRow,
    status: DepositStatus,
    now: Date,
    fields: { failureReason: string | null; providerTransactionId: string | null; confirmedAt?: Date },
  ) {
    await tx
      .update(deposits)
      .set({
        status,
        failureReason: fields.failureReason,
        providerTransactionId: fields.providerTransactionId ?? deposit.providerTransactionId,
        confirmedAt: fields.confirmedAt ?? deposit.confirmedAt,
        updatedAt: now,
      })
      .where(eq(deposits.id, deposit.id));
  }

  private async notify(userId: string, item: Parameters<typeof addActivity>[3]) {
    const activity = await addActivity(this.deps.db, userId, this.deps.clock.now(), item);
    announceActivity(this.deps.realtime, userId, activity);
  }

  private gateway(provider: ExternalProvider): PaymentGateway {
    const gateway = this.deps.gateways.get(provider);
    if (!gateway) throw notFound(`${providerName(provider)} payments are not enabled.`);
    return gateway;
  }
}

function describeMismatch(deposit: DepositRow, payment: ProviderPayment): string | null {
  if (payment.amountKobo !== deposit.amountKobo) {
    const paid =
      payment.amountKobo === null ? 'an unreadable amount' : `${describeNaira(payment.amountKobo)}`;
    return `paid ${paid}, expected ${describeNaira(deposit.amountKobo)}`;
  }
  if ((payment.currency ?? '').toUpperCase() !== deposit.currency) {
    return `paid in ${payment.currency ?? 'an unknown currency'}, expected ${deposit.currency}`;
  }
  return null;
}

export function providerName(provider: PaymentProvider): string {
  return {
    paystack: 'Paystack',
    flutterwave: 'Flutterwave',
    nowpayments: 'NOWPayments',
    dev: 'test payment',
  }[provider];
}
