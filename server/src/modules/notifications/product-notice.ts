import type { NotificationType } from '@cashtips/contract/notifications';
import { type SQL, sql } from 'drizzle-orm';
import type { NotificationContent } from './notification-view.ts';

/**
 * A personal notification of a product event that is written by the event's own statement (a
 * booking-code purchase, a rollover subscription, a paid withdrawal): it exists exactly when the
 * event committed, at no cost of a transaction of its own (decision 010). A batch of one sharing
 * the notification's id.
 */
export interface ProductNotice {
  id: string;
  userId: string;
  /** The product event: 'code-purchase', 'subscription', 'withdrawal-paid'. */
  kind: string;
  title: string;
  /** What the batch says of it, in the admin's list of sendings. */
  summary: string;
  message: string;
  type: NotificationType;
  link: string;
  /** Makes it happen once per event. */
  dedupeKey: string;
  at: Date;
  /**
   * It confirms what the user just did and saw answered on screen (a purchase, a subscription): the
   * bell and the open page get it, no push, e-mail or Telegram message repeats it.
   */
  inAppOnly: boolean;
}

/**
 * The call that records it (migration 0024's `record_personal_notification`), for use inside the
 * event's statement: it answers false when the dedupe key was already used.
 */
export function productNoticeCall(notice: ProductNotice): SQL {
  return sql`record_personal_notification(${notice.id}::uuid, ${notice.userId}::uuid, ${notice.kind}::text,
    ${notice.title}::text, ${notice.summary}::text, ${notice.message}::text, ${notice.type}::text,
    ${notice.link}::text, ${notice.dedupeKey}::text, ${notice.at.toISOString()}::timestamptz,
    ${notice.inAppOnly}::boolean)`;
}

/** The notification as recorded, for its socket event once the statement committed. */
export function productNoticeContent(notice: ProductNotice): NotificationContent {
  return {
    id: notice.id,
    userId: notice.userId,
    title: notice.title,
    message: notice.message,
    type: notice.type,
    link: notice.link,
    createdAt: notice.at,
  };
}
