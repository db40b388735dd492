import { describeLagosDay } from '@cashtips/contract/lagos-time';
import { combineOutcomes } from '@cashtips/contract/markets';
import { type ItemKind, itemKindLabels, itemKinds, type Outcome } from '@cashtips/contract/matches';
import type { ActivityItem } from '@cashtips/contract/referrals';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../admin/audit.ts';
import { type MoneyBackOutcome, settleMoneyBack } from '../booking-codes/money-back.ts';
import type { WalletBalances } from '../ledger/ledger.ts';
import type { NewBatch, RecordedBatch } from '../notifications/notifications.service.ts';
import { type SettledResult, settlementChange } from '../settlement/settlement-rule.ts';

/**
 * Settling items (booking codes, rollover tips, free tips) from their games, and by hand: the one
 * place that changes an item's result and tells the people who paid for it. Callers run it inside
 * their transaction and announce the returned activity items after commit.
 */
export interface ItemChange {
  kind: ItemKind;
  itemId: string;
  itemTitle: string;
  before: Outcome;
  after: Outcome;
}

export interface SettlementOutcome {
  changes: ItemChange[];
  /** One per person told, to announce on their socket once committed. */
  activity: { userId: string; item: ActivityItem }[];
  /** The notifications recorded for them (announced and delivered by the notifications service). */
  notices: RecordedBatch[];
  /** Buyers of money-back codes refunded by this settlement, with their balances, to announce. */
  refunded: { userId: string; balances: WalletBalances }[];
}

/** A settlement that changed nothing. */
export const nothingSettled = (): SettlementOutcome => ({
  changes: [],
  activity: [],
  notices: [],
  refunded: [],
});

/** Records a batch of personal notifications from a query (the notifications service's `record`). */
export type NoticeRecorder = (tx: Executor, batch: NewBatch, notices: SQL) => Promise<RecordedBatch | null>;

const tableOf: Record<ItemKind, string> = {
  code: 'booking_codes',
  rollover: 'rollover_tips',
  free: 'free_tips',
};
const selectionColumnOf: Record<ItemKind, string> = {
  code: 'booking_code_id',
  rollover: 'rollover_tip_id',
  free: 'free_tip_id',
};
const auditTargetOf: Record<ItemKind, { type: string; action: string }> = {
  code: { type: 'booking-code', action: 'code.settle' },
  rollover: { type: 'rollover-tip', action: 'rollover-tip.settle' },
  free: { type: 'free-tip', action: 'free-tip.settle' },
};

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as Rows<T>).rows;
const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

const formatOdds = (odds: number | string) => Number(odds).toFixed(2);

/** How items are named to admins and in their buyers' activity: never the code or the picks. */
export async function itemTitles(
  db: Executor,
  kind: ItemKind,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  if (kind === 'code') {
    const rows = await rowsOf<{ id: string; bookmaker: string; odds: string }>(
      db.execute(
        sql`select id, bookmaker, total_odds as odds from booking_codes where id = any(${uuids(ids)})`,
      ),
    );
    return new Map(rows.map((row) => [row.id, `${row.bookmaker} code at ${formatOdds(row.odds)} odds`]));
  }
  if (kind === 'rollover') {
    const rows = await rowsOf<{ id: string; plan: string; day: string }>(
      db.execute(sql`select t.id, p.name as plan, t.day::text as day from rollover_tips t
        join rollover_plans p on p.id = t.plan_id where t.id = any(${uuids(ids)})`),
    );
    return new Map(rows.map((row) => [row.id, `${row.plan} tip for ${describeLagosDay(row.day)}`]));
  }
  const rows = await rowsOf<{ id: string; home: string; away: string }>(
    db.execute(sql`select f.id, m.home_team as home, m.away_team as away from free_tips f
      join selections s on s.free_tip_id = f.id and s.position = 0 join matches m on m.id = s.match_id
      where f.id = any(${uuids(ids)})`),
  );
  return new Map(rows.map((row) => [row.id, `free tip ${row.home} vs ${row.away}`]));
}

const resultWord: Record<Outcome, string> = { won: 'Won', lost: 'Lost', void: 'Void', pending: 'Pending' };
const noticeTypeOf: Record<Outcome, 'success' | 'error' | 'info' | 'warning'> = {
  won: 'success',
  lost: 'error',
  void: 'info',
  pending: 'warning',
};
const colorOf: Record<Outcome, ActivityItem['color']> = {
  won: 'green',
  lost: 'red',
  void: 'amber',
  pending: 'blue',
};

/**
 * Tells whoever paid for the changed items, in one statement per kind: a code's buyers, and a
 * rollover tip's subscribers whose subscription covered its day. Free tips are public: nobody to tell.
 * A money-back code's buyers read what happened to their money in the same notice (`notes`).
 */
async function notifyChanges(
  tx: Executor,
  changes: ItemChange[],
  at: Date,
  record?: NoticeRecorder,
  notes: MoneyBackOutcome['notes'] = [],
) {
  const told: { userId: string; item: ActivityItem }[] = [];
  const notices: RecordedBatch[] = [];
  for (const kind of ['code', 'rollover'] as const) {
    const mine = changes.filter((change) => change.kind === kind);
    if (!mine.length) continue;
    const label = itemKindLabels[kind];
    const titles = mine.map((change) =>
      change.after === 'pending'
        ? `${label} result corrected`
        : `${label} ${resultWord[change.after].toLowerCase()}`,
    );
    const descriptions = mine.map((change) =>
      change.after === 'pending'
        ? `Your ${change.itemTitle} is waiting for its result again.`
        : `Your ${change.itemTitle} was settled: ${resultWord[change.after]}.`,
    );
    const audience =
      kind === 'code'
        ? sql`join code_purchases p on p.code_id = v.id
            left join unnest(${uuids(notes.map((note) => note.codeId))}, ${uuids(notes.map((note) => note.userId))},
              ${sql.param(notes.map((note) => note.note))}::text[]) as n(code_id, user_id, note)
              on n.code_id = v.id and n.user_id = p.user_id`
        : sql`join rollover_tips t on t.id = v.id join rollover_subscriptions p on p.plan_id = t.plan_id
            and t.day between p.start_day and p.start_day + p.duration_days - 1`;
    const description = kind === 'code' ? sql`concat_ws(' ', v.description, n.note)` : sql`v.description`;
    const recipients = sql`from unnest(${uuids(mine.map((change) => change.itemId))}, ${sql.param(titles)}::text[],
          ${sql.param(descriptions)}::text[], ${sql.param(mine.map((change) => colorOf[change.after]))}::text[],
          ${sql.param(mine.map((change) => noticeTypeOf[change.after]))}::text[])
          as v(id, title, description, color, notice_type)
        ${audience}`;
    const rows = await rowsOf<{
      id: string;
      user_id: string;
      icon: string;
      color: string;
      title: string;
      description: string;
    }>(
      tx.execute(sql`
        insert into activity_items (user_id, icon, color, title, description, created_at)
        select p.user_id, ${kind === 'code' ? 'ticket' : 'calendar'}, v.color, v.title, ${description}, ${at.toISOString()}::timestamptz
        ${recipients}
        returning id, user_id, icon, color, title, description`),
    );
    if (record) {
      const recorded = await record(
        tx,
        {
          source: 'product',
          kind: 'settled',
          audience: 'users',
          title: `${label}s settled`,
          message: `${mine.length} ${label.toLowerCase()}${mine.length === 1 ? '' : 's'} settled; the people who paid were told.`,
          type: 'info',
          link: null,
        },
        sql`select p.user_id, v.title, ${description} as message, v.notice_type as type,
          ${kind === 'code' ? '/my-codes' : '/my-rollover'}::text as link ${recipients}`,
      );
      if (recorded) notices.push(recorded);
    }
    for (const row of rows) {
      told.push({
        userId: row.user_id,
        item: {
          id: row.id,
          icon: row.icon,
          color: row.color,
          title: row.title,
          description: row.description,
          time: at.toISOString(),
        } as ActivityItem,
      });
    }
  }
  return { told, notices };
}

async function applyChanges(
  tx: Executor,
  kind: ItemKind,
  changes: ItemChange[],
  at: Date,
  source: 'games' | 'admin',
) {
  if (!changes.length) return;
  await tx.execute(sql`
    update ${sql.raw(tableOf[kind])} as item set result = v.result,
      settled_at = case when v.result = 'pending' then null else ${at.toISOString()}::timestamptz end,
      settled_by = case when v.result = 'pending' then null else ${source} end,
      updated_at = ${at.toISOString()}::timestamptz
    from unnest(${uuids(changes.map((change) => change.itemId))}, ${sql.param(changes.map((change) => change.after))}::text[])
      as v(id, result)
    where item.id = v.id`);
}

/**
 * Settles items from their games' outcomes (contract `combineOutcomes`: one lost game loses it,
 * void games drop out). A pending item is settled once all its games are decided or one is lost;
 * an item the games settled changes only under a `correction` (a match's result was corrected, with
 * a reason, which goes into each item's audit record); an admin's result by hand is never undone here. Items are locked in id order first, so two results
 * recorded at once for games of the same item are applied one after the other, the second seeing
 * the first's games: an item is never left pending with every game decided.
 */
export async function settleFromGames(
  tx: Executor,
  affected: Partial<Record<ItemKind, readonly string[]>>,
  at: Date,
  options: { correction?: { actorUserId: string | null; reason: string }; record?: NoticeRecorder } = {},
): Promise<SettlementOutcome> {
  const { correction } = options;
  const changes: ItemChange[] = [];
  let moneyBack: MoneyBackOutcome = { notes: [], refunded: [] };
  for (const kind of itemKinds) {
    const ids = [...new Set(affected[kind] ?? [])].sort();
    if (!ids.length) continue;
    const table = sql.raw(tableOf[kind]);
    const column = sql.raw(selectionColumnOf[kind]);
    const current = await rowsOf<{ id: string; result: Outcome; settled_by: string | null }>(
      tx.execute(
        sql`select id, result, settled_by from ${table} where id = any(${uuids(ids)}) order by id for update`,
      ),
    );
    // A new statement after the locks: it sees every game committed by whoever held them.
    const games = await rowsOf<{ item_id: string; outcomes: Outcome[] }>(
      tx.execute(sql`select ${column} as item_id, array_agg(outcome order by position) as outcomes
        from selections where ${column} = any(${uuids(ids)}) group by ${column}`),
    );
    const outcomesOf = new Map(games.map((row) => [row.item_id, row.outcomes]));
    const mine: ItemChange[] = [];
    for (const row of current) {
      const derived = combineOutcomes(outcomesOf.get(row.id) ?? []);
      const settles = row.result === 'pending' && derived !== 'pending';
      // A result an admin gave by hand stands; one the games gave follows them.
      const corrects =
        correction !== undefined &&
        row.result !== 'pending' &&
        row.settled_by === 'games' &&
        derived !== row.result;
      if (settles || corrects)
        mine.push({ kind, itemId: row.id, itemTitle: '', before: row.result, after: derived });
    }
    if (!mine.length) continue;
    const titles = await itemTitles(
      tx,
      kind,
      mine.map((change) => change.itemId),
    );
    for (const change of mine) change.itemTitle = titles.get(change.itemId) ?? itemKindLabels[kind];
    await applyChanges(tx, kind, mine, at, 'games');
    const corrected = mine.filter((change) => change.before !== 'pending');
    if (correction && corrected.length) {
      for (const change of corrected) {
        await recordAudit(tx, at, {
          actorUserId: correction.actorUserId,
          action: `${auditTargetOf[kind].action}.correct`,
          targetType: auditTargetOf[kind].type,
          targetId: change.itemId,
          before: { result: change.before },
          after: { result: change.after },
          reason: correction.reason,
        });
      }
    }
    if (kind === 'code') {
      moneyBack = await settleMoneyBack(tx, mine, at, {
        actorUserId: correction?.actorUserId ?? null,
        reason: correction?.reason || null,
      });
    }
    changes.push(...mine);
  }
  const { told, notices } = await notifyChanges(tx, changes, at, options.record, moneyBack.notes);
  return { changes, activity: told, notices, refunded: moneyBack.refunded };
}

/**
 * An admin settles an item by hand (PRODUCT 6b): once; the same result again is a no-op; a
 * different result on a settled item needs a reason. The row is locked, so two admins settling at
 * once are applied one after the other.
 */
export async function settleByHand(
  tx: Executor,
  kind: ItemKind,
  itemId: string,
  request: { result: SettledResult; reason?: string | undefined; actorUserId: string },
  at: Date,
  record?: NoticeRecorder,
): Promise<SettlementOutcome & { change: 'unchanged' | 'settle' | 'correct' }> {
  const [row] = await rowsOf<{ id: string; result: Outcome }>(
    tx.execute(sql`select id, result from ${sql.raw(tableOf[kind])} where id = ${itemId}::uuid for update`),
  );
  if (!row) throw notFound(`${itemKindLabels[kind]} not found.`);
  const change = settlementChange(row.result, request.result, request.reason);
  if (change === 'unchanged') return { change, ...nothingSettled() };
  const titles = await itemTitles(tx, kind, [itemId]);
  const item: ItemChange = {
    kind,
    itemId,
    itemTitle: titles.get(itemId) ?? itemKindLabels[kind],
    before: row.result,
    after: request.result,
  };
  await applyChanges(tx, kind, [item], at, 'admin');
  await recordAudit(tx, at, {
    actorUserId: request.actorUserId,
    action: change === 'correct' ? `${auditTargetOf[kind].action}.correct` : auditTargetOf[kind].action,
    targetType: auditTargetOf[kind].type,
    targetId: itemId,
    before: { result: row.result },
    after: { result: request.result },
    reason: request.reason ?? null,
  });
  const moneyBack =
    kind === 'code'
      ? await settleMoneyBack(tx, [item], at, {
          actorUserId: request.actorUserId,
          reason: request.reason ?? null,
        })
      : { notes: [], refunded: [] };
  const { told, notices } = await notifyChanges(tx, [item], at, record, moneyBack.notes);
  return { change, changes: [item], activity: told, notices, refunded: moneyBack.refunded };
}
