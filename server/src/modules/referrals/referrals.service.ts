import { createHash } from 'node:crypto';
import { koboToNaira } from '@cashtips/contract/money';
import type { ReferralsResponse } from '@cashtips/contract/referrals';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { MoneyRules } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { deposits, ledgerEntries, ledgerTransactions, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { findUserById } from '../users/users.repository.ts';
import { referralBonusFor } from './referral-rules.ts';

const LISTED_REFERRALS = 100;

export type ReferralFigures = Pick<
  ReferralsResponse,
  'totalReferrals' | 'activeReferrals' | 'totalEarnings' | 'pendingEarnings' | 'bonusBalance'
>;

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

  /**
   * The referral figures (referral page and dashboard) in one statement. Referred users count once
   * their email is verified; those with a confirmed deposit are active; for the others, the first
   * deposit awaiting confirmation is a bonus the referrer is about to earn.
   */
  async figures(userId: string): Promise<ReferralFigures> {
    const rows = await executePrepared<{
      total: number;
      active: number;
      earned_kobo: string;
      pending_kobo: string[];
      bonus_kobo: string;
    }>(
      this.deps.db,
      'referral_figures',
      sql`
      with referred as (
        select id from users where referred_by_user_id = ${userId}::uuid and email_verified_at is not null
      ),
      active as (
        select r.id from referred r
        where exists (select 1 from deposits d where d.user_id = r.id and d.status = 'success')
      ),
      first_pending as (
        select distinct on (d.user_id) d.amount_kobo
        from deposits d join referred r on r.id = d.user_id
        where d.status = 'pending' and d.user_id not in (select id from active)
        order by d.user_id, d.created_at
      )
      select
        (select count(*)::int from referred) as total,
        (select count(*)::int from active) as active,
        (select coalesce(sum(e.amount_kobo), 0)::text from ledger_entries e
          join ledger_transactions t on t.id = e.transaction_id
          where e.wallet_user_id = ${userId}::uuid and e.wallet_kind = 'bonus' and t.kind = 'referral_bonus') as earned_kobo,
        (select coalesce(json_agg(amount_kobo::text), '[]'::json) from first_pending) as pending_kobo,
        (select coalesce(max(balance_kobo), 0)::text from wallets
          where user_id = ${userId}::uuid and kind = 'bonus') as bonus_kobo`,
    );
    const row = rows[0];
    if (!row) throw new Error('referral figures returned no row');
    const pendingKobo = row.pending_kobo.reduce(
      (sum, amount) => sum + referralBonusFor(BigInt(amount), this.deps.money),
      0n,
    );
    return {
      totalReferrals: row.total,
      activeReferrals: row.active,
      totalEarnings: koboToNaira(BigInt(row.earned_kobo)),
      pendingEarnings: koboToNaira(pendingKobo),
      bonusBalance: koboToNaira(BigInt(row.bonus_kobo)),
    };
  }

  async summary(userId: string): Promise<Omit<ReferralsResponse, 'success'>> {
    const { db, money } = this.deps;
    const user = await findUserById(db, userId);
    if (!user) throw notFound('Account not found.');
    const [referred, figures] = await Promise.all([
      db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(and(eq(users.referredByUserId, userId), isNotNull(users.emailVerifiedAt)))
        .orderBy(desc(users.createdAt))
        .limit(LISTED_REFERRALS),
      this.figures(userId),
    ]);
    const listedIds = referred.map((row) => row.id);
    const [earnings, confirmed] = listedIds.length
      ? await Promise.all([
          db
            .select({ referredUserId: ledgerTransactions.reference, amountKobo: ledgerEntries.amountKobo })
            .from(ledgerEntries)
            .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
            .where(
              and(
                eq(ledgerEntries.walletUserId, userId),
                eq(ledgerEntries.walletKind, 'bonus'),
                eq(ledgerTransactions.kind, 'referral_bonus'),
                inArray(ledgerTransactions.reference, listedIds),
              ),
            ),
          db
            .selectDistinct({ userId: deposits.userId })
            .from(deposits)
            .where(and(inArray(deposits.userId, listedIds), eq(deposits.status, 'success'))),
        ])
      : [[], []];
    const earnedBy = new Map(earnings.map((row) => [row.referredUserId ?? '', row.amountKobo]));
    const active = new Set(confirmed.map((row) => row.userId));

    return {
      referralCode: user.referralCode,
      referralLink: `${this.deps.publicUrl}/register?ref=${encodeURIComponent(user.referralCode)}`,
      ...figures,
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
