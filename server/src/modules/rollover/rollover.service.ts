import { randomUUID } from 'node:crypto';
import { addLagosDays, lagosDay, lagosMidnightEnding } from '@cashtips/contract/lagos-time';
import { describeNaira } from '@cashtips/contract/money';
import type { Restriction, RestrictionKind } from '@cashtips/contract/protection';
import type { ActivityItem } from '@cashtips/contract/referrals';
import {
  type RolloverPlan,
  type RolloverSubscription,
  type RolloverTip,
  rolloverMessages,
} from '@cashtips/contract/rollover';
import type { WalletType } from '@cashtips/contract/wallet';
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { type Invalidation, SharedCache } from '../../db/invalidation.ts';
import { executePrepared } from '../../db/prepared.ts';
import { rolloverPlans, rolloverSubscriptions, rolloverTips, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { afterCommit, answerOnceCommitted } from '../../lib/committed.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { announceActivity } from '../activity/activity.ts';
import {
  balancesAfter,
  getWalletBalances,
  ledgerRefusal,
  type Movement,
  movementPostings,
  readMovementOutcome,
} from '../ledger/ledger.ts';
import { gamesOf } from '../matches/games.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { type ProductNotice, productNoticeCall } from '../notifications/product-notice.ts';
import { restrictedError } from '../protection/protection.service.ts';
import { countedInRecords } from '../settlement/record-rule.ts';
import { restrictedAt } from '../users/user-view.ts';
import { announceWalletBalances } from '../wallet/wallet-events.ts';
import {
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
/** How long a process may trust a viewer's role and subscriptions without hearing of a change. */
const REMEMBER_VIEWER_MS = 30_000;
const REMEMBERED_VIEWERS = 50_000;

/** What the lock rule reads about a user, remembered: role, and each subscription's plan, end and days. */
interface RememberedViewer {
  isAdmin: boolean;
  subscriptions: { planId: string; expiresAt: Date }[];
  coveredDays: TipViewer['coveredDays'];
}

/** A plan row as the raw locking statement answers it. */
type LockedPlanRow = Omit<PlanRow, 'priceKobo' | 'createdAt' | 'updatedAt'> & {
  priceKobo: string;
  createdAt: string | Date;
  updatedAt: string | Date;
};
type TodayEntry = { tip: TipRow; plan: PlanRow; figures: PlanFigures };
/** A tip of today in both forms the lock rule can give it, serialised once per cache fill. */
type TodayJson = { tip: TipRow; openJson: string; lockedJson: string };
/**
 * Today's tips as of one cache fill, and the answers built from them, one per set of tips the
 * lock rule opened (most viewers share one: nothing open, or one plan's tips), at most
 * TODAY_ANSWERS of them.
 */
type TodayCache = { dayEndsAt: number; at: number; entries: TodayJson[]; answers: Map<string, Buffer> };
const TODAY_ANSWERS = 256;

export class RolloverService {
  private todayCache: TodayCache | undefined;
  /** Plans' terms as this process last read them, for subscriptions (checked by the statement). */
  private readonly seenPlans = new Map<string, PlanRow>();
  private readonly changeListeners: Array<() => void> = [];

  /** Asked on a tips request by a viewer this process does not remember: prepared once. */
  private readonly viewerRows;
  private readonly viewers: SharedCache<RememberedViewer>;

  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      realtime: Realtime;
      invalidation: Invalidation;
      notifications: NotificationsService;
      logger: Logger;
    },
  ) {
    this.viewers = new SharedCache(deps.invalidation, 'user', {
      maxEntries: REMEMBERED_VIEWERS,
      ttlMs: REMEMBER_VIEWER_MS,
    });
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
    this.seenPlans.clear();
    this.subscriptionsChanged();
  }

  /** A subscription changes today's figures, never a plan's terms. */
  private subscriptionsChanged(): void {
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
        .where(
          and(
            inArray(rolloverTips.planId, planIds),
            inArray(rolloverTips.result, ['won', 'lost']),
            countedInRecords(rolloverTips.demo),
          ),
        )
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

  /** A plan's terms for a subscription: from memory, or read (prepared) when unknown or `fresh`. */
  private async planTerms(planId: string, fresh: boolean): Promise<PlanRow> {
    const seen = fresh ? undefined : this.seenPlans.get(planId);
    if (seen) return seen;
    const [row] = await executePrepared<LockedPlanRow>(
      this.deps.db,
      'rollover_plan_terms',
      sql`select id, name, description, price_kobo::text as "priceKobo", duration_days as "durationDays",
        odds::float8 as odds, slot_limit as "slotLimit", post_limit as "postLimit", active,
        demo,
        created_at as "createdAt", updated_at as "updatedAt"
        from rollover_plans where id = ${planId}::uuid`,
    );
    if (!row) throw notFound(rolloverMessages.planNotFound);
    const plan: PlanRow = {
      ...row,
      priceKobo: BigInt(row.priceKobo),
      odds: Number(row.odds),
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
    };
    this.seenPlans.set(planId, plan);
    return plan;
  }

  async getPlan(planId: string): Promise<RolloverPlan> {
    const plan = await this.findPlan(this.deps.db, planId);
    const figures = await this.planFigures(this.deps.db, [plan.id]);
    return toRolloverPlanView(plan, figures.get(plan.id) ?? noFigures);
  }

  /**
   * One statement, `rollover_subscribe` (migration 0006): it locks the plan's row, so subscriptions
   * to one plan are decided one after the other with every earlier one in view (the slot limit and
   * "one running subscription per plan" stay exact), then refuses, or records the subscription,
   * moves the money through the ledger (an overdraft rolls everything back) and adds the activity
   * item. The plan's terms come from this process's memory of them; the function checks them and
   * answers 'stale' when an admin changed the plan, and the plan is read again.
   */
  async subscribe(viewer: RolloverViewer, planId: string, walletType: WalletType) {
    if (!isUuid(planId)) throw notFound(rolloverMessages.planNotFound);
    const { db, clock, realtime } = this.deps;
    const now = clock.now();
    const startDay = lagosDay(now);
    const subscriptionId = randomUUID();
    let outcome: {
      plan: PlanRow;
      taken: number;
      payment: unknown;
      expiresAt: Date;
      activity: ActivityItem;
      notice: ProductNotice;
    };
    for (let attempt = 1; ; attempt++) {
      const plan = await this.planTerms(planId, attempt > 1);
      const expiresAt = lagosMidnightEnding(startDay, plan.durationDays);
      const activity: ActivityItem = {
        id: randomUUID(),
        icon: 'calendar',
        color: 'blue',
        title: 'Rollover plan subscribed',
        description: `${plan.name}: ${plan.durationDays} day${plan.durationDays === 1 ? '' : 's'} at ${plan.odds} odds for ${describeNaira(plan.priceKobo)}.`,
        time: now.toISOString(),
      };
      const movement: Movement = {
        kind: 'subscription',
        idempotencyKey: `rollover-subscription:${subscriptionId}`,
        description: `Rollover plan ${plan.name}, ${plan.durationDays} days`,
        postings: [
          { account: { userId: viewer.userId, wallet: walletType }, amountKobo: -plan.priceKobo },
          { account: { system: 'revenue:subscriptions' }, amountKobo: plan.priceKobo },
        ],
      };
      // A free plan moves no money (the function skips ledger_move).
      const postings = plan.priceKobo > 0n ? movementPostings(movement) : '[]';
      const notice: ProductNotice = {
        id: randomUUID(),
        userId: viewer.userId,
        kind: 'subscription',
        title: `Subscribed to ${plan.name}`,
        summary: `${plan.durationDays} days at ${plan.odds} odds.`,
        message: `Day 1 of ${plan.durationDays} is today. Each day's tip opens on My Rollover as soon as it is posted.`,
        type: 'success',
        link: '/my-rollover',
        dedupeKey: `subscription:${subscriptionId}`,
        at: now,
        // Answered on the subscriber's screen the same second: the bell keeps it, nothing repeats it.
        inAppOnly: true,
      };
      let answer: { refusal: string | null; taken?: number; payment?: unknown };
      let restriction: Restriction | null = null;
      try {
        // The subscriber's notification is written by the same statement, only when the function
        // subscribed: it exists exactly when the subscription does.
        // A time-out or self-exclusion closes subscriptions (PRODUCT 13): the function is not called then.
        const [row] = await executePrepared<{
          outcome: typeof answer | string | null;
          restriction: RestrictionKind | null;
          restrictedUntil: string | Date | null;
        }>(
          db,
          'rollover_subscribe',
          sql`with restricted as (select restriction_kind, restricted_until from users
              where id = ${viewer.userId}::uuid and ${restrictedAt(now)}),
            subscribed as (select rollover_subscribe(${subscriptionId}::uuid, ${viewer.userId}::uuid,
            ${plan.id}::uuid, ${walletType}::text, ${now.toISOString()}::timestamptz, ${startDay}::date,
            ${expiresAt.toISOString()}::timestamptz, ${plan.updatedAt.toISOString()}::timestamptz,
            ${String(plan.priceKobo)}::bigint, ${plan.durationDays}::int,
            ${movement.idempotencyKey}::text, ${movement.description}::text, ${postings}::jsonb,
            ${activity.id}::uuid, ${activity.icon}::text, ${activity.color}::text, ${activity.title}::text,
            ${activity.description}::text) as outcome where not exists (select 1 from restricted))
            select subscribed.outcome, restricted.restriction_kind as restriction,
              restricted.restricted_until as "restrictedUntil",
              case when subscribed.outcome is not null and subscribed.outcome->>'refusal' is null then ${productNoticeCall(notice)} end as noticed
            from (select 1) as one left join subscribed on true left join restricted on true`,
        );
        if (!row) throw new Error('rollover_subscribe answered no row');
        if (row.restriction && row.restrictedUntil) {
          restriction = { kind: row.restriction, until: new Date(row.restrictedUntil).toISOString() };
        }
        answer =
          typeof row.outcome === 'string'
            ? JSON.parse(row.outcome)
            : (row.outcome ?? { refusal: 'restricted' });
      } catch (error) {
        throw ledgerRefusal(error);
      }
      if (restriction) throw restrictedError(restriction);
      if (answer.refusal === 'stale') {
        if (attempt < 3) continue;
        // Changed again on every try: an admin is editing it right now.
        throw new AppError('CONFLICT', 409, rolloverMessages.planChanged);
      }
      if (answer.refusal === 'not-found') {
        this.seenPlans.delete(planId);
        throw notFound(rolloverMessages.planNotFound);
      }
      if (answer.refusal === 'inactive')
        throw new AppError('CONFLICT', 409, rolloverMessages.planNotAvailable);
      if (answer.refusal === 'already-subscribed')
        throw new AppError('CONFLICT', 409, rolloverMessages.alreadySubscribed);
      if (answer.refusal === 'full') throw new AppError('CONFLICT', 409, rolloverMessages.planFull);
      if (answer.refusal !== null) throw new Error(`rollover_subscribe refused: ${answer.refusal}`);
      outcome = {
        plan,
        taken: Number(answer.taken ?? 0),
        payment: answer.payment,
        expiresAt,
        activity,
        notice,
      };
      break;
    }
    const { plan } = outcome;
    const { logger } = this.deps;
    // Subscribed: from here nothing may answer the subscription as failed (lib/committed.ts).
    return answerOnceCommitted(logger, rolloverMessages.subscribedPlain, async () => {
      // Before answering: the subscriber's next request may reach another process.
      await this.deps.invalidation.publish('user', [viewer.userId]);
      const balances =
        plan.priceKobo > 0n
          ? balancesAfter(readMovementOutcome(outcome.payment), viewer.userId)
          : await getWalletBalances(db, viewer.userId);
      const figures: PlanFigures = { ...noFigures, activeSubscribers: outcome.taken + 1 };
      await afterCommit(logger, "the subscription's events", () => {
        this.subscriptionsChanged();
        realtime.publish({ kind: 'public' }, 'live-activity', {
          type: 'rolloverPlan',
          id: plan.id,
          count: figures.activeSubscribers,
          slotsLeft: planSlotsLeft(plan, figures),
          soldOut: planSlotsLeft(plan, figures) === 0,
        });
        announceActivity(realtime, viewer.userId, outcome.activity);
        this.deps.notifications.announceProductNotice(outcome.notice);
      });
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
    });
  }

  /** The user's subscriptions, running ones first, then the most recent. */
  async mySubscriptions(viewer: RolloverViewer): Promise<RolloverSubscription[]> {
    const now = this.deps.clock.now();
    const rows = await this.deps.db
      .select({
        subscription: rolloverSubscriptions,
        plan: { name: rolloverPlans.name, odds: rolloverPlans.odds, demo: rolloverPlans.demo },
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
   * What the lock rule needs to know about a signed-in viewer: whether they are an admin, and
   * their subscriptions (the most recent SUBSCRIPTIONS_CONSIDERED). Read in one indexed query and
   * remembered until this user's role or subscriptions change in any process (decision 008);
   * which subscriptions are running is worked out from the clock on every call.
   */
  async tipViewer(userId: string): Promise<TipViewer> {
    const now = this.deps.clock.now();
    const viewer = await this.viewers.get(userId, async () => {
      const rows = await this.viewerRows.execute({ userId });
      const subscriptions = rows.flatMap(({ planId, startDay, durationDays, expiresAt }) =>
        planId && startDay && durationDays && expiresAt
          ? [{ planId, startDay, durationDays, expiresAt }]
          : [],
      );
      return {
        isAdmin: rows[0]?.role === 'admin',
        subscriptions: subscriptions.map(({ planId, expiresAt }) => ({ planId, expiresAt })),
        coveredDays: subscriptions.map((row) => ({
          planId: row.planId,
          firstDay: row.startDay,
          lastDay: addLagosDays(row.startDay, row.durationDays - 1),
        })),
      };
    });
    if (viewer.isAdmin) return { ...nobody, isAdmin: true };
    return {
      isAdmin: false,
      activePlanIds: new Set(
        viewer.subscriptions.filter((row) => row.expiresAt > now).map((row) => row.planId),
      ),
      coveredDays: viewer.coveredDays,
    };
  }

  /**
   * Today's (Lagos) tips of every active plan, newest first, as JSON ready to send. Each tip is
   * serialised twice when the cache is filled — open and locked, both by the one view function —
   * and each request only picks, per tip, the form the lock rule gives this viewer; viewers to
   * whom the rule opens the same tips share one answer.
   */
  async todayJson(viewer: RolloverViewer): Promise<Buffer> {
    const [today, tipViewer] = await Promise.all([this.todayTips(), this.tipViewer(viewer.userId)]);
    const open = today.entries.map((entry) => tipUnlockedFor(tipViewer, entry.tip));
    const key = open.map((isOpen) => (isOpen ? '1' : '0')).join('');
    const known = today.answers.get(key);
    if (known) return known;
    const answer = Buffer.from(
      `[${today.entries.map((entry, index) => (open[index] ? entry.openJson : entry.lockedJson)).join(',')}]`,
    );
    if (today.answers.size < TODAY_ANSWERS) today.answers.set(key, answer);
    return answer;
  }

  async today(viewer: RolloverViewer): Promise<RolloverTip[]> {
    return JSON.parse((await this.todayJson(viewer)).toString()) as RolloverTip[];
  }

  private async todayTips(): Promise<TodayCache> {
    const cached = this.todayCache;
    if (
      cached &&
      Date.now() - cached.at < TODAY_TTL_MS &&
      this.deps.clock.now().getTime() < cached.dayEndsAt
    ) {
      return cached;
    }
    const day = lagosDay(this.deps.clock.now());
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
    this.todayCache = {
      dayEndsAt: lagosMidnightEnding(day, 1).getTime(),
      at: Date.now(),
      entries,
      answers: new Map(),
    };
    return this.todayCache;
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

  /** Tips with their games and their plans' figures, in three queries whatever the count. */
  async withFigures(rows: { tip: Omit<TipRow, 'games'>; plan: PlanRow }[]): Promise<TodayEntry[]> {
    const [figures, games] = await Promise.all([
      this.planFigures(this.deps.db, [...new Set(rows.map((row) => row.plan.id))]),
      gamesOf(
        this.deps.db,
        'rollover',
        rows.map((row) => row.tip.id),
      ),
    ]);
    return rows.map((row) => ({
      tip: { ...row.tip, games: games.get(row.tip.id) ?? [] },
      plan: row.plan,
      figures: figures.get(row.plan.id) ?? noFigures,
    }));
  }
}
