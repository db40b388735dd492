import type { HeldItem, LiveMatch } from '@cashtips/contract/football';
import { lagosDay } from '@cashtips/contract/lagos-time';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { GameLiveState, LiveMatchUpdates } from '../../../components/ui/game-live-state.tsx';
import { BookmarkIcon } from '../../../components/ui/icons/bookmark-icon.tsx';
import { LiveIcon } from '../../../components/ui/icons/live-icon.tsx';
import { TrendingIcon } from '../../../components/ui/icons/trending-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatLagosClock, formatLagosDay } from '../../../lib/format.ts';
import { useLiveMatches } from '../api/get-live-matches.ts';

export interface LeagueGroup {
  league: string;
  matches: LiveMatch[];
}

/**
 * Today's matches by league: leagues in the order of their first kickoff, matches by kickoff. The
 * order never depends on the live state, so a goal or a final whistle moves no row.
 */
export function groupByLeague(matches: readonly LiveMatch[]): LeagueGroup[] {
  const sorted = [...matches].sort(
    (a, b) =>
      Date.parse(a.kickoff) - Date.parse(b.kickoff) ||
      a.league.localeCompare(b.league) ||
      a.homeTeam.localeCompare(b.homeTeam),
  );
  const groups = new Map<string, LiveMatch[]>();
  for (const match of sorted) {
    const group = groups.get(match.league);
    if (group) group.push(match);
    else groups.set(match.league, [match]);
  }
  return [...groups].map(([league, grouped]) => ({ league, matches: grouped }));
}

/** Where a held item is read in full: a bought code's detail, or today's tips of the user's plans. */
const heldItemPath = (item: HeldItem) =>
  item.kind === 'code' ? `${paths.bookingCodes}/${encodeURIComponent(item.itemId)}` : paths.myRollover;

/**
 * What the page can promise about scores: with a football data provider they follow the game; without
 * one (`liveScores: false`) nothing moves until an admin records the result after the match.
 */
export const liveScoresText = {
  on: 'Kickoffs are in Lagos time; scores update as they happen.',
  off: 'Kickoffs are in Lagos time. Live scores are off: each result is added after the match.',
} as const;

/** /live: today's registered matches, grouped by league, following their live state. */
export function LiveMatches() {
  const query = useLiveMatches();
  const day = query.data?.day ?? lagosDay(new Date());
  // Before the answer (a moment, in the browser only), the page promises nothing.
  const liveScores = query.data?.liveScores;
  const held = query.data?.matches.filter((match) => match.yours.length > 0).length ?? 0;
  return (
    <div className="flex flex-col gap-6">
      <LiveMatchUpdates />
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Live Scores</h1>
        <p className="mt-1 text-emerald-100/75">
          Today’s matches, {formatLagosDay(day, 'withWeekday')}.{' '}
          {liveScores === undefined
            ? 'Kickoffs are in Lagos time.'
            : liveScores
              ? liveScoresText.on
              : liveScoresText.off}
        </p>
        {held > 0 && (
          <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-lime-200">
            <BookmarkIcon className="size-4 shrink-0" />
            {held === 1
              ? 'One of these matches has your code or tip on it.'
              : `${held} of these matches have your codes or tips on them.`}
          </p>
        )}
      </header>
      {query.isPending ? (
        <LiveMatchesSkeleton />
      ) : query.isError ? (
        <ErrorState
          title="Could not load today’s matches"
          message={errorMessage(query.error, 'Please try again.')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.matches.length === 0 ? (
        <EmptyState
          icon={<LiveIcon className="size-6" />}
          title="No matches today"
          message={
            query.data.liveScores
              ? 'Fixtures come from our football data provider for the leagues we follow, and from the matches our tipsters post tips on. New ones show here as soon as they are added.'
              : 'Matches show here once our tipsters post tips on them; each result is added after the match.'
          }
        />
      ) : (
        groupByLeague(query.data.matches).map((group, index) => (
          <LeagueSection key={group.league} group={group} headingId={`league-${index}`} />
        ))
      )}
    </div>
  );
}

function LeagueSection({ group, headingId }: { group: LeagueGroup; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="card gap-0 overflow-hidden p-0">
      <h2
        id={headingId}
        className="border-b border-emerald-800/70 bg-emerald-950/40 px-4 py-3 text-sm font-bold tracking-wide text-lime-200 uppercase"
      >
        {group.league}
      </h2>
      <ul className="divide-y divide-emerald-800/60">
        {group.matches.map((match) => (
          <MatchRow key={match._id} match={match} />
        ))}
      </ul>
    </section>
  );
}

function MatchRow({ match }: { match: LiveMatch }) {
  const yours = match.yours.length > 0;
  return (
    <li
      data-yours={yours || undefined}
      className={`flex gap-3 px-4 py-3 ${yours ? 'border-l-4 border-l-lime-400 bg-lime-400/5 pl-3' : ''}`}
    >
      <time
        dateTime={match.kickoff}
        className="w-12 shrink-0 pt-0.5 text-sm text-emerald-100/80 tabular-nums"
      >
        {formatLagosClock(match.kickoff)}
      </time>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="font-semibold text-white">
          {match.homeTeam} <span className="font-normal text-emerald-200/80">vs</span> {match.awayTeam}{' '}
          <DemoBadge demo={match.demo} />
        </p>
        <GameLiveState
          matchId={match._id}
          live={{ status: match.status, minute: match.minute, score: match.score }}
          home={match.homeTeam}
          away={match.awayTeam}
        />
        {yours && (
          <ul aria-label="Yours on this match" className="flex flex-wrap gap-1.5">
            {match.yours.map((item) => (
              <li key={`${item.kind}-${item.itemId}`}>
                <Link
                  to={heldItemPath(item)}
                  className="inline-flex min-h-8 items-center gap-1.5 rounded-full bg-lime-400/15 px-3 text-xs font-semibold text-lime-200 hover:bg-lime-400/25"
                >
                  {item.kind === 'code' ? (
                    <BookmarkIcon className="size-3.5 shrink-0" />
                  ) : (
                    <TrendingIcon className="size-3.5 shrink-0" />
                  )}
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** Two leagues of three rows, the size of the real ones. */
function LiveMatchesSkeleton() {
  return (
    <div role="status" aria-label="Loading today’s matches" className="flex flex-col gap-6">
      {[0, 1].map((group) => (
        <div key={group} className="card gap-0 overflow-hidden p-0">
          <div className="border-b border-emerald-800/70 px-4 py-3">
            <Skeleton className="h-5 w-40" />
          </div>
          {[0, 1, 2].map((row) => (
            <div
              key={row}
              className="flex gap-3 border-t border-emerald-800/60 px-4 py-3 first-of-type:border-t-0"
            >
              <Skeleton className="h-5 w-12" />
              <Skeleton className="h-6 flex-1" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
