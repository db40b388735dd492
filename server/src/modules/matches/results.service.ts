import type { LiveStatus } from '@cashtips/contract/football';
import { describeMarket, parseMarket } from '@cashtips/contract/markets';
import {
  type AdminMatch,
  type adminMatchesQuerySchema,
  type ItemKind,
  itemKinds,
  MATCH_SEARCH_LIMIT,
  type MatchSearchResult,
  type matchResultRequestSchema,
  type Outcome,
  resultMessages,
  TO_SETTLE_AFTER_MS,
  type ToSettleItem,
} from '@cashtips/contract/matches';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { likePattern } from '../../db/like.ts';
import { matches, selections } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { announceActivity } from '../activity/activity.ts';
import { recordAudit } from '../admin/audit.ts';
import { closingOdds, pickPrice } from '../football/market-odds.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { announceWalletBalances } from '../wallet/wallet-events.ts';
import { type GameRow, gameOutcome, gamesOf, type MatchRow, matchLive, scoreOf } from './games.ts';
import {
  itemTitles,
  type NoticeRecorder,
  nothingSettled,
  type SettlementOutcome,
  settleByHand,
  settleFromGames,
} from './settlement.ts';

type MatchesQuery = z.output<typeof adminMatchesQuerySchema>;
type MatchResult = z.output<typeof matchResultRequestSchema>;
type Rows<T> = { rows: T[] };

/**
 * What a football data provider says settles a match once it is over (issue 24), kept on the match
 * until it is recorded: the 90-minute score, a void (awarded, walkover), or figures that disagree
 * (an admin decides). `recordAt` is when it will be recorded unless the match is held.
 */
export type ProviderResult =
  | { kind: 'score'; home: number; away: number; recordAt: string }
  | { kind: 'void'; reason: string; recordAt: string }
  /** `failed`: the result that could not be recorded, which the provider repeating it does not bring back. */
  | { kind: 'untrusted'; reason: string; failed?: ProviderResult };

/**
 * Matches waiting for an admin (issue 24): the provider's final figures disagree, or an admin held
 * a match the provider has finished.
 */
export const waitingForAdmin = sql`(m.status = 'scheduled' and m.provider_result is not null
  and (m.provider_result->>'kind' = 'untrusted' or m.held))`;

/** The market a prediction was read as, in words; null when it is settled by hand. */
export function marketText(
  match: Pick<MatchRow, 'sport' | 'homeTeam' | 'awayTeam'>,
  prediction: string | null,
) {
  if (match.sport !== 'football' || !prediction) return null;
  const teams = { home: match.homeTeam, away: match.awayTeam };
  const market = parseMarket(prediction, teams);
  return market ? describeMarket(market, teams) : null;
}

const kindOfSelection = (row: {
  bookingCodeId: string | null;
  rolloverTipId: string | null;
  freeTipId: string | null;
}) =>
  row.bookingCodeId
    ? { kind: 'code' as const, itemId: row.bookingCodeId }
    : row.rolloverTipId
      ? { kind: 'rollover' as const, itemId: row.rolloverTipId }
      : { kind: 'free' as const, itemId: row.freeTipId as string };

/**
 * Records a match's result and settles what it decides, inside the caller's transaction (the match
 * row already locked): the match's games get their outcomes, and their items are settled from them.
 * A match that already had a result is being corrected: items the games had settled follow.
 */
export async function applyMatchResult(
  tx: Executor,
  before: MatchRow,
  next: { status: 'finished' | 'void'; homeGoals: number | null; awayGoals: number | null },
  now: Date,
  audit: {
    actorUserId: string | null;
    reason?: string | undefined;
    /** Who recorded it when no user did ('api-football'): the audit log names the provider. */
    byProvider?: string | undefined;
  },
  record?: NoticeRecorder,
): Promise<{ match: MatchRow; outcome: SettlementOutcome }> {
  const correcting = before.status !== 'scheduled';
  const [match] = await tx
    .update(matches)
    .set({ ...next, resultAt: now, updatedAt: now })
    .where(eq(matches.id, before.id))
    .returning();
  if (!match) throw new Error('match vanished while recording its result');
  await recordAudit(tx, now, {
    actorUserId: audit.actorUserId,
    action: correcting ? 'match.result.correct' : 'match.result',
    targetType: 'match',
    targetId: before.id,
    before: { status: before.status, score: scoreOf(before) },
    after: {
      status: match.status,
      score: scoreOf(match),
      ...(audit.byProvider ? { by: 'provider', provider: audit.byProvider } : {}),
    },
    reason: audit.reason ?? null,
  });
  const games = await tx
    .select({
      id: selections.id,
      prediction: selections.prediction,
      outcome: selections.outcome,
      bookingCodeId: selections.bookingCodeId,
      rolloverTipId: selections.rolloverTipId,
      freeTipId: selections.freeTipId,
      marketOddsClose: selections.marketOddsClose,
    })
    .from(selections)
    .where(eq(selections.matchId, before.id));
  await keepClosingPrices(tx, match, games);
  const changed = games
    .map((game) => ({ ...game, next: gameOutcome(match, game.prediction) }))
    .filter((game) => game.next !== game.outcome);
  if (changed.length) {
    await tx.execute(sql`
      update selections set outcome = v.outcome,
        settled_at = case when v.outcome = 'pending' then null else ${now.toISOString()}::timestamptz end
      from unnest(${sql.param(changed.map((game) => game.id))}::uuid[],
        ${sql.param(changed.map((game) => game.next))}::text[]) as v(id, outcome)
      where selections.id = v.id`);
  }
  const affected: Record<ItemKind, string[]> = { code: [], rollover: [], free: [] };
  for (const game of changed) {
    const { kind, itemId } = kindOfSelection(game);
    affected[kind].push(itemId);
  }
  const outcome = await settleFromGames(tx, affected, now, {
    ...(correcting ? { correction: { actorUserId: audit.actorUserId, reason: audit.reason ?? '' } } : {}),
    ...(record ? { record } : {}),
  });
  return { match, outcome };
}

/**
 * Each game on the match keeps the closing market's fair price of its pick (PRODUCT 15), once: when
 * the match's result is first recorded, the last consensus before kickoff is final. A game that has
 * one keeps it through corrections; a pick the feed does not price keeps none.
 */
async function keepClosingPrices(
  tx: Executor,
  match: MatchRow,
  games: readonly { id: string; prediction: string | null; marketOddsClose: number | null }[],
): Promise<void> {
  const open = games.filter((game) => game.marketOddsClose === null && game.prediction);
  if (!open.length || match.sport !== 'football') return;
  const closing = (await closingOdds(tx, [match.id])).get(match.id);
  if (!closing) return;
  const priced = open.flatMap((game) => {
    const close = pickPrice(closing, game.prediction, { home: match.homeTeam, away: match.awayTeam });
    return close === null ? [] : [{ id: game.id, close }];
  });
  if (!priced.length) return;
  await tx.execute(sql`
    update selections set market_odds_close = v.close
    from unnest(${sql.param(priced.map((game) => game.id))}::uuid[],
      ${sql.param(priced.map((game) => game.close))}::numeric[]) as v(id, close)
    where selections.id = v.id and selections.market_odds_close is null`);
}

/**
 * Results of registered matches, and what they settle (issue 12): an admin records a match's final
 * score once; every game on it whose prediction is a known market gets its outcome, and every item
 * whose games are then all decided (or one lost) is settled and its buyers told. A recorded result
 * changes only with a reason, in the audit log, and the items follow.
 */
export class ResultsService {
  private readonly settledListeners: Array<(kinds: Set<ItemKind>) => void> = [];

  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      realtime: Realtime;
      notifications: NotificationsService;
    },
  ) {}

  /** Records the notices of a settlement as notifications (buyers and subscribers told). */
  private readonly record: NoticeRecorder = (tx, batch, notices) =>
    this.deps.notifications.record(tx, batch, notices);

  /** `settleFromGames` telling people through notifications too (callers inside a transaction). */
  settleFromGames(
    tx: Executor,
    affected: Parameters<typeof settleFromGames>[1],
    at: Date,
  ): Promise<SettlementOutcome> {
    return settleFromGames(tx, affected, at, { record: this.record });
  }

  /** `settleByHand` telling people through notifications too. */
  settleByHand(
    tx: Executor,
    kind: ItemKind,
    itemId: string,
    request: Parameters<typeof settleByHand>[3],
    at: Date,
  ): ReturnType<typeof settleByHand> {
    return settleByHand(tx, kind, itemId, request, at, this.record);
  }

  /** Told after commit whenever items of these kinds changed result (caches and rates listen). */
  onSettled(listener: (kinds: Set<ItemKind>) => void): void {
    this.settledListeners.push(listener);
  }

  /** Every socket hears a match's new state (scores are public; picks stay locked). */
  publishMatch(match: MatchRow): void {
    this.deps.realtime.publish({ kind: 'public' }, 'match', { _id: match.id, ...matchLive(match) });
  }

  /**
   * A result recorded by the product itself (issue 24: a football data provider's confirmed score,
   * or a void after 48 hours without a new kickoff), through the same path as an admin's: the row
   * is locked and `stillDue` checked on the locked row, so an admin's result, a hold or another
   * process's recording in the meantime wins. Answers whether it was recorded.
   */
  async recordAutomatic(
    matchId: string,
    stillDue: (match: MatchRow) => boolean,
    next: { status: 'finished' | 'void'; homeGoals: number | null; awayGoals: number | null },
    audit: { reason: string; byProvider: string },
  ): Promise<boolean> {
    const now = this.deps.clock.now();
    const done = await inTransaction(this.deps.db, async (tx) => {
      const [before] = await tx.select().from(matches).where(eq(matches.id, matchId)).for('update');
      if (before?.status !== 'scheduled' || !stillDue(before)) return null;
      return applyMatchResult(
        tx,
        before,
        next,
        now,
        { actorUserId: null, reason: audit.reason, byProvider: audit.byProvider },
        this.record,
      );
    });
    if (!done) return false;
    this.publishMatch(done.match);
    this.announce(done.outcome);
    return true;
  }

  /** After a commit that settled items: tell their people and every listener. */
  announce(outcome: SettlementOutcome): void {
    for (const { userId, item } of outcome.activity) announceActivity(this.deps.realtime, userId, item);
    for (const recorded of outcome.notices) this.deps.notifications.announce(recorded);
    for (const { userId, balances } of outcome.refunded)
      announceWalletBalances(this.deps.realtime, userId, balances);
    if (!outcome.changes.length) return;
    const kinds = new Set(outcome.changes.map((change) => change.kind));
    for (const listener of this.settledListeners) listener(kinds);
  }

  async recordResult(actorUserId: string, matchId: string, request: MatchResult) {
    if (!isUuid(matchId)) throw notFound(resultMessages.matchNotFound);
    const { db, clock } = this.deps;
    const now = clock.now();
    const done = await inTransaction(db, async (tx) => {
      // Locked: two admins recording at once are applied one after the other, the second seeing the first.
      const [before] = await tx.select().from(matches).where(eq(matches.id, matchId)).for('update');
      if (!before) throw notFound(resultMessages.matchNotFound);
      const next =
        request.status === 'void'
          ? { status: 'void' as const, homeGoals: null, awayGoals: null }
          : {
              status: 'finished' as const,
              homeGoals: request.homeGoals ?? 0,
              awayGoals: request.awayGoals ?? 0,
            };
      const same =
        before.status === next.status &&
        before.homeGoals === next.homeGoals &&
        before.awayGoals === next.awayGoals;
      if (same)
        return {
          match: before,
          changed: false,
          outcome: nothingSettled(),
        };
      const correcting = before.status !== 'scheduled';
      if (correcting && !request.reason) {
        throw new AppError('BUSINESS_RULE', 422, resultMessages.reasonRequired, {
          errors: [{ field: 'reason', message: resultMessages.reasonRequired }],
        });
      }
      const { match, outcome } = await applyMatchResult(
        tx,
        before,
        next,
        now,
        { actorUserId, reason: request.reason },
        this.record,
      );
      return { match, changed: true, outcome };
    });
    if (done.changed) this.publishMatch(done.match);
    this.announce(done.outcome);
    const detail = await this.matchDetail(matchId);
    return {
      ...detail,
      changed: done.changed,
      message: !done.changed
        ? resultMessages.unchanged
        : done.outcome.changes.length
          ? `Result saved. ${done.outcome.changes.length} item${done.outcome.changes.length === 1 ? '' : 's'} settled.`
          : 'Result saved. Nothing was waiting on it.',
      settled: done.outcome.changes,
    };
  }

  async matchDetail(matchId: string) {
    if (!isUuid(matchId)) throw notFound(resultMessages.matchNotFound);
    const { db } = this.deps;
    const [match] = await this.matchRows(db, sql`m.id = ${matchId}::uuid`, 1, 0);
    if (!match) throw notFound(resultMessages.matchNotFound);
    const [row] = await db.select().from(matches).where(eq(matches.id, matchId));
    const games = await db.select().from(selections).where(eq(selections.matchId, matchId)).limit(2000);
    const byKind: Record<ItemKind, string[]> = { code: [], rollover: [], free: [] };
    for (const game of games) {
      const { kind, itemId } = kindOfSelection(game);
      byKind[kind].push(itemId);
    }
    const titles = new Map<string, string>();
    const results = new Map<string, Outcome>();
    for (const kind of itemKinds) {
      for (const [id, title] of await itemTitles(db, kind, byKind[kind])) titles.set(id, title);
      for (const [id, result] of await this.itemResults(db, kind, byKind[kind])) results.set(id, result);
    }
    return {
      success: true as const,
      match,
      games: games.map((game) => {
        const { kind, itemId } = kindOfSelection(game);
        return {
          kind,
          itemId,
          itemTitle: titles.get(itemId) ?? '',
          itemResult: results.get(itemId) ?? ('pending' as const),
          prediction: game.prediction,
          market: row ? marketText(row, game.prediction) : null,
          outcome: game.outcome,
        };
      }),
    };
  }

  private async itemResults(db: Executor, kind: ItemKind, ids: string[]): Promise<Map<string, Outcome>> {
    if (!ids.length) return new Map();
    const table = { code: 'booking_codes', rollover: 'rollover_tips', free: 'free_tips' }[kind];
    const rows = (await db.execute(
      sql`select id, result from ${sql.raw(table)} where id = any(${sql.param(ids)}::uuid[])`,
    )) as unknown as Rows<{ id: string; result: Outcome }>;
    return new Map(rows.rows.map((row) => [row.id, row.result]));
  }

  /** Matches with how many games they carry and how many of those games' items are pending. */
  private async matchRows(
    db: Executor,
    where: SQL,
    limit: number,
    offset: number,
    order: SQL = sql`m.kickoff desc`,
  ) {
    const rows = (await db.execute(sql`
      select m.*, (select count(*)::int from selections s where s.match_id = m.id) as games,
        (select count(*)::int from selections s
          left join booking_codes c on c.id = s.booking_code_id
          left join rollover_tips t on t.id = s.rollover_tip_id
          left join free_tips f on f.id = s.free_tip_id
          where s.match_id = m.id and coalesce(c.result, t.result, f.result) = 'pending') as pending_items
      from matches m where ${where} order by ${order}, m.id limit ${limit} offset ${offset}`)) as unknown as Rows<
      Record<string, unknown>
    >;
    return rows.rows.map((row): AdminMatch => {
      const status = row.status as AdminMatch['status'];
      const homeGoals = row.home_goals as number | null;
      const awayGoals = row.away_goals as number | null;
      const providerResult = (row.provider_result ?? null) as ProviderResult | null;
      return {
        _id: String(row.id),
        sport: String(row.sport),
        league: String(row.league),
        homeTeam: String(row.home_team),
        awayTeam: String(row.away_team),
        kickoff: new Date(row.kickoff as string).toISOString(),
        day: String(row.match_day),
        status,
        score: scoreOf({ status, homeGoals, awayGoals }),
        resultAt: row.result_at ? new Date(row.result_at as string).toISOString() : null,
        source: row.source as AdminMatch['source'],
        games: Number(row.games),
        pendingItems: Number(row.pending_items),
        provider: row.provider ? { name: String(row.provider), id: String(row.provider_id) } : null,
        live: matchLive({
          status,
          homeGoals,
          awayGoals,
          liveStatus: row.live_status as LiveStatus,
          minute: row.minute as number | null,
          liveHomeGoals: row.live_home_goals as number | null,
          liveAwayGoals: row.live_away_goals as number | null,
        }),
        held: row.held === true,
        heldReason: (row.held_reason as string | null) ?? null,
        waitingReason:
          status === 'scheduled' && providerResult?.kind === 'untrusted' ? providerResult.reason : null,
        pendingResult:
          status === 'scheduled' && providerResult && providerResult.kind !== 'untrusted'
            ? {
                status: providerResult.kind === 'score' ? 'finished' : 'void',
                score:
                  providerResult.kind === 'score'
                    ? { home: providerResult.home, away: providerResult.away }
                    : null,
                recordAt: providerResult.recordAt,
              }
            : null,
      };
    });
  }

  async listMatches(query: MatchesQuery) {
    const { db, clock } = this.deps;
    const now = clock.now();
    const dueBefore = new Date(now.getTime() - TO_SETTLE_AFTER_MS).toISOString();
    const conditions: SQL[] = [];
    const linked = sql`exists (select 1 from selections s where s.match_id = m.id)`;
    const waitedOn = sql`exists (select 1 from selections s
      left join booking_codes c on c.id = s.booking_code_id
      left join rollover_tips t on t.id = s.rollover_tip_id
      left join free_tips f on f.id = s.free_tip_id
      where s.match_id = m.id and coalesce(c.result, t.result, f.result) = 'pending')`;
    if (query.view === 'awaiting')
      conditions.push(sql`m.status = 'scheduled' and m.kickoff < ${dueBefore}::timestamptz`, waitedOn);
    if (query.view === 'upcoming')
      conditions.push(sql`m.status = 'scheduled' and m.kickoff >= ${dueBefore}::timestamptz`, linked);
    if (query.view === 'finished') conditions.push(sql`m.status <> 'scheduled'`);
    if (query.view === 'waiting-admin') conditions.push(waitingForAdmin);
    if (query.q) {
      const pattern = likePattern(query.q);
      conditions.push(
        sql`(m.home_team ilike ${pattern} or m.away_team ilike ${pattern} or m.league ilike ${pattern})`,
      );
    }
    if (query.day) conditions.push(sql`m.match_day = ${query.day}::date`);
    const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
    const order =
      query.view === 'upcoming' || query.view === 'awaiting' ? sql`m.kickoff asc` : sql`m.kickoff desc`;
    const [rows, totals] = await Promise.all([
      this.matchRows(db, where, query.limit, (query.page - 1) * query.limit, order),
      db.execute(sql`select count(*)::int as total from matches m where ${where}`) as unknown as Promise<
        Rows<{ total: number }>
      >,
    ]);
    return { matches: rows, total: Number(totals.rows[0]?.total ?? 0) };
  }

  /**
   * Registered matches not yet played whose teams or league hold every word typed (the game editor's
   * match picker): soonest first, from `from` on (2 hours ago by default, so a match just started can
   * still be picked), with the provider's link.
   */
  async searchMatches(query: {
    q?: string | undefined;
    from?: string | undefined;
  }): Promise<MatchSearchResult[]> {
    const from = query.from ?? new Date(this.deps.clock.now().getTime() - TO_SETTLE_AFTER_MS).toISOString();
    // "arsenal chel" finds Arsenal vs Chelsea: each word may be in either team or the league.
    const words = (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 6);
    const conditions = [
      sql`m.status = 'scheduled'`,
      sql`m.kickoff >= ${from}::timestamptz`,
      ...words.map((word) => {
        const pattern = likePattern(word);
        return sql`(m.home_team ilike ${pattern} or m.away_team ilike ${pattern} or m.league ilike ${pattern})`;
      }),
    ];
    const rows = (await this.deps.db.execute(sql`
      select m.id, m.league, m.home_team, m.away_team, m.kickoff, m.provider, m.provider_id from matches m
      where ${sql.join(conditions, sql` and `)}
      order by m.kickoff, m.id limit ${MATCH_SEARCH_LIMIT}`)) as unknown as Rows<{
      id: string;
      league: string;
      home_team: string;
      away_team: string;
      kickoff: string | Date;
      provider: string | null;
      provider_id: string | null;
    }>;
    return rows.rows.map((row) => ({
      _id: row.id,
      league: row.league,
      homeTeam: row.home_team,
      awayTeam: row.away_team,
      kickoff: new Date(row.kickoff).toISOString(),
      provider: row.provider && row.provider_id ? { name: row.provider, id: row.provider_id } : null,
    }));
  }

  /**
   * The "to settle" queue: every item still pending more than 2 hours after its last game kicked
   * off, oldest first, with its games and what each is waiting for.
   */
  async toSettle(query: { page: number; limit: number; kind?: ItemKind | undefined }) {
    const { db, clock } = this.deps;
    const dueBefore = new Date(clock.now().getTime() - TO_SETTLE_AFTER_MS).toISOString();
    const parts = itemKinds
      .filter((kind) => !query.kind || query.kind === kind)
      .map((kind) => {
        const table = sql.raw({ code: 'booking_codes', rollover: 'rollover_tips', free: 'free_tips' }[kind]);
        const column = sql.raw(
          { code: 'booking_code_id', rollover: 'rollover_tip_id', free: 'free_tip_id' }[kind],
        );
        return sql`select ${kind}::text as kind, i.id, max(m.kickoff) as last_kickoff from ${table} i
          join selections s on s.${column} = i.id join matches m on m.id = s.match_id
          where i.result = 'pending' group by i.id having max(m.kickoff) < ${dueBefore}::timestamptz`;
      });
    const due = sql`(${sql.join(parts, sql` union all `)})`;
    const [rows, totals] = await Promise.all([
      db.execute(sql`select kind, id, last_kickoff from ${due} as due order by last_kickoff, id
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`) as unknown as Promise<
        Rows<{ kind: ItemKind; id: string; last_kickoff: string }>
      >,
      db.execute(sql`select count(*)::int as total from ${due} as due`) as unknown as Promise<
        Rows<{ total: number }>
      >,
    ]);
    const items: ToSettleItem[] = [];
    const byKind = new Map<ItemKind, string[]>();
    for (const row of rows.rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row.id]);
    const games = new Map<string, GameRow[]>();
    const titles = new Map<string, string>();
    for (const [kind, ids] of byKind) {
      for (const [id, list] of await gamesOf(db, kind, ids)) games.set(id, list);
      for (const [id, title] of await itemTitles(db, kind, ids)) titles.set(id, title);
    }
    for (const row of rows.rows) {
      items.push({
        kind: row.kind,
        itemId: row.id,
        itemTitle: titles.get(row.id) ?? '',
        lastKickoff: new Date(row.last_kickoff).toISOString(),
        games: (games.get(row.id) ?? []).map((game) => ({
          matchId: game.matchId,
          match: `${game.teamA} vs ${game.teamB}`,
          prediction: game.prediction,
          market: marketText(
            { sport: game.sport, homeTeam: game.teamA, awayTeam: game.teamB },
            game.prediction,
          ),
          outcome: game.outcome,
          score: game.score,
          matchStatus: game.matchStatus,
        })),
      });
    }
    return { items, total: Number(totals.rows[0]?.total ?? 0) };
  }

  /** How many items wait in the queue (the admin overview's figure). */
  async toSettleCount(): Promise<number> {
    return (await this.toSettle({ page: 1, limit: 1 })).total;
  }
}
