import type { CommunityEvent, CommunityEventKind } from '@cashtips/contract/dashboard';
import type { ComponentType } from 'react';
import { CalendarIcon } from '../../../components/ui/icons/calendar-icon.tsx';
import type { IconProps } from '../../../components/ui/icons/outline.tsx';
import { SparkIcon } from '../../../components/ui/icons/spark-icon.tsx';
import { TicketIcon } from '../../../components/ui/icons/ticket-icon.tsx';
import { UsersIcon } from '../../../components/ui/icons/users-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { WidgetEmpty, WidgetFrame, WidgetSkeleton } from '../../../components/ui/widget.tsx';
import { paths } from '../../../config/paths.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useCommunity } from '../api/get-community.ts';
import { activityWhen } from './activity-row.tsx';

export const NO_COMMUNITY_ACTIVITY = 'No community activity yet';
export const NO_REFERRALS_THIS_MONTH = 'No referrals this month yet';
export const hideFromCommunityPath = `${paths.profile}?tab=preferences`;

/**
 * Compact shows the freshest few of each list; the server caps them (COMMUNITY_FEED_SIZE,
 * TOP_REFERRERS_SIZE) for the full view.
 */
const COMPACT_ROWS = 3;

const kinds: Record<CommunityEventKind, { icon: ComponentType<IconProps>; tone: string; label: string }> = {
  purchase: { icon: TicketIcon, tone: 'bg-lime-300/15 text-lime-300', label: 'Purchase' },
  subscription: { icon: CalendarIcon, tone: 'bg-sky-400/15 text-sky-300', label: 'Subscription' },
  win: { icon: SparkIcon, tone: 'bg-amber-400/15 text-amber-300', label: 'Win' },
};

function FeedRow({ event, now }: { event: CommunityEvent; now: Date }) {
  const kind = kinds[event.kind];
  const Icon = kind.icon;
  return (
    <li className="flex items-start gap-3 rounded-xl bg-emerald-950/50 px-3 py-2.5">
      <span className={`flex size-9 shrink-0 items-center justify-center rounded-lg ${kind.tone}`}>
        <Icon className="size-5" />
        <span className="sr-only">{kind.label}:</span>
      </span>
      <p className="min-w-0 flex-1 text-sm break-words text-emerald-50">
        <span className="font-semibold text-white">{event.name}</span> {event.text}
        <time dateTime={event.at} className="block text-xs text-emerald-100/75">
          {activityWhen(event.at, now)}
        </time>
      </p>
    </li>
  );
}

/**
 * Dashboard (spec): what other members did lately (first name and initial only) and this month's top
 * referrers, with the way to leave both. A failed load shows the empty texts (spec).
 */
export function CommunityWidget({ compact = false }: { compact?: boolean }) {
  const query = useCommunity();
  const now = useNow();
  const data = query.data ?? (query.isError ? { feed: [], topReferrers: [] } : undefined);
  const rows = compact ? COMPACT_ROWS : undefined;
  return (
    <WidgetFrame id="community-title" title="Community" icon={<UsersIcon className="size-5" />}>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-emerald-100">Latest from the community</h3>
        {!data ? (
          <WidgetSkeleton rows={2} rowClassName="h-14" />
        ) : data.feed.length === 0 ? (
          <WidgetEmpty text={NO_COMMUNITY_ACTIVITY} />
        ) : (
          <ul className="flex flex-col gap-2">
            {data.feed.slice(0, rows).map((event) => (
              <FeedRow key={event._id} event={event} now={now} />
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-emerald-100">Top referrers this month</h3>
        {!data ? (
          <WidgetSkeleton rows={2} rowClassName="h-11" />
        ) : data.topReferrers.length === 0 ? (
          <WidgetEmpty text={NO_REFERRALS_THIS_MONTH} />
        ) : (
          <ol className="flex flex-col gap-1.5">
            {data.topReferrers.slice(0, rows).map((referrer) => (
              <li
                key={`${referrer.rank}-${referrer.name}`}
                className="flex min-h-11 items-center gap-3 rounded-xl bg-emerald-950/50 px-3 py-2 text-sm"
              >
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-lime-300/15 text-xs font-bold text-lime-300 tabular-nums">
                  <span className="sr-only">Rank </span>
                  {referrer.rank}
                </span>
                <span className="min-w-0 flex-1 truncate font-semibold text-white">{referrer.name}</span>
                <span className="shrink-0 text-emerald-100/75 tabular-nums">
                  {formatCount(referrer.referrals)} {referrer.referrals === 1 ? 'referral' : 'referrals'}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
      <p className="text-xs text-emerald-100/75">
        Only first names and initials are shown.{' '}
        <Link
          to={hideFromCommunityPath}
          className="inline-flex min-h-11 items-center font-semibold text-lime-300 underline-offset-2 hover:underline"
        >
          Hide me from the community feed
        </Link>
      </p>
    </WidgetFrame>
  );
}
