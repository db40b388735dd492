import { ArrowRightIcon } from '../../../components/ui/icons/arrow-right-icon.tsx';
import { ClockIcon } from '../../../components/ui/icons/clock-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import {
  WidgetEmpty,
  WidgetFrame,
  WidgetSkeleton,
  widgetFooterLinkClass,
  widgetLimit,
} from '../../../components/ui/widget.tsx';
import { paths } from '../../../config/paths.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useLiveActivity, useRecentActivity } from '../api/activity.ts';
import { ActivityRow } from './activity-row.tsx';

export const NO_RECENT_ACTIVITY = 'No recent activity';

/**
 * Dashboard (spec): the latest 2 activity items (1 compact), new ones arriving live on the socket, and
 * the way to the whole history. A failed load shows the empty text (spec).
 */
export function RecentActivityWidget({ compact = false }: { compact?: boolean }) {
  const query = useRecentActivity();
  useLiveActivity();
  const now = useNow();
  const limit = widgetLimit(compact);
  const items = query.data ?? (query.isError ? [] : undefined);
  return (
    <WidgetFrame id="recent-activity-title" title="Recent Activity" icon={<ClockIcon className="size-5" />}>
      {!items ? (
        <WidgetSkeleton rows={limit} rowClassName="h-[4.5rem]" />
      ) : items.length === 0 ? (
        <WidgetEmpty text={NO_RECENT_ACTIVITY} />
      ) : (
        <ul className="flex flex-col gap-2">
          {items.slice(0, limit).map((item) => (
            <ActivityRow key={item.id} item={item} now={now} />
          ))}
        </ul>
      )}
      <Link to={paths.activity} className={widgetFooterLinkClass}>
        All activity
        <ArrowRightIcon className="size-4" />
      </Link>
    </WidgetFrame>
  );
}
