import type { RolloverTip } from '@cashtips/contract/rollover';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LiveMatchUpdates } from '../../../components/ui/game-live-state.tsx';
import { TrendingIcon } from '../../../components/ui/icons/trending-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRolloverTipsPage } from '../api/get-rollover-tips.ts';
import { useLiveSubscriberCounts } from '../api/use-live-subscriber-counts.ts';
import { dayLabel } from './day-label.ts';
import { RolloverTipCard } from './tip-card.tsx';

/** Consecutive tips of the same Lagos day, in the server's order (newest first). */
function byDay(tips: readonly RolloverTip[]): { day: string; tips: RolloverTip[] }[] {
  const groups: { day: string; tips: RolloverTip[] }[] = [];
  for (const tip of tips) {
    const last = groups.at(-1);
    if (last && last.day === tip.day) last.tips.push(tip);
    else groups.push({ day: tip.day, tips: [tip] });
  }
  return groups;
}

/** /rollover: every plan's tips, newest day first; tips of plans the user has not bought stay locked. */
export function RolloverTips() {
  const [page, setPage] = useState(1);
  const query = useRolloverTipsPage(page);
  useLiveSubscriberCounts();
  const data = query.data;
  if (query.isError && !data) {
    return (
      <ErrorState
        title="Could not load the rollover tips"
        message={errorMessage(query.error, 'Please try again.')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (!data) {
    return (
      <div role="status" aria-label="Loading rollover tips" className="grid gap-4 md:grid-cols-2">
        <div className="card h-72 animate-pulse" />
        <div className="card h-72 animate-pulse" />
      </div>
    );
  }
  if (data.tips.length === 0) {
    return (
      <EmptyState
        icon={<TrendingIcon className="size-6" />}
        title="No rollover tips posted yet"
        message="Tips are posted every day for each plan. Subscribe to a plan to get its code the moment it is posted."
        action={
          <Link to={paths.subscribe} className="btn btn-primary">
            See the plans
          </Link>
        }
      />
    );
  }
  return (
    <div className={`flex flex-col gap-6 ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
      <LiveMatchUpdates />
      {byDay(data.tips).map((group) => (
        <section key={group.day} aria-labelledby={`day-${group.day}`} className="flex flex-col gap-3">
          <h2 id={`day-${group.day}`} className="text-lg font-bold text-white">
            {dayLabel(group.day)}
          </h2>
          <ul className="grid gap-4 md:grid-cols-2">
            {group.tips.map((tip) => (
              <li key={tip._id} className="flex [&>article]:w-full">
                <RolloverTipCard tip={tip} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <Pagination
        page={page}
        totalPages={data.totalPages}
        label="Rollover tips"
        onPageChange={(next) => {
          setPage(next);
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}
