import type { Notification, PushPayload } from '@cashtips/contract/notifications';
import { NOTIFICATION_LIMITS } from '@cashtips/contract/notifications';
import type { notifications } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;
/** What a notification says and to whom: all that its views need. */
export type NotificationContent = Pick<
  NotificationRow,
  'id' | 'userId' | 'title' | 'message' | 'type' | 'link' | 'createdAt'
>;

/**
 * What leaves the server about a notification, in one place: the list answers, the socket event and
 * the push payload. `readAt` is the reader's own read time (a personal row's, or their broadcast
 * state's); `readBy` carries only that reader's entry, never who else read it. Notifications never
 * carry a paid code or pick: the product writes them without one (see NotificationsService).
 */
export function toNotificationView(
  row: NotificationContent,
  reader: { userId: string; readAt: Date | null } | null,
): Notification {
  const readAt = reader?.readAt ?? null;
  return {
    _id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    timestamp: row.createdAt.toISOString(),
    read: readAt !== null,
    readBy: reader && readAt ? [{ userId: reader.userId, readAt: readAt.toISOString() }] : [],
    broadcast: row.userId === null,
  };
}

const truncate = (text: string, bytes: number) => {
  const buffer = Buffer.from(text);
  if (buffer.length <= bytes) return text;
  // Cut on a character boundary: decoding a cut multibyte character would leave a replacement mark.
  return `${buffer
    .subarray(0, bytes - 3)
    .toString('utf8')
    .replace(/\uFFFD$/, '')}…`;
};

/** The web push payload (PRODUCT 7): `{ title, body, url, tag }`, under 3 KB. */
export function toPushPayload(row: NotificationContent, publicUrl: string): string {
  const payload: PushPayload = {
    title: truncate(row.title, 200),
    body: truncate(row.message, 1500),
    url: `${publicUrl}${row.link ?? '/dashboard'}`,
    tag: row.id,
  };
  const json = JSON.stringify(payload);
  if (Buffer.byteLength(json) > NOTIFICATION_LIMITS.pushPayloadBytes) {
    throw new Error('push payload over the limit');
  }
  return json;
}
