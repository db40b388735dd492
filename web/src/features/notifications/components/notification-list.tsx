import { type Notification, notificationMessages } from '@cashtips/contract/notifications';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useNotificationActions } from '../api/notifications.ts';
import { isUnread } from '../notification-rules.ts';
import { NotificationItem } from './notification-item.tsx';

/** A list of notifications with the reader's actions, shared by the panel, the widget and /notifications. */
export function NotificationList({
  items,
  loading,
  skeletonRows = 3,
  onOpen,
  emptyText = notificationMessages.empty,
  headingLevel = 3,
}: {
  items: Notification[];
  loading: boolean;
  skeletonRows?: number;
  onOpen?: () => void;
  emptyText?: string;
  /** The items' heading level: 2 where the list sits right under the page's h1. */
  headingLevel?: 2 | 3;
}) {
  const { user } = useSession();
  const now = useNow();
  const { markRead, remove, signedIn } = useNotificationActions();
  if (loading) {
    return (
      <div role="status" aria-label="Loading notifications" className="flex flex-col gap-2">
        {Array.from({ length: skeletonRows }, (_, row) => `row-${row}`).map((key) => (
          <Skeleton key={key} className="h-[4.5rem] rounded-xl" />
        ))}
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-emerald-700/70 px-4 py-6 text-center text-sm text-emerald-100/75">
        {emptyText}
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => (
        <li key={item._id}>
          <NotificationItem
            item={item}
            unread={isUnread(item, user?.id ?? null)}
            actions={signedIn}
            now={now}
            headingLevel={headingLevel}
            onMarkRead={(target) => void markRead(target)}
            onDelete={(target) => void remove(target)}
            {...(onOpen ? { onOpen } : {})}
          />
        </li>
      ))}
    </ul>
  );
}
