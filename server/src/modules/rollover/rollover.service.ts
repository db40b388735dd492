import { randomUUID } from 'node:crypto';
import { addLagosDays, lagosDay, lagosMidnightEnding } from '@cashtips/contract/lagos-time';
import { describeNaira } from '@cashtips/contract/money';
import {
  type RolloverPlan,
  type RolloverSubscription,
  type RolloverTip,
  rolloverMessages,
} from '@cashtips/contract/rollover';
import type { WalletType } from '@cashtips/contract/wallet';
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { rolloverPlans, rolloverSubscriptions, rolloverTips, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { activityInsert, announceActivity } from '../activity/activity.ts';
import {
  balancesAfter,
  getWalletBalances,
  ledgerRefusal,
  movementCall,
  readMovementOutcome,
} from '../ledger/ledger.ts';
import { announceWalletBalances } from '../wallet/wallet-events.ts';
import {
  displayedSubscriberCount,
  nobody,
  type PlanFigures,
  type PlanRow,
  planSlotsLeft,
  type TipRow,
  type TipViewer,
  tipUnlockedFor,
  toRolloverPlanView,
  toRolloverTipView,
  toSubscriptionView,
} from './rollover-view.ts';

export interface RolloverViewer {
  userId: string;
}

/** How long today's tips and their plans' figures are served from memory (they change rarely). */
const TODAY_TTL_MS = 2_000;
/** How many of a user's subscriptions the lock rule looks at (the most recent). */
const SUBSCRIPTIONS_CONSIDERED = 500;
const noFigures: PlanFigures = { activeSubscribers: 0, won: 0, lost: 0 };

/** A plan row as the raw locking statement answers it. */
type LockedPlanRow = Omit<PlanRow, 'priceKobo' | 'createdAt' | 'updatedAt'> & {
  priceKobo: string;
  createdAt: string | Date;
  updatedAt: string | Date;
};
type TodayEntry = { tip: TipRow; plan: PlanRow; figures: PlanFigures };
/** A tip of today in both forms the lock rule can give it, serialised once per cache fill. */
type TodayJson = { tip: TipRow; openJson: string; lockedJson: string };

export class RolloverService {
  private todayCache: { day: string; at: number; entries: TodayJson[] } | undefined;
  private readonly changeListeners: Array<() => void> = [];

  /** Asked on every tips request: prepared once, planned once per database connection. */
  private readonly viewerRows;

  constructor(private readonly deps: { db: Database; clock: Clock; realtime: Realtime }) {
    this.viewerRows = deps.db
      .select({
        role: users.role,
        planId: rolloverSubscriptions.planId,
        startDay: rolloverSubscriptions.startDay,
        durationDays: rolloverSubscriptions.durationDays,
        expiresAt: rolloverSubscriptions.expiresAt,
      })
      .from(users)
      .leftJoin(rolloverSubscriptions, eq(rolloverSubscriptions.userId, users.id))
      .where(eq(users.id, sql.placeholder('userId')))
      .orderBy(desc(rolloverSubscriptions.startedAt))
      .limit(SUBSCRIPTIONS_CONSIDERED)
      .prepare('rollover_tip_viewer');
  }

  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  /** Plans, tips or subscriptions changed in this process: drop what is served from memory. */
  changed(): void {
    this.todayCache = undefined;
    for (const listener of this.changeListeners) listener();
  }

  /** Figures of several plans in two grouped queries (never one query per plan). */
  async planFigures(db: Executor, planIds: string[]): Promise<Map<string, PlanFigures>> {
    const figures = new Map<string, PlanFigures>(planIds.map((id) => [id, { ...noFigures }]));
    if (!planIds.length) return figures;
    const now = this.deps.clock.now();
    const [active, results] = await Promise.all([
      db
        .select({ planId: rolloverSubscriptions.planId, value: count() })
        .from(rolloverSubscriptions)
        .where(and(inArray(rolloverSubscriptions.planId, planIds), gt(rolloverSubscriptions.expiresAt, now)))
        .groupBy(rolloverSubscriptions.planId),
      db
        .select({
          planId: rolloverTips.planId,
          won: sql<number>`count(*) filter (where ${rolloverTips.result} = 'won')::int`,
          lost: sql<number>`count(*) filter (where ${rolloverTips.result} = 'lost')::int`,
        })
        .from(rolloverTips)
        .where(and(inArray(rolloverTips.planId, planIds), inArray(rolloverTips.result, ['won', 'lost'])))
        .groupBy(rolloverTips.planId),
    ]);
    for (const row of active) {
      const entry = figures.get(row.planId);
      if (entry) entry.activeSubscribers = row.value;
    }
    for (const row of results) {
      const entry = figures.get(row.planId);
      if (entry) Object.assign(entry, { won: row.won, lost: row.lost });
    }
    return figures;
  }

  /** Active plans, newest update first (PRODUCT 6a). */
  async listPlans(): Promise<RolloverPlan[]> {
    const { db } = this.deps;
    const plans = await db
      .select()
      .from(rolloverPlans)
      .where(eq(rolloverPlans.active, true))
      .orderBy(desc(rolloverPlans.updatedAt), desc(rolloverPlans.id))
      .limit(200);
    const figures = await this.planFigures(
      db,
      plans.map((plan) => plan.id),
    );
    return plans.map((plan) => toRolloverPlanView(plan, figures.get(plan.id) ?? noFigures));
  }

  async findPlan(db: Executor, planId: string, forUpdate = false): Promise<PlanRow> {
    if (!isUuid(planId)) throw notFound(rolloverMessages.planNotFound);
    const query = db.select().from(rolloverPlans).where(eq(rolloverPlans.id, planId)).limit(1);
    const [plan] = forUpdate ? await query.for('update') : await query;
    if (!plan) throw notFound(rolloverMessages.planNotFound);
    return plan;
  }

  /**
   * The plan, its row locked until the transaction ends: the first of the subscription's two
   * statements, prepared because every subscription asks it.
   */
  private async lockPlan(tx: Executor, planId: string): Promise<PlanRow> {
    if (!isUuid(planId)) throw notFound(rolloverMessages.planNotFound);
    const [row] = await executePrepared<LockedPlanRow>(
      tx,
      'rollover_plan_lock',
      sql`select id, name, description, price_kobo::text as "priceKobo", duration_days as "durationDays",
        odds::float8 as odds, slot_limit as "slotLimit", post_limit as "postLimit", active,
        fake_subscriber_enabled as "fakeSubscriberEnabled", fake_subscriber_count as "fakeSubscriberCount",
        created_at as "createdAt", updated_at as "updatedAt"
        from rollover_plans where id = ${planId}::uuid for update`,
    );
    if (!row) throw notFound(rolloverMessages.planNotFound);
    return {
      ...row,
      priceKobo: BigInt(row.priceKobo),
      odds: Number(row.odds),
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
    };
  }

  async getPlan(planId: string): Promise<RolloverPlan> {
    const plan = await this.findPlan(this.deps.db, planId);
    const figures = await this.planFigures(this.deps.db, [plan.id]);
    return toRolloverPlanView(plan, figures.get(plan.id) ?? noFigures);
  }

  /**
   * One transaction through the ledger. The plan row is locked first, so subscriptions to one plan
   * are decided one after the other: the next statement (a new snapshot) sees every subscription
   * committed before, which keeps the slot limit and "one running subscription per plan" exact.
   * That statement then refuses, or records the subscription, debits the wallet through the ledger
   * (an overdraft raises and rolls everything back) and adds the activity item, in one round trip.
   */
  async subscribe(viewer: RolloverViewer, planId: string, walletType: WalletType) {
    const { db, clock, realtime } = this.deps;
    const now = clock.now();
    const at = now.toISOString();
    const startDay = lagosDay(now);
    const subscriptionId = randomUUID();
    let outcome: {
      plan: PlanRow;
      taken: number;
      payment: unknown;
      expiresAt: Date;
      activityView: ReturnType<typeof activityInsert>['view'];
    };
    try {
      outcome = await db.transaction(async (tx) => {
        const plan = await this.lockPlan(tx, planId);
        if (!plan.active) throw new AppError('CONFLICT', 409, rolloverMessages.planNotAvailable);
        const expiresAt = lagosMidnightEnding(startDay, plan.durationDays);
        const payment =
          plan.priceKobo > 0n
            ? movementCall({
                kind: 'subscription',
                idempotencyKey: `rollover-subscription:${subscriptionId}`,
                description: `Rollover plan ${plan.name}, ${plan.durationDays} days`,
                reference: subscriptionId,
                postings: [
                  { account: { userId: viewer.userId, wallet: walletType }, amountKobo: -plan.priceKobo },
                  { account: { system: 'revenue:subscriptions' }, amountKobo: plan.priceKobo },
                ],
              })
            : sql`null::jsonb`;
        const activity = activityInsert(
          viewer.userId,
          now,
          {
            icon: 'calendar',
            color: 'blue',
            title: 'Rollover plan subscribed',
            description: `${plan.name}: ${plan.durationDays} day${plan.durationDays === 1 ? '' : 's'} at ${plan.odds} odds for ${describeNaira(plan.priceKobo)}.`,
          },
          sql`select 1 from subscription`,
        );
        // Prepared (planned once per connection); a free plan's statement has no payment, so its own name.
        const rows = await executePrepared<{ refusal: string | null; taken: number; payment: unknown }>(
          tx,
          plan.priceKobo > 0n ? 'rollover_subscribe' : 'rollover_subscribe_free',
          sql`
          with taken as (
            select count(*)::int as total, count(*) filter (where user_id = ${viewer.userId}::uuid)::int as mine
            from rollover_subscriptions where plan_id = ${plan.id}::uuid and expires_at > ${at}::timestamptz
          ),
          refusal as (
            select case
              when (select mine from taken) > 0 then 'already-subscribed'
              when ${plan.slotLimit}::int is not null and (select total from taken) >= ${plan.slotLimit}::int then 'full'
            end as reason
          ),
          subscription as (
            insert into rollover_subscriptions
              (id, user_id, plan_id, wallet_type, price_kobo, duration_days, start_day, started_at, expires_at)
            select ${subscriptionId}::uuid, ${viewer.userId}::uuid, ${plan.id}::uuid, ${walletType},
              ${String(plan.priceKobo)}::bigint, ${plan.durationDays}::int, ${startDay}::date, ${at}::timestamptz,
              ${expiresAt.toISOString()}::timestamptz
            where (select reason from refusal) is null
            returning id
          ),
          paid as (select ${payment} as outcome from subscription),
          activity as (${activity.insert})
          select (select reason from refusal) as refusal, (select total from taken) as taken,
            (select outcome from paid) as payment
        `,
        );
        const row = rows[0];
        if (!row) throw new Error('the subscription statement returned no row');
        if (row.refusal === 'already-subscribed')
          throw new AppError('CONFLICT', 409, rolloverMessages.alreadySubscribed);
        if (row.refusal === 'full') throw new AppError('CONFLICT', 409, rolloverMessages.planFull);
        return {
          plan,
          taken: Number(row.taken),
          payment: row.payment,
          expiresAt,
          activityView: activity.view,
        };
      });
    } catch (error) {
      throw ledgerRefusal(error);
    }
    const { plan } = outcome;
    const balances =
      plan.priceKobo > 0n
        ? balancesAfter(readMovementOutcome(outcome.payment), viewer.userId)
        : await getWalletBalances(db, viewer.userId);
    this.changed();
    const figures: PlanFigures = { ...noFigures, activeSubscribers: outcome.taken + 1 };
    realtime.publish({ kind: 'public' }, 'live-activity', {
      type: 'rolloverPlan',
      id: plan.id,
      count: displayedSubscriberCount(plan, figures),
      slotsLeft: planSlotsLeft(plan, figures),
      soldOut: planSlotsLeft(plan, figures) === 0,
    });
    announceActivity(realtime, viewer.userId, outcome.activityView);
    const wallets = announceWalletBalances(realtime, viewer.userId, balances);
    const subscription = toSubscriptionView(
      {
        id: subscriptionId,
        userId: viewer.userId,
        planId: plan.id,
        walletType,
        priceKobo: plan.priceKobo,
        durationDays: plan.durationDays,
        startDay,
        startedAt: now,
        expiresAt: outcome.expiresAt,
      },
      plan,
      now,
    );
    return { message: rolloverMessages.subscribed(plan.name), subscription, ...wallets };
  }

  /** The user's subscriptions, running ones first, then the most recent. */
  async mySubscriptions(viewer: RolloverViewer): Promise<RolloverSubscription[]> {
    const now = this.deps.clock.now();
    const rows = await this.deps.db
      .select({
        subscription: rolloverSubscriptions,
        plan: { name: rolloverPlans.name, odds: rolloverPlans.odds },
      })
      .from(rolloverSubscriptions)
      .innerJoin(rolloverPlans, eq(rolloverPlans.id, rolloverSubscriptions.planId))
      .where(eq(rolloverSubscriptions.userId, viewer.userId))
      .orderBy(
        sql`(${rolloverSubscriptions.expiresAt} > ${now.toISOString()}::timestamptz) desc`,
        desc(rolloverSubscriptions.startedAt),
      )
      .limit(SUBSCRIPTIONS_CONSIDERED);
    return rows.map(({ subscription, plan }) => toSubscriptionView(subscription, plan, now));
  }

  /**
   * What the lock rule needs to know about a signed-in viewer, in one indexed query: whether they
   * are an admin, and their subscriptions (the most recent SUBSCRIPTIONS_CONSIDERED).
   */
  async tipViewer(userId: string): Promise<TipViewer> {
    const now = this.deps.clock.now();
    const rows = await this.viewerRows.execute({ userId });
    if (rows[0]?.role === 'admin') return { ...nobody, isAdmin: true };
    const subscriptions = rows.flatMap((row) =>
      row.planId && row.startDay && row.durationDays && row.expiresAt
        ? [
            {
              planId: row.planId,
              startDay: row.startDay,
              durationDays: row.durationDays,
              expiresAt: row.expiresAt,
            },
          ]
        : [],
    );
    return {
      isAdmin: false,
      activePlanIds: new Set(subscriptions.filter((row) => row.expiresAt > now).map((row) => row.planId)),
      coveredDays: subscriptions.map((row) => ({
        planId: row.planId,
        firstDay: row.startDay,
        lastDay: addLagosDays(row.startDay, row.durationDays - 1),
      })),
    };
  }

  /**
   * Today's (Lagos) tips of every active plan, newest first, as JSON ready to send. Each tip is
   * serialised twice when the cache is filled — open and locked, both by the one view function —
   * and each request only picks, per tip, the form the lock rule gives this viewer.
   */
  async todayJson(viewer: RolloverViewer): Promise<string> {
    const [entries, tipViewer] = await Promise.all([this.todayEntries(), this.tipViewer(viewer.userId)]);
    return `[${entries.map((entry) => (tipUnlockedFor(tipViewer, entry.tip) ? entry.openJson : entry.lockedJson)).join(',')}]`;
  }

  async today(viewer: RolloverViewer): Promise<RolloverTip[]> {
    return JSON.parse(await this.todayJson(viewer)) as RolloverTip[];
  }

  private async todayEntries(): Promise<TodayJson[]> {
    const day = lagosDay(this.deps.clock.now());
    const cached = this.todayCache;
    if (cached && cached.day === day && Date.now() - cached.at < TODAY_TTL_MS) return cached.entries;
    const rows = await this.deps.db
      .select({ tip: rolloverTips, plan: rolloverPlans })
      .from(rolloverTips)
      .innerJoin(rolloverPlans, eq(rolloverPlans.id, rolloverTips.planId))
      .where(and(eq(rolloverTips.day, day), eq(rolloverPlans.active, true)))
      .orderBy(desc(rolloverTips.createdAt), desc(rolloverTips.id))
      .limit(200);
    const entries = (await this.withFigures(rows)).map(({ tip, plan, figures }) => ({
      tip,
      openJson: JSON.stringify(toRolloverTipView(tip, plan, figures, { ...nobody, isAdmin: true })),
      lockedJson: JSON.stringify(toRolloverTipView(tip, plan, figures, nobody)),
    }));
    this.todayCache = { day, at: Date.now(), entries };
    return entries;
  }

  /** Recent tips of every plan, newest day first (paged). */
  async all(
    viewer: RolloverViewer,
    page: number,
    limit: number,
  ): Promise<{ tips: RolloverTip[]; total: number }> {
    const { db } = this.deps;
    const [rows, totals, tipViewer] = await Promise.all([
      db
        .select({ tip: rolloverTips, plan: rolloverPlans })
        .from(rolloverTips)
        .innerJoin(rolloverPlans, eq(rolloverPlans.id, rolloverTips.planId))
        .orderBy(desc(rolloverTips.day), desc(rolloverTips.createdAt), desc(rolloverTips.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ value: count() }).from(rolloverTips),
      this.tipViewer(viewer.userId),
    ]);
    const entries = await this.withFigures(rows);
    return {
      tips: entries.map(({ tip, plan, figures }) => toRolloverTipView(tip, plan, figures, tipViewer)),
      total: totals[0]?.value ?? 0,
    };
  }

  async withFigures(rows: { tip: TipRow; plan: PlanRow }[]): Promise<TodayEntry[]> {
    const figures = await this.planFigures(this.deps.db, [...new Set(rows.map((row) => row.plan.id))]);
    return rows.map((row) => ({ ...row, figures: figures.get(row.plan.id) ?? noFigures }));
  }
}
