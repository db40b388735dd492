import type { AuditEntry } from '@cashtips/contract/admin';
import type { ItemKind } from '@cashtips/contract/matches';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog, deposits, matches, rolloverPlans, users } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageInfo } from '../../lib/pages.ts';
import { itemTitles } from '../matches/settlement.ts';

type AuditRow = typeof auditLog.$inferSelect;

/** Audit targets that are items with games: named as admins and buyers see them elsewhere. */
const itemKindOf: Partial<Record<string, ItemKind>> = {
  'booking-code': 'code',
  'rollover-tip': 'rollover',
  'free-tip': 'free',
};

/** Other targets by one column of their own row. */
const namedBy: Partial<Record<string, (db: Executor, ids: string[]) => Promise<[string, string][]>>> = {
  user: async (db, ids) =>
    (await db.select({ id: users.id, name: users.email }).from(users).where(inArray(users.id, ids))).map(
      (row) => [row.id, row.name ?? ''],
    ),
  'rollover-plan': async (db, ids) =>
    (
      await db
        .select({ id: rolloverPlans.id, name: rolloverPlans.name })
        .from(rolloverPlans)
        .where(inArray(rolloverPlans.id, ids))
    ).map((row) => [row.id, row.name]),
  match: async (db, ids) =>
    (
      await db
        .select({ id: matches.id, home: matches.homeTeam, away: matches.awayTeam })
        .from(matches)
        .where(inArray(matches.id, ids))
    ).map((row) => [row.id, `${row.home} vs ${row.away}`]),
  deposit: async (db, ids) =>
    (
      await db
        .select({ id: deposits.id, name: deposits.reference })
        .from(deposits)
        .where(inArray(deposits.id, ids))
    ).map((row) => [row.id, row.name]),
};

/** What a record itself says about its target, for one that is gone (a deleted code, plan or tip). */
function nameInSnapshot(entry: AuditRow): string | null {
  for (const snapshot of [entry.before, entry.after]) {
    if (typeof snapshot !== 'object' || snapshot === null) continue;
    const fields = snapshot as Record<string, unknown>;
    for (const key of ['name', 'match', 'title', 'code', 'reference']) {
      const value = fields[key];
      if (typeof value === 'string' && value) return value;
    }
  }
  return null;
}

/** Each entry's target by name (one query per kind of target on the page), else as its record named it. */
async function targetNames(db: Executor, rows: AuditRow[]): Promise<Map<AuditRow, string | null>> {
  const idsByType = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.targetId || !isUuid(row.targetId)) continue;
    idsByType.set(row.targetType, [...new Set([...(idsByType.get(row.targetType) ?? []), row.targetId])]);
  }
  const found = new Map<string, string>();
  await Promise.all(
    [...idsByType].map(async ([type, ids]) => {
      const kind = itemKindOf[type];
      const named = kind ? [...(await itemTitles(db, kind, ids))] : await namedBy[type]?.(db, ids);
      for (const [id, name] of named ?? []) if (name) found.set(`${type}:${id}`, name);
    }),
  );
  return new Map(
    rows.map((row) => [row, found.get(`${row.targetType}:${row.targetId}`) ?? nameInSnapshot(row)]),
  );
}

/**
 * The audit log newest first by when each action took effect, and by insertion among actions of
 * the same instant. `seq` alone is not that order: a result recorded for a match played days ago
 * (the demo content, a provider's late confirmation) is written now with the time it happened.
 */
export async function listAudit(
  db: Executor,
  query: { page: number; limit: number; action?: string | undefined },
) {
  const filter: SQL | undefined = query.action ? eq(auditLog.action, query.action) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ entry: auditLog, actorEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(filter)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.seq))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(auditLog).where(and(filter)),
  ]);
  const names = await targetNames(
    db,
    rows.map((row) => row.entry),
  );
  const entries: AuditEntry[] = rows.map(({ entry, actorEmail }) => ({
    _id: entry.id,
    actor: entry.actorUserId && actorEmail ? { _id: entry.actorUserId, email: actorEmail } : null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetName: names.get(entry) ?? null,
    before: entry.before,
    after: entry.after,
    reason: entry.reason,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { entries, ...pageInfo(query.page, query.limit, totals[0]?.value ?? 0) };
}
