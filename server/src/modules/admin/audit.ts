import type { AuditEntry } from '@cashtips/contract/admin';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { pageInfo } from '../../lib/pages.ts';

export interface AuditRecord {
  /** Null for what the product does by itself (demo content, scheduled work). */
  actorUserId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  reason?: string | null;
}

/**
 * An edit's audit record: every field whose value changed, with its old and new value, and
 * nothing else (values compared as JSON, so arrays of games and dates compare by content).
 * Null when nothing changed.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } | null {
  const old: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    old[key] = before[key];
    now[key] = after[key];
  }
  return Object.keys(now).length ? { before: old, after: now } : null;
}

/** Written in the same transaction as the action it describes: no action without its record. */
export async function recordAudit(db: Executor, at: Date, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: record.actorUserId,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    before: record.before ?? null,
    after: record.after ?? null,
    reason: record.reason ?? null,
    createdAt: at,
  });
}

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
      .orderBy(desc(auditLog.seq))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(auditLog).where(and(filter)),
  ]);
  const entries: AuditEntry[] = rows.map(({ entry, actorEmail }) => ({
    _id: entry.id,
    actor: entry.actorUserId && actorEmail ? { _id: entry.actorUserId, email: actorEmail } : null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before,
    after: entry.after,
    reason: entry.reason,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { entries, ...pageInfo(query.page, query.limit, totals[0]?.value ?? 0) };
}
