import { randomUUID } from 'node:crypto';
import type { ActivityItem } from '@cashtips/contract/referrals';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { activityItems } from '../../db/schema/index.ts';
import type { Realtime } from '../../realtime/realtime.ts';

/** A user's own feed: written in the transaction that caused it, announced after commit. */
export interface NewActivity {
  icon: 'wallet' | 'gift' | 'arrow' | 'ticket' | 'calendar' | 'shield';
  color: 'green' | 'lime' | 'amber' | 'red' | 'blue';
  title: string;
  description: string;
}

type ActivityRow = typeof activityItems.$inferSelect;

export function toActivityView(row: ActivityRow): ActivityItem {
  return {
    id: row.id,
    icon: row.icon,
    color: row.color,
    title: row.title,
    description: row.description,
    time: row.createdAt.toISOString(),
  };
}

export async function addActivity(
  db: Executor,
  userId: string,
  at: Date,
  item: NewActivity,
): Promise<ActivityItem> {
  const [row] = await db
    .insert(activityItems)
    .values({ userId, ...item, createdAt: at })
    .returning();
  if (!row) throw new Error('activity insert returned no row');
  return toActivityView(row);
}

/**
 * An activity item for a feature that writes everything in one statement: `insert` adds the row
 * when `gate` (a subquery) has a row, and `view` is what to announce once the statement is done.
 */
export function activityInsert(userId: string, at: Date, item: NewActivity, gate: SQL) {
  const id = randomUUID();
  const view: ActivityItem = { id, ...item, time: at.toISOString() };
  const insert = sql`insert into activity_items (id, user_id, icon, color, title, description, created_at)
    select ${id}::uuid, ${userId}::uuid, ${item.icon}, ${item.color}, ${item.title}, ${item.description},
      ${at.toISOString()}::timestamptz
    where exists (${gate})`;
  return { insert, view };
}

export function announceActivity(realtime: Realtime, userId: string, item: ActivityItem): void {
  realtime.publish({ kind: 'user', userId }, 'activity', item);
}

export async function listActivity(db: Executor, userId: string, limit: number): Promise<ActivityItem[]> {
  const rows = await db
    .select()
    .from(activityItems)
    .where(eq(activityItems.userId, userId))
    .orderBy(desc(activityItems.seq))
    .limit(limit);
  return rows.map(toActivityView);
}
