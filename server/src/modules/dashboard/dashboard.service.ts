import { createHash } from 'node:crypto';
import type { PurchaseSummary } from '@cashtips/contract/booking-codes';
import {
  COMMUNITY_FEED_SIZE,
  type CommunityEvent,
  type CommunityResponse,
  type DashboardStats,
  PERFORMANCE_WINDOW_DAYS,
  type ProfileStatistics,
  TOP_REFERRERS_SIZE,
} from '@cashtips/contract/dashboard';
import { lagosDay, lagosDayStart } from '@cashtips/contract/lagos-time';
import { koboToNaira, nairaToKobo } from '@cashtips/contract/money';
import { successRate } from '@cashtips/contract/success-rate';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Invalidation, SharedCache } from '../../db/invalidation.ts';
import { executePrepared } from '../../db/prepared.ts';
import { rolloverSubscriptions } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ReferralsService } from '../referrals/referrals.service.ts';
import { countedInRecords } from '../settlement/record-rule.ts';

const DAY_MS = 86_400_000;
/** Figures that are the same for every user: read at most this often per process. */
const SHARED_FIGURES_TTL_MS = 2000;
/** A user's own figures are remembered at most this long (and forgotten on every change, below). */
const OWN_FIGURES_TTL_MS = 30_000;
const OWN_FIGURES_ENTRIES = 20_000;

interface OwnFigures {
  activePlans: number;
  performance: DashboardStats['performance'];
  /** When the clock alone changes these figures (a code or plan expires, a purchase leaves the window). */
  validUntil: number | null;
}

type Rows<T> = { rows: T[] };

/** A value every user sees alike, read once per interval however many dashboards ask at once. */
class SharedFigures<Value> {
  private value: { at: number; data: Value } | undefined;
  private loading: Promise<Value> | undefined;

  constructor(private readonly load: () => Promise<Value>) {}

  get(): Promise<Value> {
    if (this.value && Date.now() - this.value.at < SHARED_FIGURES_TTL_MS)
      return Promise.resolve(this.value.data);
    this.loading ??= this.load()
      .then((data) => {
        this.value = { at: Date.now(), data };
        return data;
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}

/** "Ada O.": a first name and last initial, all the community ever shows of anyone. */
const shortName = (firstName: string, lastName: string) =>
  lastName ? `${firstName} ${lastName.slice(0, 1).toUpperCase()}.` : firstName;

/** A feed line's key: stable, but not the id of the purchase or subscription row. */
const feedKey = (kind: string, id: string) =>
  createHash('sha256').update(`community:${kind}:${id}`).digest('base64url').slice(0, 16);

const formatOdds = (odds: number) => Number(odds).toFixed(2);

/** My Codes' figures over every purchase (the booking codes' own count, reused by the profile). */
export type CodeFigures = (userId: string) => Promise<Omit<PurchaseSummary, 'success'>>;

export interface DashboardDeps {
  db: Database;
  clock: Clock;
  referrals: ReferralsService;
  codeFigures: CodeFigures;
  /** Whether free tips go to a Telegram channel (a bot token is set). */
  telegramChannel: boolean;
  invalidation: Invalidation;
}

/** The dashboard's figures (PRODUCT 9) and the community widget, from the rows themselves. */
export class DashboardService {
  private readonly summary = new SharedFigures(() => this.loadSummary());
  private readonly community = new SharedFigures(() => this.loadCommunity());

  /**
   * A user's own figures (their purchases' and plans'), the costly part of the answer: remembered
   * per user and forgotten in every process when they change (decision 012): the user's purchase,
   * subscription (topic 'user') or any booking code's settlement or edit (everyone's), and when the
   * clock reaches the next expiry or a purchase leaves the 30-day window.
   */
  private readonly own: SharedCache<OwnFigures>;

  constructor(private readonly deps: DashboardDeps) {
    this.own = new SharedCache(deps.invalidation, 'dashboard', {
      maxEntries: OWN_FIGURES_ENTRIES,
      ttlMs: OWN_FIGURES_TTL_MS,
    });
    deps.invalidation.register('user', this.own);
  }

  /** Forget these users' own figures here and in every other process; `EVERY_KEY` forgets everyone's. */
  figuresChanged(userIds: readonly string[]): Promise<void> {
    return this.deps.invalidation.publish('dashboard', userIds);
  }

  async stats(userId: string): Promise<Omit<DashboardStats, 'success'>> {
    const [own, referrals, shared] = await Promise.all([
      this.ownFigures(userId),
      this.deps.referrals.figures(userId),
      this.summary.get(),
    ]);
    return {
      subscriptions: { activePlans: own.activePlans },
      referrals,
      performance: own.performance,
      summary: shared.summary,
      rollover: shared.rollover,
    };
  }

  /**
   * The profile's statistics: the codes as My Codes counts them, the user's subscriptions ever, and
   * what both cost. Money is added in kobo; a user's own rate counts from the first settled code.
   */
  async profileStatistics(userId: string): Promise<Omit<ProfileStatistics, 'success'>> {
    const [codes, [plans]] = await Promise.all([
      this.deps.codeFigures(userId),
      this.deps.db
        .select({
          subscribed: sql<number>`count(*)::int`,
          spentKobo: sql<string>`coalesce(sum(${rolloverSubscriptions.priceKobo}), 0)::text`,
        })
        .from(rolloverSubscriptions)
        .where(eq(rolloverSubscriptions.userId, userId)),
    ]);
    const plansKobo = BigInt(plans?.spentKobo ?? '0');
    return {
      codesBought: codes.bought,
      plansSubscribed: plans?.subscribed ?? 0,
      spent: {
        codes: codes.spent,
        plans: koboToNaira(plansKobo),
        total: koboToNaira(nairaToKobo(codes.spent) + plansKobo),
      },
      won: codes.won,
      lost: codes.lost,
      successRate: successRate(codes.won, codes.lost, 1),
    };
  }

  private async ownFigures(userId: string): Promise<OwnFigures> {
    const remembered = await this.own.get(userId, () => this.loadOwnFigures(userId));
    if (remembered.validUntil === null || this.deps.clock.now().getTime() < remembered.validUntil)
      return remembered;
    this.own.forget(userId);
    return this.own.get(userId, () => this.loadOwnFigures(userId));
  }

  private async loadOwnFigures(userId: string): Promise<OwnFigures> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const since = new Date(now.getTime() - PERFORMANCE_WINDOW_DAYS * DAY_MS);
    const [row] = await executePrepared<{
      active_plans: number;
      purchases: number;
      spent_kobo: string;
      won: number;
      lost: number;
      avg_odds: number | null;
      active_codes: number;
      expired_codes: number;
      next_expiry: string | Date | null;
      oldest_purchase: string | Date | null;
    }>(
      db,
      'dashboard_own_stats',
      sql`
      select
        (select count(*)::int from rollover_subscriptions s
          where s.user_id = ${userId}::uuid and s.expires_at > ${now.toISOString()}::timestamptz) as active_plans,
        count(p.id)::int as purchases,
        coalesce(sum(p.price_kobo), 0)::text as spent_kobo,
        -- A demo code's result is no record, the user's own included (PRODUCT 15).
        count(*) filter (where c.result = 'won' and ${countedInRecords(sql`c.demo`)})::int as won,
        count(*) filter (where c.result = 'lost' and ${countedInRecords(sql`c.demo`)})::int as lost,
        avg(c.total_odds)::float8 as avg_odds,
        -- Active: still on sale (not expired, not settled), as the booking codes' onSale rule and My Codes.
        count(*) filter (where c.expires_at > ${now.toISOString()}::timestamptz and c.result = 'pending')::int as active_codes,
        count(*) filter (where c.expires_at <= ${now.toISOString()}::timestamptz or c.result <> 'pending')::int as expired_codes,
        least(
          (select min(s.expires_at) from rollover_subscriptions s
            where s.user_id = ${userId}::uuid and s.expires_at > ${now.toISOString()}::timestamptz),
          min(c.expires_at) filter (where c.expires_at > ${now.toISOString()}::timestamptz and c.result = 'pending')
        ) as next_expiry,
        min(p.created_at) as oldest_purchase
      from code_purchases p
      join booking_codes c on c.id = p.code_id
      where p.user_id = ${userId}::uuid and p.created_at >= ${since.toISOString()}::timestamptz`,
    );
    if (!row) throw new Error('dashboard aggregate returned no row');
    const instants = [
      row.next_expiry === null ? null : new Date(row.next_expiry).getTime(),
      row.oldest_purchase === null
        ? null
        : new Date(row.oldest_purchase).getTime() + PERFORMANCE_WINDOW_DAYS * DAY_MS,
    ].filter((instant): instant is number => instant !== null);
    return {
      activePlans: row.active_plans,
      performance: {
        totalPurchases: row.purchases,
        totalSpent: koboToNaira(BigInt(row.spent_kobo)),
        // A user's own rate counts from the first settled code (PRODUCT 9), not from five.
        successRate: successRate(row.won, row.lost, 1),
        avgOdds: row.avg_odds === null ? null : Math.round(row.avg_odds * 100) / 100,
        activeCodes: row.active_codes,
        expiredCodes: row.expired_codes,
      },
      validUntil: instants.length ? Math.min(...instants) : null,
    };
  }

  private async loadSummary(): Promise<Pick<DashboardStats, 'summary' | 'rollover'>> {
    const { db, clock, telegramChannel } = this.deps;
    const now = clock.now();
    const today = lagosDay(now);
    const todayStart = lagosDayStart(today);
    const monthAgo = new Date(now.getTime() - PERFORMANCE_WINDOW_DAYS * DAY_MS);
    const result = (await db.execute(sql`
      select
        (select count(*)::int from rollover_plans where active and price_kobo > 0 and duration_days > 0) as plans,
        (select count(*)::int from free_tips where published_at >= ${todayStart.toISOString()}::timestamptz and published_at <= ${now.toISOString()}::timestamptz)
          + (select count(*)::int from rollover_tips where day = ${today}::date) as tips_today,
        (select count(distinct user_id)::int from rollover_subscriptions where expires_at > ${now.toISOString()}::timestamptz) as subscribed,
        (select count(*)::int from free_tips where published_at >= ${monthAgo.toISOString()}::timestamptz and published_at <= ${now.toISOString()}::timestamptz) as channel_tips,
        (select count(*)::int from rollover_tips where result = 'won' and ${countedInRecords(sql`demo`)}) as rollover_won,
        (select count(*)::int from rollover_tips where result = 'lost' and ${countedInRecords(sql`demo`)}) as rollover_lost`)) as Rows<{
      plans: number;
      tips_today: number;
      subscribed: number;
      channel_tips: number;
      rollover_won: number;
      rollover_lost: number;
    }>;
    const row = result.rows[0];
    if (!row) throw new Error('dashboard summary returned no row');
    return {
      summary: {
        plansAvailable: row.plans,
        tipsToday: row.tips_today,
        usersSubscribed: row.subscribed,
        telegramTips: telegramChannel ? row.channel_tips : 0,
      },
      rollover: {
        // The same minimum sample as each plan's rate (PRODUCT 6b), with its sample beside it.
        successRate: successRate(row.rollover_won, row.rollover_lost),
        won: row.rollover_won,
        lost: row.rollover_lost,
      },
    };
  }

  communityFeed(): Promise<Omit<CommunityResponse, 'success'>> {
    return this.community.get();
  }

  private async loadCommunity(): Promise<Omit<CommunityResponse, 'success'>> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const month = lagosDay(now).slice(0, 7);
    const monthStart = lagosDayStart(`${month}-01`);
    const [purchases, subscriptions, wins, referrers] = await Promise.all([
      db.execute(sql`
        select p.id, p.created_at, u.first_name, u.last_name, c.total_odds
        from code_purchases p
        join users u on u.id = p.user_id and u.community_visible
        join booking_codes c on c.id = p.code_id
        where p.created_at <= ${now.toISOString()}::timestamptz
        order by p.created_at desc limit ${COMMUNITY_FEED_SIZE}`) as Promise<
        Rows<{
          id: string;
          created_at: string | Date;
          first_name: string;
          last_name: string;
          total_odds: string;
        }>
      >,
      db.execute(sql`
        select s.id, s.started_at, u.first_name, u.last_name, r.name
        from rollover_subscriptions s
        join users u on u.id = s.user_id and u.community_visible
        join rollover_plans r on r.id = s.plan_id
        where s.started_at <= ${now.toISOString()}::timestamptz
        order by s.started_at desc limit ${COMMUNITY_FEED_SIZE}`) as Promise<
        Rows<{ id: string; started_at: string | Date; first_name: string; last_name: string; name: string }>
      >,
      db.execute(sql`
        select p.id, c.settled_at, u.first_name, u.last_name, c.total_odds
        from (select id, settled_at, total_odds from booking_codes
              where result = 'won' and settled_at is not null and ${countedInRecords(sql`demo`)}
              order by settled_at desc limit ${COMMUNITY_FEED_SIZE}) c
        join code_purchases p on p.code_id = c.id
        join users u on u.id = p.user_id and u.community_visible
        order by c.settled_at desc, p.created_at asc limit ${COMMUNITY_FEED_SIZE}`) as Promise<
        Rows<{
          id: string;
          settled_at: string | Date;
          first_name: string;
          last_name: string;
          total_odds: string;
        }>
      >,
      db.execute(sql`
        select r.first_name, r.last_name, count(*)::int as referrals
        from users u
        join users r on r.id = u.referred_by_user_id and r.community_visible
        where u.email_verified_at >= ${monthStart.toISOString()}::timestamptz and u.email_verified_at <= ${now.toISOString()}::timestamptz
        group by r.id, r.first_name, r.last_name
        order by count(*) desc, min(u.email_verified_at) asc
        limit ${TOP_REFERRERS_SIZE}`) as Promise<
        Rows<{ first_name: string; last_name: string; referrals: number }>
      >,
    ]);
    const iso = (value: string | Date) => new Date(value).toISOString();
    const feed: CommunityEvent[] = [
      ...purchases.rows.map((row) => ({
        _id: feedKey('purchase', row.id),
        kind: 'purchase' as const,
        name: shortName(row.first_name, row.last_name),
        text: `bought a ${formatOdds(Number(row.total_odds))} odds booking code`,
        at: iso(row.created_at),
      })),
      ...subscriptions.rows.map((row) => ({
        _id: feedKey('subscription', row.id),
        kind: 'subscription' as const,
        name: shortName(row.first_name, row.last_name),
        text: `subscribed to ${row.name}`,
        at: iso(row.started_at),
      })),
      ...wins.rows.map((row) => ({
        _id: feedKey('win', row.id),
        kind: 'win' as const,
        name: shortName(row.first_name, row.last_name),
        text: `won with a ${formatOdds(Number(row.total_odds))} odds booking code`,
        at: iso(row.settled_at),
      })),
    ]
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, COMMUNITY_FEED_SIZE);
    return {
      feed,
      topReferrers: referrers.rows.map((row, index) => ({
        rank: index + 1,
        name: shortName(row.first_name, row.last_name),
        referrals: row.referrals,
      })),
      month,
    };
  }
}
