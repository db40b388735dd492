import { relativeTime } from '@cashtips/contract/notifications';
import { describe, expect, it } from 'vitest';
import { broadcast, notification } from '../../testing/notification-fixtures.ts';
import {
  badgeCount,
  badgeLabel,
  bannerItems,
  isUnread,
  markedRead,
  mergeNotifications,
} from './notification-rules.ts';

const now = new Date();

describe('the notification rules of the spec', () => {
  it('merges broadcast and personal newest first, at most 20, each once', () => {
    const personal = Array.from({ length: 15 }, (_, index) => notification(`p${index}`, index * 2));
    const broadcasts = Array.from({ length: 15 }, (_, index) => broadcast(`b${index}`, index * 2 + 1));
    const merged = mergeNotifications([...broadcasts, broadcasts[0] as never], personal);
    expect(merged).toHaveLength(20);
    expect(merged.map((item) => item._id).slice(0, 4)).toEqual(['p0', 'b0', 'p1', 'b1']);
    expect(new Set(merged.map((item) => item._id)).size).toBe(20);
  });

  it('counts nothing as unread without a session, and a readBy entry of the reader as read', () => {
    const item = notification('n', 1);
    expect(isUnread(item, null)).toBe(false);
    expect(isUnread(item, 'u_1')).toBe(true);
    expect(isUnread({ ...item, readBy: [{ userId: 'u_1', readAt: now.toISOString() }] }, 'u_1')).toBe(false);
    expect(isUnread(markedRead(item, 'u_1', now.toISOString()), 'u_1')).toBe(false);
  });

  it("badges unread personal items and unread broadcasts under 7 days old, '9+' above 9", () => {
    const items = [
      notification('p1', 1),
      notification('p2', 24 * 20),
      notification('p3', 2, { read: true }),
      broadcast('b1', 24 * 6),
      broadcast('b2', 24 * 8),
      broadcast('b3', 1, { read: true }),
    ];
    // p1, p2 (personal, unread, whatever their age) and b1 (recent); b2 is too old, p3 and b3 are read.
    expect(badgeCount(items, 'u_1', now)).toBe(3);
    expect(badgeCount(items, null, now)).toBe(0);
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(9)).toBe('9');
    expect(badgeLabel(10)).toBe('9+');
  });

  it('puts in the banner at most 5 broadcasts of the last 7 days, newest first', () => {
    const broadcasts = [
      ...Array.from({ length: 7 }, (_, index) => broadcast(`b${index}`, 24 * index + 1)),
      broadcast('old', 24 * 8),
    ];
    expect(bannerItems([...broadcasts].reverse(), now).map((item) => item._id)).toEqual([
      'b0',
      'b1',
      'b2',
      'b3',
      'b4',
    ]);
    expect(bannerItems([broadcast('old', 24 * 7 + 1)], now)).toEqual([]);
  });

  it("writes times as 'Just now', '{n}h ago', 'Yesterday' or the local date", () => {
    const at = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
    const date = () => 'the date';
    expect(relativeTime(at(0.5), now, date)).toBe('Just now');
    expect(relativeTime(at(5), now, date)).toBe('5h ago');
    expect(relativeTime(at(30), now, date)).toBe('Yesterday');
    expect(relativeTime(at(50), now, date)).toBe('the date');
  });
});
