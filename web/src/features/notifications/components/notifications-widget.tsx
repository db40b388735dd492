import { ArrowRightIcon } from '../../../components/ui/icons/arrow-right-icon.tsx';
import { BellIcon } from '../../../components/ui/icons/bell-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { WidgetFrame, widgetFooterLinkClass, widgetLimit } from '../../../components/ui/widget.tsx';
import { paths } from '../../../config/paths.ts';
import { useNotificationActions, useNotificationFeed } from '../api/notifications.ts';
import { NotificationList } from './notification-list.tsx';
import { PushToggle } from './push-toggle.tsx';

/**
 * The dashboard's Notifications widget on real data: the unread count, the latest 2 (1 compact),
 * a working Mark All as Read, the push switch and the way to the full history.
 */
export function NotificationsWidget({ compact = false }: { compact?: boolean }) {
  const feed = useNotificationFeed();
  const { markAllRead } = useNotificationActions();
  const { unread } = feed;
  return (
    <WidgetFrame id="notifications-widget-title" title="Notifications" icon={<BellIcon className="size-5" />}>
      <div className="flex min-h-11 flex-wrap items-center justify-between gap-2">
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            unread > 0 ? 'bg-red-500/20 text-red-200' : 'bg-emerald-800/70 text-emerald-100/80'
          }`}
        >
          {unread} unread
        </span>
        {/* Always there (spec), so it never appears under a finger; with nothing unread it does nothing. */}
        <button
          type="button"
          aria-disabled={unread === 0 || undefined}
          className="min-h-11 rounded-lg px-2 text-sm font-semibold text-lime-300 hover:text-lime-200 aria-disabled:cursor-default aria-disabled:text-emerald-100/50 aria-disabled:hover:text-emerald-100/50"
          onClick={() => {
            if (unread > 0) void markAllRead();
          }}
        >
          Mark All as Read
        </button>
      </div>
      {feed.error && !feed.items.length ? (
        <p className="text-sm text-emerald-100/75">{feed.error}</p>
      ) : (
        <NotificationList
          items={feed.items.slice(0, widgetLimit(compact))}
          loading={feed.loading}
          skeletonRows={widgetLimit(compact)}
        />
      )}
      <PushToggle />
      <Link to={paths.notifications} className={widgetFooterLinkClass}>
        All notifications
        <ArrowRightIcon className="size-4" />
      </Link>
    </WidgetFrame>
  );
}
