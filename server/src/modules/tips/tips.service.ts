import { addLagosDays, lagosClockTime, lagosDay } from '@cashtips/contract/lagos-time';
import type { Outcome } from '@cashtips/contract/matches';
import { RECORD_WINDOWS } from '@cashtips/contract/site';
import { successRate } from '@cashtips/contract/success-rate';
import {
  type AdminFreeTip,
  type FreeTip,
  type freeTipInputSchema,
  type freeTipUpdateSchema,
  type PastTipsResponse,
  type RecordWeek,
  type RecordWindow,
  type TipRecord,
  tipMessages,
  tipStatus,
} from '@cashtips/contract/tips';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { likePattern } from '../../db/like.ts';
import { freeTips, matches, selections } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageInfo } from '../../lib/pages.ts';
import { PublicPageCache } from '../../lib/public-page-cache.ts';
import { changedFields, recordAudit } from '../admin/audit.ts';
import { type GameInput, matchLive, saveGames, scoreOf } from '../matches/games.ts';
import type { ResultsService } from '../matches/results.service.ts';
import { nothingSettled, type SettlementOutcome } from '../matches/settlement.ts';
import { priceRecord, type SettledItem } from '../settlement/price-record.ts';
import { countedInRecords } from '../settlement/record-rule.ts';
import type { SettledResult } from '../settlement/settlement-rule.ts';

type TipInput = z.output<typeof freeTipInputSchema>;
type TipUpdate = z.output<typeof freeTipUpdateSchema>;
type FreeTipRow = typeof freeTips.$inferSelect;
type MatchRow = typeof matches.$inferSelect;
interface Joined {
  tip: FreeTipRow;
  match: MatchRow;
  pick: { prediction: string | null; outcome: Outcome };
}

/** How long the record and its weekly series are served from memory (settling clears them at once). */
const RECORD_TTL_MS = 30_000;
const WEEKS_SHOWN = 104;

/** The one place a free tip is shaped for anyone: it is public, nothing in it is paid for. */
export function toFreeTipView({ tip, match, pick }: Joined): FreeTip {
  return {
    _id: tip.id,
    league: match.league,
    teams: `${match.homeTeam} vs ${match.awayTeam}`,
    teamA: match.homeTeam,
    teamB: match.awayTeam,
    kickoff: match.kickoff.toISOString(),
    time: lagosClockTime(match.kickoff),
    prediction: pick.prediction ?? '',
    totalOdds: tip.totalOdds,
    date: match.matchDay,
    status: tipStatus(tip.result),
    result: tip.result,
    score: scoreOf(match),
    matchId: match.id,
    live: matchLive(match),
    note: tip.note,
    confidence: tip.confidence,
    modelProbability: tip.modelProbability,
    publishedAt: tip.publishedAt.toISOString(),
    demo: tip.demo,
  };
}

function toAdminFreeTipView(joined: Joined): AdminFreeTip {
  return {
    ...toFreeTipView(joined),
    settledAt: joined.tip.settledAt?.toISOString() ?? null,
    updatedAt: joined.tip.updatedAt.toISOString(),
  };
}

const auditShape = ({ tip, match, pick }: Joined) => ({
  matchId: match.id,
  match: `${match.homeTeam} vs ${match.awayTeam}`,
  league: match.league,
  kickoff: match.kickoff.toISOString(),
  prediction: pick.prediction,
  totalOdds: tip.totalOdds,
  note: tip.note,
  confidence: tip.confidence,
  modelProbability: tip.modelProbability,
  result: tip.result,
});

/**
 * Free tips (PRODUCT 6b): one public game each, today's list, the past list and the track record
 * computed from settled results; posted, edited and settled by admins.
 */
export class TipsService {
  private readonly todayCache = new PublicPageCache<string>();
  private readonly pastCache = new PublicPageCache<{ page: number; limit: number; day: string }>();
  private recordCache:
    | { at: number; day: string; value: Awaited<ReturnType<TipsService['computeRecord']>> }
    | undefined;
  private readonly changeListeners: Array<() => void> = [];
  private readonly publishedListeners: Array<(tip: FreeTip) => void> = [];
  private readonly publishingHooks: Array<(tx: Executor, tip: FreeTip) => Promise<void>> = [];

  constructor(private readonly deps: { db: Database; clock: Clock; results: ResultsService }) {
    deps.results.onSettled((kinds) => {
      if (kinds.has('free')) this.changed();
    });
  }

  /** Told whenever this process changes free tips or their results (the landing page listens). */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  /** Told after a new free tip is committed. */
  onPublished(listener: (tip: FreeTip) => void): void {
    this.publishedListeners.push(listener);
  }

  /**
   * Called inside the transaction that publishes a free tip, so what it records (the Telegram
   * channel's post job) exists exactly when the tip does.
   */
  onPublishing(hook: (tx: Executor, tip: FreeTip) => Promise<void>): void {
    this.publishingHooks.push(hook);
  }

  changed(): void {
    this.todayCache.clear();
    this.pastCache.clear();
    this.recordCache = undefined;
    for (const listener of this.changeListeners) listener();
  }

  private joined(db: Executor) {
    return db
      .select({
        tip: freeTips,
        match: matches,
        pick: { prediction: selections.prediction, outcome: selections.outcome },
      })
      .from(freeTips)
      .innerJoin(selections, and(eq(selections.freeTipId, freeTips.id), eq(selections.position, 0)))
      .innerJoin(matches, eq(matches.id, selections.matchId));
  }

  private today(): string {
    return lagosDay(this.deps.clock.now());
  }

  /** Today's (Lagos) free tips, by kickoff, as ready JSON. */
  async todayJson(): Promise<string> {
    const day = this.today();
    const page = await this.todayCache.get(day, async () => {
      const rows = await this.joined(this.deps.db)
        .where(eq(matches.matchDay, day))
        .orderBy(asc(matches.kickoff), asc(freeTips.id))
        .limit(50);
      return { items: rows.map(toFreeTipView), total: rows.length };
    });
    return page.json;
  }

  async todayTips(): Promise<FreeTip[]> {
    return JSON.parse(await this.todayJson()) as FreeTip[];
  }

  /**
   * The past tips answer, ready to send: settled tips and those of earlier days, newest first, one
   * page, with the record (PRODUCT 6b); built once per page every 2 s (and on any change here).
   */
  async pastPage(page: number, limit: number): Promise<{ json: string; total: number }> {
    const day = this.today();
    const past = sql`(${freeTips.result} <> 'pending' or ${matches.matchDay} < ${day}::date)`;
    return this.pastCache.get({ page, limit, day }, async () => {
      const [rows, totals, { record }] = await Promise.all([
        this.joined(this.deps.db)
          .where(past)
          .orderBy(desc(matches.kickoff), desc(freeTips.id))
          .limit(limit)
          .offset((page - 1) * limit),
        this.deps.db
          .select({ value: count() })
          .from(freeTips)
          .innerJoin(selections, and(eq(selections.freeTipId, freeTips.id), eq(selections.position, 0)))
          .innerJoin(matches, eq(matches.id, selections.matchId))
          .where(past),
        this.record(),
      ]);
      const total = totals[0]?.value ?? 0;
      const body: PastTipsResponse = {
        success: true,
        tips: rows.map(toFreeTipView),
        record,
        ...pageInfo(page, limit, total),
      };
      return { items: body, total };
    });
  }

  async record(): Promise<{ record: TipRecord; windows: RecordWindow[]; weeks: RecordWeek[] }> {
    const day = this.today();
    const cached = this.recordCache;
    if (cached && cached.day === day && Date.now() - cached.at < RECORD_TTL_MS) return cached.value;
    const value = await this.computeRecord(day);
    this.recordCache = { at: Date.now(), day, value };
    return value;
  }

  /**
   * Every figure from settled results: won ÷ (won + lost), void in neither (PRODUCT 6b); demo tips
   * are listed but never counted (PRODUCT 15), so an install with only demo tips has no record yet.
   */
  private async computeRecord(today: string) {
    const { db } = this.deps;
    const counted = countedInRecords(freeTips.demo);
    const base = () =>
      db
        .select({
          won: sql<number>`count(*) filter (where ${freeTips.result} = 'won')::int`,
          lost: sql<number>`count(*) filter (where ${freeTips.result} = 'lost')::int`,
          pending: sql<number>`count(*) filter (where ${freeTips.result} = 'pending')::int`,
          since: sql<
            string | null
          >`min(${matches.matchDay}) filter (where ${freeTips.result} in ('won', 'lost'))::text`,
        })
        .from(freeTips)
        .innerJoin(selections, and(eq(selections.freeTipId, freeTips.id), eq(selections.position, 0)))
        .innerJoin(matches, eq(matches.id, selections.matchId));
    const windowStart = (days: number) => addLagosDays(today, -(days - 1));
    const [settledTips, all, weekly, ...windows] = await Promise.all([
      // Each settled tip at the odds it was published at, and its game's closing market price.
      db
        .select({
          result: freeTips.result,
          postedOdds: freeTips.totalOdds,
          day: sql<string>`${matches.matchDay}::text`,
          close: selections.marketOddsClose,
          posted: sql<number | null>`coalesce(${selections.odds}, ${freeTips.totalOdds})::float8`,
        })
        .from(freeTips)
        .innerJoin(selections, and(eq(selections.freeTipId, freeTips.id), eq(selections.position, 0)))
        .innerJoin(matches, eq(matches.id, selections.matchId))
        .where(and(sql`${freeTips.result} in ('won', 'lost', 'void')`, counted)),
      base().where(counted),
      db
        .select({
          week: sql<string>`date_trunc('week', ${matches.matchDay})::date::text`,
          won: sql<number>`count(*) filter (where ${freeTips.result} = 'won')::int`,
          lost: sql<number>`count(*) filter (where ${freeTips.result} = 'lost')::int`,
        })
        .from(freeTips)
        .innerJoin(selections, and(eq(selections.freeTipId, freeTips.id), eq(selections.position, 0)))
        .innerJoin(matches, eq(matches.id, selections.matchId))
        .where(and(sql`${freeTips.result} in ('won', 'lost')`, counted))
        .groupBy(sql`1`)
        .orderBy(sql`1`),
      ...RECORD_WINDOWS.map((days) =>
        base().where(
          and(counted, sql`${matches.matchDay} between ${windowStart(days)}::date and ${today}::date`),
        ),
      ),
    ]);
    const totals = all[0] ?? { won: 0, lost: 0, pending: 0, since: null };
    const record = priceRecord(
      settledTips.map((tip) => ({
        result: tip.result as SettledItem['result'],
        postedOdds: tip.postedOdds,
        day: tip.day,
      })),
      settledTips.flatMap((tip) =>
        tip.close !== null && tip.posted !== null ? [{ posted: tip.posted, close: tip.close }] : [],
      ),
    );
    let won = 0;
    let lost = 0;
    const weeks: RecordWeek[] = weekly.map((week) => {
      won += week.won;
      lost += week.lost;
      return { week: week.week, won: week.won, lost: week.lost, runningRate: successRate(won, lost, 1) };
    });
    return {
      // 6b's success rate is the record's win rate: one computation for both keys.
      record: { ...record, pending: totals.pending, successRate: record.winRate },
      windows: RECORD_WINDOWS.map((days, index) => {
        const window = windows[index]?.[0] ?? { won: 0, lost: 0 };
        return {
          days,
          won: window.won,
          lost: window.lost,
          successRate: successRate(window.won, window.lost),
        };
      }),
      weeks: weeks.slice(-WEEKS_SHOWN),
    };
  }

  // --- Admin ----------------------------------------------------------------------------------

  private async find(db: Executor, tipId: string): Promise<Joined> {
    if (!isUuid(tipId)) throw notFound(tipMessages.tipNotFound);
    const [row] = await this.joined(db).where(eq(freeTips.id, tipId)).limit(1);
    if (!row) throw notFound(tipMessages.tipNotFound);
    return row;
  }

  async adminGet(tipId: string): Promise<AdminFreeTip> {
    return toAdminFreeTipView(await this.find(this.deps.db, tipId));
  }

  async adminList(query: {
    page: number;
    limit: number;
    result?: Outcome | undefined;
    q?: string | undefined;
  }) {
    const conditions: SQL[] = [];
    if (query.result) conditions.push(eq(freeTips.result, query.result));
    if (query.q) {
      const pattern = likePattern(query.q);
      const match = or(
        ilike(matches.homeTeam, pattern),
        ilike(matches.awayTeam, pattern),
        ilike(matches.league, pattern),
        ilike(selections.prediction, pattern),
      );
      if (match) conditions.push(match);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, totals] = await Promise.all([
      this.joined(this.deps.db)
        .where(where)
        .orderBy(desc(matches.kickoff), desc(freeTips.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.deps.db
        .select({ value: count() })
        .from(freeTips)
        .innerJoin(selections, and(eq(selections.freeTipId, freeTips.id), eq(selections.position, 0)))
        .innerJoin(matches, eq(matches.id, selections.matchId))
        .where(where),
    ]);
    return { tips: rows.map(toAdminFreeTipView), total: totals[0]?.value ?? 0 };
  }

  private gameOf(input: TipInput): GameInput {
    return {
      matchId: input.matchId,
      teamA: input.teamA,
      teamB: input.teamB,
      league: input.league,
      kickoff: input.kickoff,
      prediction: input.prediction,
      odds: input.totalOdds,
    };
  }

  async create(actorUserId: string, input: TipInput): Promise<AdminFreeTip> {
    const { db, clock, results } = this.deps;
    const now = clock.now();
    const { tip, settlement } = await inTransaction(db, async (tx) => {
      const [created] = await tx
        .insert(freeTips)
        .values({
          totalOdds: input.totalOdds,
          note: input.note || null,
          confidence: input.confidence ?? null,
          modelProbability: input.modelProbability ?? null,
          publishedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: freeTips.id });
      if (!created) throw new Error('free tip insert returned no row');
      await saveGames(tx, 'free', created.id, 'football', [this.gameOf(input)], now);
      const settlement = await results.settleFromGames(tx, { free: [created.id] }, now);
      const tip = await this.find(tx, created.id);
      for (const hook of this.publishingHooks) await hook(tx, toFreeTipView(tip));
      await recordAudit(tx, now, {
        actorUserId,
        action: 'free-tip.create',
        targetType: 'free-tip',
        targetId: created.id,
        before: null,
        after: auditShape(tip),
      });
      return { tip, settlement };
    });
    results.announce(settlement);
    this.changed();
    const view = toFreeTipView(tip);
    for (const listener of this.publishedListeners) listener(view);
    return toAdminFreeTipView(tip);
  }

  async update(actorUserId: string, tipId: string, input: TipUpdate): Promise<AdminFreeTip> {
    const { db, clock, results } = this.deps;
    const now = clock.now();
    const { tip, settlement } = await inTransaction(db, async (tx) => {
      // Locked: two admins editing at once are applied one after the other.
      await this.find(tx, tipId);
      await tx.select({ id: freeTips.id }).from(freeTips).where(eq(freeTips.id, tipId)).for('update');
      const before = await this.find(tx, tipId);
      const gameFields = [
        'matchId',
        'teamA',
        'teamB',
        'league',
        'kickoff',
        'prediction',
        'totalOdds',
      ] as const;
      let settlement: SettlementOutcome = nothingSettled();
      if (gameFields.some((field) => input[field] !== undefined)) {
        const kept = toFreeTipView(before);
        await saveGames(
          tx,
          'free',
          tipId,
          'football',
          [
            {
              // Retyped teams or kickoff find (or register) their match; otherwise the game stays on its own.
              matchId:
                input.matchId ?? (input.teamA || input.teamB || input.kickoff ? undefined : before.match.id),
              teamA: input.teamA ?? kept.teamA,
              teamB: input.teamB ?? kept.teamB,
              league: input.league ?? kept.league,
              kickoff: input.kickoff ?? kept.kickoff,
              prediction: input.prediction ?? kept.prediction,
              odds: input.totalOdds ?? kept.totalOdds,
            },
          ],
          now,
        );
        settlement = await results.settleFromGames(tx, { free: [tipId] }, now);
      }
      await tx
        .update(freeTips)
        .set({
          ...(input.totalOdds !== undefined && { totalOdds: input.totalOdds }),
          ...(input.note !== undefined && { note: input.note || null }),
          ...(input.confidence !== undefined && { confidence: input.confidence }),
          ...(input.modelProbability !== undefined && { modelProbability: input.modelProbability }),
          updatedAt: now,
        })
        .where(eq(freeTips.id, tipId));
      const tip = await this.find(tx, tipId);
      const changes = changedFields(auditShape(before), auditShape(tip));
      if (changes) {
        await recordAudit(tx, now, {
          actorUserId,
          action: 'free-tip.update',
          targetType: 'free-tip',
          targetId: tipId,
          ...changes,
        });
      }
      return { tip, settlement };
    });
    results.announce(settlement);
    this.changed();
    return toAdminFreeTipView(tip);
  }

  async remove(actorUserId: string, tipId: string): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    await inTransaction(db, async (tx) => {
      const tip = await this.find(tx, tipId);
      await tx.delete(freeTips).where(eq(freeTips.id, tipId));
      await recordAudit(tx, now, {
        actorUserId,
        action: 'free-tip.delete',
        targetType: 'free-tip',
        targetId: tipId,
        before: auditShape(tip),
        after: null,
      });
    });
    this.changed();
  }

  async settle(actorUserId: string, tipId: string, result: SettledResult, reason: string | undefined) {
    const { db, clock, results } = this.deps;
    if (!isUuid(tipId)) throw notFound(tipMessages.tipNotFound);
    const settled = await inTransaction(db, (tx) =>
      results.settleByHand(tx, 'free', tipId, { result, reason, actorUserId }, clock.now()),
    );
    results.announce(settled);
    if (settled.change !== 'unchanged') this.changed();
    return this.adminGet(tipId);
  }
}
