import { createHash } from 'node:crypto';
import { koboToNaira } from '@cashtips/contract/money';
import type { ReferralsResponse } from '@cashtips/contract/referrals';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { MoneyRules } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { deposits, ledgerEntries, ledgerTransactions, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { getWalletBalances } from '../ledger/ledger.ts';
import { findUserById } from '../users/users.repository.ts';
import { referralBonusFor } from './referral-rules.ts';

const LISTED_REFERRALS = 100;

/**
 * A referred user's row id as the referrer sees it: stable (a list key) but not the user's own id,
 * which no other user may learn, and different for every referrer.
 */
function referralRowId(referrerId: string, referredId: string): string {
  return createHash('sha256')
    .update(`referral-row:${referrerId}:${referredId}`)
    .digest('base64url')
    .slice(0, 22);
}

export class ReferralsService {
  constructor(private readonly deps: { db: Database; money: MoneyRules; publicUrl: string }) {}

  async summary(userId: string): Promise<Omit<ReferralsResponse, 'success'>> {
    const { db, money } = this.deps;
    const user = await findUserById(db, userId);
    if (!user) throw notFound('Account not found.');
    const referredFilter = and(eq(users.referredByUserId, userId), isNotNull(users.emailVerifiedAt));
    const [referred, allReferred, earnings, balances] = await Promise.all([
      db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(referredFilter)
        .orderBy(desc(users.createdAt))
        .limit(LISTED_REFERRALS),
      db.select({ id: users.id }).from(users).where(referredFilter),
      db
        .select({ referredUserId: ledgerTransactions.reference, amountKobo: ledgerEntries.amountKobo })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(
          and(
            eq(ledgerEntries.walletUserId, userId),
            eq(ledgerEntries.walletKind, 'bonus'),
            eq(ledgerTransactions.kind, 'referral_bonus'),
          ),
        ),
      getWalletBalances(db, userId),
    ]);
    const earnedBy = new Map(earnings.map((row) => [row.referredUserId ?? '', row.amountKobo]));
    const totalEarningsKobo = earnings.reduce((sum, row) => sum + row.amountKobo, 0n);

    // Referred users with a confirmed deposit are active; for the others, a deposit awaiting
    // confirmation is money the referrer is about to earn.
    const referredIds = allReferred.map((row) => row.id);
    const depositRows = referredIds.length
      ? await db
          .select({ userId: deposits.userId, status: deposits.status, amountKobo: deposits.amountKobo })
          .from(deposits)
          .where(and(inArray(deposits.userId, referredIds), inArray(deposits.status, ['success', 'pending'])))
          .orderBy(asc(deposits.createdAt))
      : [];
    const active = new Set(depositRows.filter((row) => row.status === 'success').map((row) => row.userId));
    const firstPending = new Map<string, bigint>();
    for (const row of depositRows) {
      if (row.status === 'pending' && !active.has(row.userId) && !firstPending.has(row.userId)) {
        firstPending.set(row.userId, row.amountKobo);
      }
    }
    const pendingKobo = [...firstPending.values()].reduce(
      (sum, amount) => sum + referralBonusFor(amount, money),
      0n,
    );

    return {
      referralCode: user.referralCode,
      referralLink: `${this.deps.publicUrl}/register?ref=${encodeURIComponent(user.referralCode)}`,
      totalReferrals: referredIds.length,
      activeReferrals: active.size,
      totalEarnings: koboToNaira(totalEarningsKobo),
      pendingEarnings: koboToNaira(pendingKobo),
      bonusBalance: koboToNaira(balances.bonusKobo),
      minimumWithdrawal: money.minimumBonusWithdrawalNaira,
      bonusPercent: money.referralBonusPercent,
      bonusCap: money.referralBonusCapNaira,
      referrals: referred.map((row) => ({
        _id: referralRowId(userId, row.id),
        name: `${row.firstName} ${row.lastName.slice(0, 1)}.`,
        joinedAt: row.createdAt.toISOString(),
        status: active.has(row.id) ? 'active' : 'pending',
        earned: koboToNaira(earnedBy.get(row.id) ?? 0n),
      })),
    };
  }
}
