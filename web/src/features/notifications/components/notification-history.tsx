import { notificationMessages } from '@cashtips/contract/notifications';
import { useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import {
  notificationsErrorText,
  useNotificationActions,
  useNotificationHistory,
} from '../api/notifications.ts';
import { NotificationList } from './notification-list.tsx';
import { PushToggle } from './push-toggle.tsx';

/** /notifications: every notification the user can see (personal and announcements), newest first, 20 a page. */
export function NotificationHistory() {
  const [page, setPage] = useState(1);
  const history = useNotificationHistory(page);
  const { markAllRead } = useNotificationActions();
  const data = history.data;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Notifications</h1>
          <p className="mt-1 min-h-6 text-emerald-100/75">
            {data ? notificationMessages.counts(data.unread, data.total) : '\u00a0'}
          </p>
        </div>
        {data && data.unread > 0 && (
          <button type="button" className="btn btn-secondary" onClick={() => void markAllRead()}>
            {notificationMessages.markAllRead}
          </button>
        )}
      </header>
      <PushToggle />
      {history.isError && !data ? (
        <ErrorState title={notificationsErrorText(history.error)} onRetry={() => void history.refetch()} />
      ) : (
        <NotificationList
          items={data?.notifications ?? []}
          loading={!data}
          skeletonRows={5}
          headingLevel={2}
        />
      )}
      {data && (
        <Pagination page={page} totalPages={data.totalPages} onPageChange={setPage} label="Notifications" />
      )}
    </div>
  );
}
