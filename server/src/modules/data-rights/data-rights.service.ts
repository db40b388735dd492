import {
  type CloseAccountRequest,
  type ClosingStatus,
  DATA_EXPORTS_PER_HOUR,
  type DataExport,
  dataRightsMessages,
} from '@cashtips/contract/data-rights';
import { describeNaira, koboToNaira } from '@cashtips/contract/money';
import { openWithdrawalStatuses } from '@cashtips/contract/payouts';
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { Invalidation } from '../../db/invalidation.ts';
import {
  activityItems,
  bookingCodes,
  broadcastStates,
  codePurchases,
  loginChallenges,
  notifications,
  otpCodes,
  pendingRegistrations,
  pushSubscriptions,
  sessions as sessionRows,
  telegramLinkCodes,
  twoFactorRecoveryCodes,
  users,
  withdrawals,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, formatWait, rateLimited } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { addActivity, announceActivity } from '../activity/activity.ts';
import { recordAudit } from '../admin/audit.ts';
import { sessionExpired } from '../auth/access.ts';
import type { SessionsService } from '../auth/sessions.service.ts';
import type { TwoFactorService } from '../auth/two-factor.service.ts';
import { getWalletBalances, lockWalletBalances, moveMoney, type WalletBalances } from '../ledger/ledger.ts';
import type { DepositsService } from '../payments/deposits.service.ts';
import { carrySelfExclusion } from '../protection/self-exclusion-carryover.ts';
import { restrictionOf } from '../users/user-view.ts';
import { findUserById, lockUser, type UserRow } from '../users/users.repository.ts';
import { collectDataExport } from './data-export.ts';

const HOUR_SECONDS = 3600;

/** Audit actions of this module (listed in the contract's `auditActions`). */
export const dataRightsAuditActions = { export: 'user.data-export', close: 'user.close' } as const;

/**
 * What stands in for the erased identity: values that satisfy the table's checks and unique
 * indexes, that nobody can sign in with (an empty password hash never verifies), type as a
 * referral code (the sign-up rule allows no `:`), or receive mail at (`.invalid`, RFC 2606).
 */
export const erasedIdentity = (userId: string) => ({
  email: `closed-${userId}@closed.invalid`,
  phone: '0000000',
  firstName: 'Closed',
  lastName: 'account',
  username: null,
  referralCode: `closed:${userId}`,
  passwordHash: '',
});

export const bonusForfeitKey = (userId: string) => `bonus-forfeit:${userId}`;

export interface DataRightsDeps {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
  sessions: SessionsService;
  twoFactor: Pick<TwoFactorService, 'confirmPassword' | 'confirmSecondFactor' | 'checkSecondFactor'>;
  realtime: Realtime;
  invalidation: Invalidation;
  /** A paid deposit whose confirmation is late is credited before the closing checks the wallet. */
  deposits: Pick<DepositsService, 'settleOpenDepositsOf'>;
  /** Closes the live sockets of sessions that were just ended. */
  onSessionsEnded: (sessionIds: string[]) => void;
}

/** The user's data rights (PRODUCT 13): a copy of their data, and closing the account. */
export class DataRightsService {
  constructor(private readonly deps: DataRightsDeps) {}

  /** Everything held about the user, at most `DATA_EXPORTS_PER_HOUR` times an hour; audited. */
  async export(userId: string): Promise<DataExport> {
    const { db, clock, limiter, realtime } = this.deps;
    const limit = await limiter.hit({
      key: `data-export:user:${userId}`,
      limit: DATA_EXPORTS_PER_HOUR,
      windowSeconds: HOUR_SECONDS,
    });
    if (!limit.allowed)
      throw rateLimited(
        limit.retryAfterSeconds,
        dataRightsMessages.exportLimited(formatWait(limit.retryAfterSeconds)),
      );
    const user = await findUserById(db, userId);
    if (!user || user.closedAt) throw sessionExpired();
    const now = clock.now();
    const data = await collectDataExport(db, user, now);
    const activity = await inTransaction(db, async (tx) => {
      await recordAudit(tx, now, {
        actorUserId: userId,
        action: dataRightsAuditActions.export,
        targetType: 'user',
        targetId: userId,
        before: null,
        after: null,
      });
      // In the owner's own feed too: a download they did not make is a sign someone else is signed in.
      return addActivity(tx, userId, now, {
        icon: 'shield',
        color: 'blue',
        title: 'Your data was downloaded',
        description: 'A copy of your account data was downloaded from your profile.',
      });
    });
    announceActivity(realtime, userId, activity);
    return data;
  }

  /** Whether the account can be closed now, and if not why: what the closing screen says first. */
  async closingStatus(userId: string): Promise<ClosingStatus> {
    const { db } = this.deps;
    const user = await findUserById(db, userId);
    if (!user || user.closedAt) throw sessionExpired();
    return { success: true, refusal: await closingRefusal(db, user, await getWalletBalances(db, userId)) };
  }

  /**
   * The closing's first step (PRODUCT 13): the password (400, counted like every password check),
   * the refusals (422) and the second factor, checked as `close` checks them but without spending the
   * code (the closing that follows spends it) and without closing anything.
   */
  async checkClose(userId: string, request: CloseAccountRequest, ip: string): Promise<void> {
    await this.closingChecks(userId, request, ip, 'check');
  }

  /**
   * What the closing's first step and the closing itself check, in this order: the password, the
   * user's open deposits asked about at their provider, the refusals (before a one-time code is spent
   * on it: the user can fix the cause and try again with it), then the second factor, spent or not.
   */
  private async closingChecks(
    userId: string,
    request: CloseAccountRequest,
    ip: string,
    secondFactor: 'check' | 'spend',
  ): Promise<void> {
    const { db, twoFactor } = this.deps;
    const user = await twoFactor.confirmPassword(userId, request.password, ip);
    if (user.closedAt) throw sessionExpired();
    await this.deps.deposits.settleOpenDepositsOf(userId);
    await refuseClosure(db, user, await getWalletBalances(db, userId));
    if (secondFactor === 'spend') await twoFactor.confirmSecondFactor(user, request.code);
    else await twoFactor.checkSecondFactor(user, request.code);
  }

  /**
   * Closes the account (PRODUCT 13): the password (and the second factor when it is on) first,
   * then the user's open deposits asked about at their provider, then the refusals, then, in one
   * transaction holding the user row and both wallets (a deposit confirmed, a purchase or a
   * withdrawal made meanwhile waits for it, then finds the account closed): the bonus forfeited
   * through the ledger, every session ended, push subscriptions, the Telegram link, two-factor
   * secrets, the feed and personal notifications removed, and the identity replaced by
   * `erasedIdentity`. Money records stay, tied to the id alone.
   */
  async close(userId: string, request: CloseAccountRequest, ip: string): Promise<void> {
    const { db, clock, sessions } = this.deps;
    await this.closingChecks(userId, request, ip, 'spend');

    const now = clock.now();
    const ended = await inTransaction(db, async (tx) => {
      const locked = await lockUser(tx, userId);
      if (!locked || locked.closedAt) throw sessionExpired();
      const balances = await lockWalletBalances(tx, userId);
      await refuseClosure(tx, locked, balances);
      const restriction = restrictionOf(locked, now);
      if (restriction?.kind === 'self-exclusion') {
        await carrySelfExclusion(tx, locked.email, new Date(restriction.until), now);
      }
      if (balances.bonusKobo > 0n) {
        await moveMoney(tx, {
          kind: 'bonus_forfeit',
          idempotencyKey: bonusForfeitKey(userId),
          description: dataRightsMessages.forfeitDescription,
          postings: [
            { account: { userId, wallet: 'bonus' }, amountKobo: -balances.bonusKobo },
            { account: { system: 'forfeit:closed-accounts' }, amountKobo: balances.bonusKobo },
          ],
        });
      }
      const ended = await sessions.revokeAll(tx, userId);
      // Where and on what the user signed in is personal data too; the session rows stay as ended.
      await tx.update(sessionRows).set({ ip: null, userAgent: null }).where(eq(sessionRows.userId, userId));
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
      await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, userId));
      await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.userId, userId));
      await tx.delete(otpCodes).where(eq(otpCodes.email, locked.email));
      await tx.delete(activityItems).where(eq(activityItems.userId, userId));
      await tx.delete(broadcastStates).where(eq(broadcastStates.userId, userId));
      await tx.delete(notifications).where(eq(notifications.userId, userId));
      await tx
        .update(users)
        .set({
          ...erasedIdentity(userId),
          telegramId: null,
          telegramUsername: null,
          twoFactorSecret: null,
          twoFactorPendingSecret: null,
          twoFactorEnabledAt: null,
          twoFactorLastStep: null,
          // Nothing may reach the closed account on any channel, nor show it in the community.
          emailNotifications: false,
          pushNotifications: false,
          telegramNotifications: false,
          communityVisible: false,
          displayCurrency: null,
          closedAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
      await recordAudit(tx, now, {
        actorUserId: userId,
        action: dataRightsAuditActions.close,
        targetType: 'user',
        targetId: userId,
        // What happened, never who it was: the identity the closure erased stays erased.
        before: null,
        after: { forfeitedBonus: koboToNaira(balances.bonusKobo), sessionsEnded: ended.length },
      });
      return ended;
    });
    await sessions.ended(ended);
    this.deps.onSessionsEnded(ended);
    // Every process forgets what it remembered about the user (an admin role, for one).
    await this.deps.invalidation.publish('user', [userId]);
  }
}

/**
 * Why the account cannot be closed now, or null: an admin is not closed here; money in the main wallet
 * or a withdrawal in progress would be left where nobody can reach it, and so would the refund of a
 * money-back code bought and not settled yet (it is paid if the code loses or is void).
 */
async function closingRefusal(
  db: Executor,
  user: UserRow,
  balances: WalletBalances,
): Promise<ClosingStatus['refusal']> {
  if (user.role === 'admin') return { reason: 'admin', message: dataRightsMessages.adminCannotClose };
  if (balances.mainKobo > 0n)
    return {
      reason: 'main-wallet',
      message: dataRightsMessages.closeRefusedMainWallet(describeNaira(balances.mainKobo)),
    };
  const [open] = await db
    .select({ value: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, user.id), inArray(withdrawals.status, [...openWithdrawalStatuses])));
  if ((open?.value ?? 0) > 0)
    return { reason: 'withdrawal', message: dataRightsMessages.closeRefusedWithdrawal };
  const [moneyBack] = await db
    .select({ value: count() })
    .from(codePurchases)
    .innerJoin(bookingCodes, eq(bookingCodes.id, codePurchases.codeId))
    .where(
      and(
        eq(codePurchases.userId, user.id),
        gt(codePurchases.priceKobo, 0n),
        eq(bookingCodes.moneyBack, true),
        eq(bookingCodes.result, 'pending'),
      ),
    );
  if ((moneyBack?.value ?? 0) > 0)
    return { reason: 'money-back', message: dataRightsMessages.closeRefusedMoneyBack };
  return null;
}

/** 422 with the reason `closingRefusal` finds. */
async function refuseClosure(db: Executor, user: UserRow, balances: WalletBalances): Promise<void> {
  const refusal = await closingRefusal(db, user, balances);
  if (refusal) throw new AppError('BUSINESS_RULE', 422, refusal.message);
}
