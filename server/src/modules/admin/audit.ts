import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

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
