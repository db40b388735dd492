import { addLagosMonths } from '@cashtips/contract/lagos-time';
import { koboToNaira, nairaToKobo } from '@cashtips/contract/money';
import {
  DEPOSIT_LIMIT_WINDOW_HOURS,
  type DepositLimitPeriod,
  type DepositLimits,
  type DepositLimitsUpdate,
  depositLimitPeriods,
  LIMIT_RAISE_DELAY_HOURS,
  protectionMessages,
  type Restriction,
  type RestrictionKind,
} from '@cashtips/contract/protection';
import { and, desc, eq, gt, gte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { depositLimits, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { addActivity, announceActivity } from '../activity/activity.ts';
import { limitRules } from '../auth/auth.limits.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { restrictionOf } from '../users/user-view.ts';

const HOUR_MS = 3_600_000;
/**
 * A deposit still waiting for its payment counts towards the limits for this long after it was
 * started: its checkout page may still be paid. An older one that never completed counts no more
 * (it would otherwise block the user for the whole window); one paid later is credited regardless.
 */
export const PENDING_DEPOSIT_COUNTS_MINUTES = 60;

type PeriodKobo = Record<DepositLimitPeriod, bigint | null>;

/** The 422 a deposit, purchase or subscription gets while a restriction is on. */
export const restrictedError = (restriction: Restriction) =>
  new AppError('RESTRICTED', 422, protectionMessages.restricted(restriction), { restriction });

/**
 * Player protection (PRODUCT 13, decision 019): the user's own deposit limits, a time-out and
 * self-exclusion. The restriction itself is read through `restrictionOf`; money routes check it in
 * the statement that moves the money (deposit start here, the purchase and subscription statements).
 */
export class ProtectionService {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      limiter: RateLimiter;
      realtime: Realtime;
      /** Called once a restriction starts (sockets stop receiving broadcasts, caches forget the user). */
      onRestricted: (userId: string, restriction: Restriction) => void;
    },
  ) {}

  // --- Deposit limits ---------------------------------------------------------------------------

  async limits(userId: string): Promise<DepositLimits> {
    const now = this.deps.clock.now();
    const { current, pending } = await this.limitRows(this.deps.db, userId, now);
    const deposited = await this.depositedKobo(this.deps.db, userId, now);
    return this.toView(current, pending, deposited);
  }

  async updateLimits(
    userId: string,
    patch: DepositLimitsUpdate,
  ): Promise<{ limits: DepositLimits; message: string }> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const later = new Date(now.getTime() + LIMIT_RAISE_DELAY_HOURS * HOUR_MS);
    let waits = false;
    await inTransaction(db, async (tx, afterCommit) => {
      // One change at a time per user: two tabs saving at once cannot both read the old limit.
      await lockedRestriction(tx, userId, now);
      const { current } = await this.limitRows(tx, userId, now);
      for (const period of depositLimitPeriods) {
        const asked = patch[period];
        if (asked === undefined) continue;
        const amountKobo = asked === null ? null : nairaToKobo(asked);
        const was = current[period];
        if (amountKobo === was) {
          // Asking for the limit in force drops a pending change of it.
          await tx
            .delete(depositLimits)
            .where(
              and(
                eq(depositLimits.userId, userId),
                eq(depositLimits.period, period),
                gt(depositLimits.effectiveAt, now),
              ),
            );
          continue;
        }
        const tighter = amountKobo !== null && (was === null || amountKobo < was);
        // The newest request replaces a pending one: a raise asked for and then a lower limit leaves
        // the lower limit alone. A tighter limit also replaces one set at this same instant (the
        // newest row in effect is the limit; two at one instant would not say which).
        await tx
          .delete(depositLimits)
          .where(
            and(
              eq(depositLimits.userId, userId),
              eq(depositLimits.period, period),
              tighter ? gte(depositLimits.effectiveAt, now) : gt(depositLimits.effectiveAt, now),
            ),
          );
        if (!tighter) waits = true;
        await tx.insert(depositLimits).values({
          userId,
          period,
          amountKobo,
          effectiveAt: tighter ? now : later,
          createdAt: now,
        });
      }
      const activity = await addActivity(tx, userId, now, {
        icon: 'shield',
        color: 'blue',
        title: 'Deposit limits changed',
        description: waits
          ? 'A lower limit applies now; a higher or removed one after 24 hours.'
          : 'Your new deposit limits apply now.',
      });
      afterCommit(() => announceActivity(this.deps.realtime, userId, activity));
    });
    return {
      limits: await this.limits(userId),
      message: waits ? protectionMessages.limitsSavedWithWait : protectionMessages.limitsSaved,
    };
  }

  /**
   * What the user may deposit now (PRODUCT 13): the product's maximum, or less when one of their own
   * limits leaves less (what is left of it, never below 0), with the limit that does.
   */
  async depositRoom(
    userId: string,
    productMaximumNaira: number,
  ): Promise<{ maximum: number; limit: DepositLimitPeriod | null }> {
    const { remaining } = await this.limits(userId);
    let room: { maximum: number; limit: DepositLimitPeriod | null } = {
      maximum: productMaximumNaira,
      limit: null,
    };
    for (const period of depositLimitPeriods) {
      const left = remaining[period];
      if (left !== null && left < room.maximum) room = { maximum: left, limit: period };
    }
    return room;
  }

  /**
   * Inside the deposit's transaction, with the user's row locked (so two deposits started at once
   * are counted one after the other): refuses a restricted user, or a deposit that would pass a
   * limit; reaching a limit exactly is allowed.
   */
  async checkDeposit(tx: Executor, userId: string, amountKobo: bigint, now: Date): Promise<void> {
    const restriction = await lockedRestriction(tx, userId, now);
    if (restriction) throw restrictedError(restriction);
    const { current } = await this.limitRows(tx, userId, now);
    if (depositLimitPeriods.every((period) => current[period] === null)) return;
    const deposited = await this.depositedKobo(tx, userId, now);
    for (const period of depositLimitPeriods) {
      const limit = current[period];
      if (limit === null) continue;
      const left = limit - deposited[period];
      if (amountKobo > left) {
        const refusal = {
          period,
          amount: koboToNaira(limit),
          remaining: koboToNaira(left > 0n ? left : 0n),
        };
        throw new AppError('DEPOSIT_LIMIT', 422, protectionMessages.overLimit(refusal), { limit: refusal });
      }
    }
  }

  /** Each period's limit in force at `now`, and the changes still waiting with when they apply. */
  private async limitRows(db: Executor, userId: string, now: Date) {
    const rows = await db
      .select()
      .from(depositLimits)
      .where(eq(depositLimits.userId, userId))
      .orderBy(desc(depositLimits.effectiveAt), desc(depositLimits.createdAt));
    const current: PeriodKobo = { daily: null, weekly: null, monthly: null };
    const pending: Partial<PeriodKobo> = {};
    let effectiveAt: Date | null = null;
    const seen = new Set<DepositLimitPeriod>();
    for (const row of rows) {
      if (row.effectiveAt > now) {
        if (!(row.period in pending)) pending[row.period] = row.amountKobo;
        if (!effectiveAt || row.effectiveAt < effectiveAt) effectiveAt = row.effectiveAt;
        continue;
      }
      if (seen.has(row.period)) continue;
      seen.add(row.period);
      current[row.period] = row.amountKobo;
    }
    return { current, pending: effectiveAt ? { ...pending, effectiveAt } : null };
  }

  /** What counts against each limit now: deposits paid in its window, and ones still being paid. */
  private async depositedKobo(
    db: Executor,
    userId: string,
    now: Date,
  ): Promise<Record<DepositLimitPeriod, bigint>> {
    const since = (hours: number) => new Date(now.getTime() - hours * HOUR_MS).toISOString();
    const pendingSince = new Date(now.getTime() - PENDING_DEPOSIT_COUNTS_MINUTES * 60_000).toISOString();
    const counted = sql`(status = 'success' and confirmed_at > ${since(DEPOSIT_LIMIT_WINDOW_HOURS.monthly)}::timestamptz)
      or (status = 'pending' and created_at > ${pendingSince}::timestamptz)`;
    const within = (hours: number) =>
      sql`coalesce(sum(amount_kobo) filter (where coalesce(confirmed_at, created_at) > ${since(hours)}::timestamptz), 0)::text`;
    const result = (await db.execute(sql`select ${within(DEPOSIT_LIMIT_WINDOW_HOURS.daily)} as daily,
        ${within(DEPOSIT_LIMIT_WINDOW_HOURS.weekly)} as weekly, ${within(DEPOSIT_LIMIT_WINDOW_HOURS.monthly)} as monthly
      from deposits where user_id = ${userId}::uuid and (${counted})`)) as unknown as {
      rows: { daily: string; weekly: string; monthly: string }[];
    };
    const row = result.rows[0] ?? { daily: '0', weekly: '0', monthly: '0' };
    return { daily: BigInt(row.daily), weekly: BigInt(row.weekly), monthly: BigInt(row.monthly) };
  }

  private toView(
    current: PeriodKobo,
    pending: (Partial<PeriodKobo> & { effectiveAt: Date }) | null,
    deposited: Record<DepositLimitPeriod, bigint>,
  ): DepositLimits {
    const naira = (value: bigint | null) => (value === null ? null : koboToNaira(value));
    const left = (period: DepositLimitPeriod) => {
      const limit = current[period];
      if (limit === null) return null;
      const rest = limit - deposited[period];
      return koboToNaira(rest > 0n ? rest : 0n);
    };
    let pendingView: DepositLimits['pending'] = null;
    if (pending) {
      pendingView = { effectiveAt: pending.effectiveAt.toISOString() };
      for (const period of depositLimitPeriods) {
        const value = pending[period];
        if (value !== undefined) pendingView[period] = naira(value);
      }
    }
    return {
      daily: naira(current.daily),
      weekly: naira(current.weekly),
      monthly: naira(current.monthly),
      remaining: { daily: left('daily'), weekly: left('weekly'), monthly: left('monthly') },
      pending: pendingView,
    };
  }

  // --- Time-out and self-exclusion ---------------------------------------------------------------

  async takeTimeOut(userId: string, days: number): Promise<Restriction> {
    const now = this.deps.clock.now();
    return this.restrict(userId, 'time-out', new Date(now.getTime() + days * 24 * HOUR_MS), now);
  }

  async selfExclude(userId: string, months: number, password: string, ip: string): Promise<Restriction> {
    await this.deps.limiter.enforce(limitRules('changePassword', userId, ip));
    const [user] = await this.deps.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound('Account not found.');
    // 400, not 401: the client reads 401 as "your session has ended".
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('INVALID_CREDENTIALS', 400, protectionMessages.wrongPassword, {
        errors: [{ field: 'password', message: protectionMessages.wrongPassword }],
      });
    }
    const now = this.deps.clock.now();
    return this.restrict(userId, 'self-exclusion', addLagosMonths(now, months), now);
  }

  /** Starts a restriction, or lengthens one: never shortens it (409 when it would not end later). */
  private async restrict(
    userId: string,
    kind: RestrictionKind,
    until: Date,
    now: Date,
  ): Promise<Restriction> {
    const restriction = await inTransaction(this.deps.db, async (tx, afterCommit) => {
      const current = await lockedRestriction(tx, userId, now);
      if (current && new Date(current.until) >= until) {
        throw new AppError('CONFLICT', 409, protectionMessages.alreadyLonger(current));
      }
      await tx
        .update(users)
        .set({ restrictionKind: kind, restrictedUntil: until, updatedAt: now })
        .where(eq(users.id, userId));
      const activity = await addActivity(tx, userId, now, {
        icon: 'shield',
        color: 'amber',
        title: kind === 'time-out' ? 'Break started' : 'Self-exclusion started',
        description:
          kind === 'time-out'
            ? protectionMessages.timeOutStarted(until.toISOString())
            : protectionMessages.selfExclusionStarted(until.toISOString()),
      });
      afterCommit(() => announceActivity(this.deps.realtime, userId, activity));
      return { kind, until: until.toISOString() } satisfies Restriction;
    });
    this.deps.onRestricted(userId, restriction);
    return restriction;
  }
}

/**
 * Locks the user's row for the rest of the transaction (what a user changes about their own
 * protection, and deposits, are decided one after the other) and answers the restriction in force.
 */
async function lockedRestriction(tx: Executor, userId: string, now: Date): Promise<Restriction | null> {
  const [user] = await tx
    .select({ restrictionKind: users.restrictionKind, restrictedUntil: users.restrictedUntil })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw notFound('Account not found.');
  return restrictionOf(user, now);
}
