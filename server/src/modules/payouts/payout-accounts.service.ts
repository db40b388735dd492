import {
  type Bank,
  maskAccountNumber,
  PAYOUT_ACCOUNT_WAIT_HOURS,
  payoutMessages,
} from '@cashtips/contract/payouts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { payoutAccounts } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ProviderError } from '../../integrations/payments/gateway.ts';
import type { PayoutProviders } from '../../integrations/payouts/index.ts';
import {
  type PayoutProvider,
  type PayoutProviderId,
  TransferRefused,
} from '../../integrations/payouts/payout-provider.ts';
import { AppError, invalidField, rateLimited } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { addActivity, announceActivity } from '../activity/activity.ts';
import type { TwoFactorService } from '../auth/two-factor.service.ts';
import { lockWalletBalances } from '../ledger/ledger.ts';
import { PAYOUT_ACCOUNT_CHANGED_KIND } from '../notifications/notification-mail.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PayoutAccountRow } from './withdrawal-view.ts';

/** The provider's bank list changes rarely (PAYOUTS-AND-FOOTBALL-DATA (a) 1): asked once a day. */
const BANKS_CACHE_MS = 24 * 3600_000;
/** Account-name lookups per user: enough to fix a few typos, too few to harvest names of strangers. */
const LOOKUP_LIMIT = { limit: 20, windowSeconds: 600 };

export const payoutsOff = () => new AppError('UNAVAILABLE', 503, payoutMessages.payoutsOff);
export const providerUnavailable = () =>
  new AppError('PAYMENT_PROVIDER_ERROR', 502, payoutMessages.providerUnavailable);

export interface PayoutAccountsDeps {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
  providers: PayoutProviders;
  twoFactor: Pick<TwoFactorService, 'confirmIdentity'>;
  realtime: Realtime;
  notifications: NotificationsService;
  logger: FastifyBaseLogger;
}

/** The account withdrawals go to now: the one not replaced. */
export async function currentPayoutAccount(
  db: Executor,
  userId: string,
): Promise<PayoutAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.userId, userId), isNull(payoutAccounts.replacedAt)));
  return row;
}

/**
 * A user's payout account (PRODUCT 11): the bank list and the account's name come from the payout
 * provider, never from the user; setting or replacing it takes the password (and the second factor);
 * a replaced account waits 24 hours before it can be paid, and its owner is told by notification and
 * e-mail. Rows are never edited: a change inserts a new one, so every withdrawal keeps its account.
 */
export class PayoutAccountsService {
  private readonly banksCache = new Map<PayoutProviderId, { expiresAt: number; banks: Promise<Bank[]> }>();

  constructor(private readonly deps: PayoutAccountsDeps) {}

  private primary(): PayoutProvider {
    const provider = this.deps.providers.primary;
    if (!provider) throw payoutsOff();
    return provider;
  }

  async banks(): Promise<Bank[]> {
    const provider = this.primary();
    const now = this.deps.clock.now().getTime();
    const cached = this.banksCache.get(provider.id);
    if (cached && cached.expiresAt > now) return cached.banks;
    // The promise is cached, so requests arriving together ask the provider once.
    const banks = provider
      .listBanks()
      .then((list) => [...list].sort((a, b) => a.name.localeCompare(b.name, 'en')));
    this.banksCache.set(provider.id, { expiresAt: now + BANKS_CACHE_MS, banks });
    try {
      return await banks;
    } catch (error) {
      // A failure is not cached: the next request asks again.
      if (this.banksCache.get(provider.id)?.banks === banks) this.banksCache.delete(provider.id);
      if (error instanceof ProviderError) {
        this.deps.logger.warn({ provider: provider.id, reason: error.message }, 'payout bank list failed');
        throw providerUnavailable();
      }
      throw error;
    }
  }

  private async bank(bankCode: string): Promise<Bank> {
    const bank = (await this.banks()).find((item) => item.code === bankCode);
    if (!bank) throw invalidField('bankCode', payoutMessages.unknownBank);
    return bank;
  }

  private async resolveName(provider: PayoutProvider, bankCode: string, accountNumber: string) {
    let name: string | null;
    try {
      name = await provider.resolveAccount(bankCode, accountNumber);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.deps.logger.warn({ provider: provider.id, reason: error.message }, 'payout account lookup failed');
      throw providerUnavailable();
    }
    const trimmed = name?.trim();
    if (!trimmed) throw new AppError('BUSINESS_RULE', 422, payoutMessages.accountNotResolved);
    return trimmed;
  }

  /** The name the bank has for an account, for the user to confirm before saving it. */
  async lookup(userId: string, request: { bankCode: string; accountNumber: string }) {
    const provider = this.primary();
    const limit = await this.deps.limiter.hit({ key: `payout-lookup:user:${userId}`, ...LOOKUP_LIMIT });
    if (!limit.allowed)
      throw rateLimited(limit.retryAfterSeconds, 'Too many account lookups. Please wait a few minutes.');
    const bank = await this.bank(request.bankCode);
    const accountName = await this.resolveName(provider, bank.code, request.accountNumber);
    return { bankName: bank.name, accountName };
  }

  async current(userId: string): Promise<PayoutAccountRow | undefined> {
    return currentPayoutAccount(this.deps.db, userId);
  }

  /**
   * Sets or replaces the payout account. The same bank and number again answer the current account
   * unchanged (no new wait, no mail). One transaction serialized per user by their wallet rows, the
   * same lock a withdrawal takes, so a withdrawal sees the account before or after, never half.
   */
  async save(
    userId: string,
    request: { bankCode: string; accountNumber: string; password: string; code?: string | undefined },
    ip: string,
  ): Promise<{ account: PayoutAccountRow; changed: boolean; replaced: boolean }> {
    const provider = this.primary();
    await this.deps.twoFactor.confirmIdentity(userId, request.password, request.code, ip);
    const bank = await this.bank(request.bankCode);
    const accountNumber = request.accountNumber;
    const isCurrent = (row: PayoutAccountRow) =>
      row.provider === provider.id && row.bankCode === bank.code && row.accountNumber === accountNumber;
    const before = await currentPayoutAccount(this.deps.db, userId);
    if (before && isCurrent(before)) return { account: before, changed: false, replaced: false };

    const accountName = await this.resolveName(provider, bank.code, accountNumber);
    let recipientCode: string | null;
    try {
      recipientCode = await provider.createRecipient({ bankCode: bank.code, accountNumber, accountName });
    } catch (error) {
      if (error instanceof TransferRefused) {
        // The provider will not pay to this account (e.g. "Recipient specified is invalid").
        this.deps.logger.warn({ provider: provider.id, reason: error.message }, 'payout recipient refused');
        throw new AppError('BUSINESS_RULE', 422, payoutMessages.accountNotResolved);
      }
      if (!(error instanceof ProviderError)) throw error;
      this.deps.logger.warn({ provider: provider.id, reason: error.message }, 'payout recipient failed');
      throw providerUnavailable();
    }

    const { notifications, realtime, clock } = this.deps;
    return inTransaction(
      this.deps.db,
      async (tx, afterCommit) => {
        await lockWalletBalances(tx, userId);
        const [current] = await tx
          .select()
          .from(payoutAccounts)
          .where(and(eq(payoutAccounts.userId, userId), isNull(payoutAccounts.replacedAt)))
          .for('update');
        if (current && isCurrent(current)) return { account: current, changed: false, replaced: false };
        const now = clock.now();
        // Only the payout provider changed (the operator switched providers): same bank account, no wait.
        const sameDestination =
          current !== undefined && current.bankCode === bank.code && current.accountNumber === accountNumber;
        if (current) {
          await tx.update(payoutAccounts).set({ replacedAt: now }).where(eq(payoutAccounts.id, current.id));
        }
        const availableAt = !current
          ? now
          : sameDestination
            ? current.availableAt
            : new Date(now.getTime() + PAYOUT_ACCOUNT_WAIT_HOURS * 3600_000);
        const [account] = await tx
          .insert(payoutAccounts)
          .values({
            userId,
            provider: provider.id,
            bankCode: bank.code,
            bankName: bank.name,
            accountNumber,
            accountName,
            recipientCode,
            availableAt,
            createdAt: now,
          })
          .returning();
        if (!account) throw new Error('payout account insert returned no row');
        if (sameDestination) return { account, changed: true, replaced: false };

        const destination = `${bank.name} ${maskAccountNumber(accountNumber)} (${accountName})`;
        const activity = await addActivity(tx, userId, now, {
          icon: 'shield',
          color: current ? 'amber' : 'green',
          title: current ? 'Payout account changed' : 'Payout account added',
          description: current
            ? `Withdrawals now go to ${destination}, from ${PAYOUT_ACCOUNT_WAIT_HOURS} hours after the change.`
            : `Withdrawals go to ${destination}.`,
        });
        afterCommit(() => announceActivity(realtime, userId, activity));
        if (!current) return { account, changed: true, replaced: false };

        const message = `Your payout account was changed to ${destination}. For your safety it can receive withdrawals ${PAYOUT_ACCOUNT_WAIT_HOURS} hours after the change. If you did not do this, change your password now and contact support.`;
        const notice = await notifications.record(
          tx,
          {
            source: 'product',
            kind: PAYOUT_ACCOUNT_CHANGED_KIND,
            audience: 'user',
            userId,
            title: 'Payout account changed',
            message,
            type: 'warning',
            link: '/wallet',
            dedupeKey: `payout-account:${account.id}`,
          },
          [{ userId, title: 'Payout account changed', message, type: 'warning', link: '/wallet' }],
        );
        afterCommit(() => notifications.announce(notice));
        return { account, changed: true, replaced: true };
      },
      (error) => this.deps.logger.warn({ err: error }, 'announcing a payout account change failed'),
    );
  }
}
