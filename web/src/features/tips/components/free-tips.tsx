import { lagosDay } from '@cashtips/contract/lagos-time';
import { tipMessages } from '@cashtips/contract/tips';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LiveMatchUpdates } from '../../../components/ui/game-live-state.tsx';
import { ArrowRightIcon } from '../../../components/ui/icons/arrow-right-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { formatLagosDay } from '../../../lib/format.ts';
import { renderNow } from '../../../lib/server-render/render-clock.ts';
import { useFreeTips } from '../api/get-free-tips.ts';
import { CommunityLinks } from './community-links.tsx';
import { FreeTipCard } from './free-tip-card.tsx';

/** /free and /free-tips: today's free tips (Lagos day), the community links and the way to past results. */
export function FreeTips() {
  const query = useFreeTips();
  const today = formatLagosDay(lagosDay(new Date(renderNow())), 'withWeekday');
  return (
    <div className="flex flex-col gap-6">
      <LiveMatchUpdates />
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Free Tips</h1>
        <p className="mt-1 text-emerald-100/75">Today’s free picks, {today}. Kickoffs are in Lagos time.</p>
      </header>
      <section aria-labelledby="free-today-title" className="flex flex-col gap-3">
        <h2 id="free-today-title" className="sr-only">
          Today’s free tips
        </h2>
        {query.isPending ? (
          <div role="status" aria-label="Loading" className="grid gap-3 md:grid-cols-2">
            <Skeleton className="h-44 rounded-2xl" />
            <Skeleton className="h-44 rounded-2xl" />
          </div>
        ) : query.isError ? (
          <ErrorState
            title="Could not load today’s free tips"
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : query.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-emerald-700/70 px-4 py-8 text-center text-emerald-100/80">
            {tipMessages.noFreeTipsToday}
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {query.data.map((tip) => (
              <li key={tip._id}>
                <FreeTipCard tip={tip} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="free-community-title" className="card gap-3">
        <h2 id="free-community-title" className="text-lg font-bold text-white">
          Get every free tip first
        </h2>
        <p className="text-sm text-emerald-100/80">
          Free tips are posted on our community channels the moment they are ready.
        </p>
        <CommunityLinks />
        <Link
          to={paths.pastTips}
          className="inline-flex min-h-11 items-center gap-1 self-start rounded-xl text-sm font-semibold text-lime-300 hover:text-lime-200"
        >
          Past tips and our verified record
          <ArrowRightIcon className="size-4" />
        </Link>
      </section>
    </div>
  );
}
