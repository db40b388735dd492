import { NOTIFICATION_LIMITS, type Notification, relativeTime } from '@cashtips/contract/notifications';
import { formatDate } from '../../lib/format.ts';

const DAY_MS = 86_400_000;

/**
 * The spec's list (part 1 §9): broadcast and personal merged, newest first, at most 20. An item
 * seen in both answers (a live arrival the next fetch also returns) is listed once.
 */
export function mergeNotifications(broadcasts: Notification[], personal: Notification[]): Notification[] {
  const byId = new Map<string, Notification>();
  for (const item of [...personal, ...broadcasts]) if (!byId.has(item._id)) byId.set(item._id, item);
  return [...byId.values()]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, NOTIFICATION_LIMITS.list);
}

/** Unread: not read and no readBy entry of the reader; without a session nothing is unread (spec part 1 §4). */
export function isUnread(item: Notification, readerId: string | null): boolean {
  if (!readerId) return false;
  return !item.read && !item.readBy.some((entry) => entry.userId === readerId);
}

export function isRecentBroadcast(item: Notification, now: Date): boolean {
  return (
    item.broadcast &&
    now.getTime() - Date.parse(item.createdAt) < NOTIFICATION_LIMITS.recentBroadcastDays * DAY_MS
  );
}

/**
 * The bell's count (spec part 1 §9): unread personal notifications plus recent broadcasts (under 7
 * days old). A broadcast counts while its reader has not read it — read state is per user here, so
 * marking it read clears it from the badge as it does from the list.
 */
export function badgeCount(items: Notification[], readerId: string | null, now: Date): number {
  return items.filter((item) => isUnread(item, readerId) && (!item.broadcast || isRecentBroadcast(item, now)))
    .length;
}

/** '9+' above 9; nothing at 0. */
export function badgeLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > NOTIFICATION_LIMITS.badgeMax ? `${NOTIFICATION_LIMITS.badgeMax}+` : String(count);
}

/** The dashboard banner (spec part 2): broadcasts of the last 7 days, newest first, at most 5. */
export function bannerItems(broadcasts: Notification[], now: Date): Notification[] {
  return broadcasts
    .filter((item) => isRecentBroadcast(item, now))
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, NOTIFICATION_LIMITS.bannerItems);
}

/** The reader's copy of an item once read: read, with their own readBy entry. */
export function markedRead(item: Notification, readerId: string, readAt: string): Notification {
  if (item.read && item.readBy.some((entry) => entry.userId === readerId)) return item;
  return {
    ...item,
    read: true,
    readBy: [...item.readBy.filter((entry) => entry.userId !== readerId), { userId: readerId, readAt }],
  };
}

/** When it came, as the spec writes it ('Just now', '3h ago', 'Yesterday', else the local date). */
export function arrivedWhen(item: Notification, now: Date): string {
  return relativeTime(item.createdAt, now, (date) => formatDate(date.toISOString()));
}
