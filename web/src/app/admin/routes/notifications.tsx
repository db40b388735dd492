import { useId } from 'react';
import { useAdminNotifications } from '../../../features/admin/api/get-admin-notifications.ts';
import { ListEmpty, ResultsStatus, SkeletonRows } from '../../../features/admin/components/list-states.tsx';
import { NotificationForm } from '../../../features/admin/components/notification-form.tsx';
import { listSummary, PagedResults } from '../../../features/admin/components/paged-results.tsx';
import { SentNotificationsList } from '../../../features/admin/components/sent-notifications-list.tsx';
import { useListParams } from '../../../features/admin/components/use-list-params.ts';
import { AdminPage } from '../admin-page.tsx';

/** /admin/notifications: send a notification to everyone, one user or a plan's subscribers; what was sent. */
export default function AdminNotificationsRoute() {
  const { page, setPage } = useListParams();
  const query = useAdminNotifications({ page });
  const data = query.data;
  const sentId = useId();

  const summary = listSummary(query, 'Loading sent notifications…', ['notification', 'notifications']);
  const empty = data && !query.isPlaceholderData && data.notifications.length === 0;

  return (
    <AdminPage
      title="Notifications"
      description="Send a notification to everyone, to one user or to a plan’s subscribers, and withdraw one sent by mistake."
    >
      <div className="max-w-3xl">
        {/* A new one is at the top of the first page. */}
        <NotificationForm onSent={() => page !== 1 && setPage(1)} />
      </div>
      <section aria-labelledby={sentId} className="flex min-w-0 flex-col gap-3">
        <h2 id={sentId} className="text-lg font-bold text-white">
          Sent notifications
        </h2>
        <ResultsStatus>{empty ? <ListEmpty>No notifications sent yet.</ListEmpty> : summary}</ResultsStatus>
        <PagedResults
          query={query}
          hasRows={Boolean(data && data.notifications.length > 0)}
          skeleton={<SkeletonRows rows={4} height="h-20" />}
          errorFallback="Could not load the sent notifications."
          pagesLabel="Sent notifications pages"
          page={page}
          onPageChange={setPage}
        >
          <SentNotificationsList notifications={data?.notifications ?? []} />
        </PagedResults>
      </section>
    </AdminPage>
  );
}
