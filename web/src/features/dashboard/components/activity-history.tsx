import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ClockIcon } from '../../../components/ui/icons/clock-icon.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useActivityPage, useLiveActivity } from '../api/activity.ts';
import { ActivityRow } from './activity-row.tsx';

const SKELETON_ROWS = 5;

/** `?page=` as a page number; anything else (missing, 0, 'abc') is the first page. */
export function activityPageFrom(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

interface ActivityHistoryProps {
  /** h1 on /activity; h2 where it sits under a page's own h1 (the profile's Activity tab). */
  headingLevel?: 'h1' | 'h2';
}

/**
 * The user's whole activity history, newest first, paged. Self-contained: it reads and writes `?page=`
 * itself, keeping the address's other parameters (such as the profile's `?tab=`).
 */
export function ActivityHistory({ headingLevel = 'h1' }: ActivityHistoryProps) {
  // useLocation, not useSearchParams: see app/routes/wallet.tsx (the entry chunk pays for router APIs).
  const { search } = useLocation();
  const navigate = useNavigate();
  const page = activityPageFrom(search);
  const query = useActivityPage(page);
  useLiveActivity();
  const now = useNow();
  const data = query.data;

  const goToPage = useCallback(
    (next: number, replace = false) => {
      const params = new URLSearchParams(search);
      if (next > 1) params.set('page', String(next));
      else params.delete('page');
      const nextSearch = params.toString();
      navigate({ search: nextSearch ? `?${nextSearch}` : '' }, { replace, preventScrollReset: true });
      document.getElementById('activity-history-title')?.scrollIntoView({ block: 'start' });
    },
    [navigate, search],
  );

  // A page past the end (an old link, or items gone): the last page that exists, in place of an empty one.
  const lastPage = data && !query.isPlaceholderData && data.totalPages > 0 ? data.totalPages : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) goToPage(lastPage, true);
  }, [goToPage, lastPage, page]);

  const Heading = headingLevel;
  return (
    <section aria-labelledby="activity-history-title" className="flex min-w-0 flex-col gap-5">
      <header>
        <Heading
          id="activity-history-title"
          className={`scroll-mt-24 font-bold tracking-tight text-white ${
            headingLevel === 'h1' ? 'text-2xl sm:text-3xl' : 'text-lg'
          }`}
        >
          Activity
        </Heading>
        <p className="mt-1 text-emerald-100/75">
          Deposits, withdrawals, purchases, subscriptions and results on your account, newest first.
        </p>
      </header>
      {query.isError && !data ? (
        <ErrorState
          title="Could not load your activity."
          message={errorMessage(query.error, 'Please check your connection and try again.')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !data ? (
        <div role="status" aria-label="Loading" className="flex flex-col gap-2">
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered.
            <Skeleton key={index} className="h-[4.5rem] rounded-xl" />
          ))}
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState
          icon={<ClockIcon className="size-6" />}
          title="No activity yet"
          message="Your deposits, purchases, subscriptions and results will show here."
        />
      ) : (
        <ul className="flex flex-col gap-2" aria-busy={query.isPlaceholderData || undefined}>
          {data.items.map((item) => (
            <ActivityRow key={item.id} item={item} now={now} />
          ))}
        </ul>
      )}
      {data && (
        <Pagination
          page={page}
          totalPages={data.totalPages}
          onPageChange={(next) => goToPage(next)}
          label="Activity"
        />
      )}
    </section>
  );
}
