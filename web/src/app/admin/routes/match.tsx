import { scoreText } from '@cashtips/contract/matches';
import { useAdminMatch } from '../../../features/admin/api/get-admin-match.ts';
import { MatchStatusBadge } from '../../../features/admin/components/badge.tsx';
import {
  HeldBadge,
  LiveState,
  providerLinkText,
  showsLive,
  WaitingForYou,
} from '../../../features/admin/components/match-football.tsx';
import { MatchGames } from '../../../features/admin/components/match-games.tsx';
import { MatchProviderPanel } from '../../../features/admin/components/match-provider-panel.tsx';
import { MatchResultForm } from '../../../features/admin/components/match-result-form.tsx';
import { countText, matchTitle } from '../../../features/admin/components/matches-list.tsx';
import { adminPaths } from '../../../features/admin/utils/admin-paths.ts';
import { formatDateTime } from '../../../features/admin/utils/format.ts';
import { usePathId } from '../../../lib/use-path-id.ts';
import { usePageName } from '../../page-title.tsx';
import { BackLink, DetailHeader, DetailUnavailable } from '../admin-detail.tsx';

function BackToMatches() {
  return <BackLink to={adminPaths.matches}>All matches</BackLink>;
}

/** /admin/matches/:id: the score form, what it settled, and every game on the match. */
export default function AdminMatchRoute() {
  const id = usePathId(adminPaths.matches);
  const query = useAdminMatch(id);
  usePageName(query.data ? matchTitle(query.data.match) : undefined);

  if (query.isPending || query.isError) {
    return (
      <DetailUnavailable
        query={query}
        back={<BackToMatches />}
        noun="Match"
        notFound="There is no match at this address."
      />
    );
  }

  const { match, games } = query.data;
  const score = scoreText(match.score);
  return (
    <div className="flex flex-col gap-6">
      <BackToMatches />
      <DetailHeader
        title={matchTitle(match)}
        badges={
          <>
            <MatchStatusBadge status={match.status} />
            {showsLive(match) && <LiveState live={match.live} />}
            {match.held && <HeldBadge />}
          </>
        }
      >
        {match.league} · {formatDateTime(match.kickoff)}
        {score && ` · ${score}`} · {countText(match.games, ['game', 'games'])} ·{' '}
        {match.pendingItems === 0
          ? 'no item waiting'
          : `${countText(match.pendingItems, ['item', 'items'])} waiting`}{' '}
        · {providerLinkText(match)}
      </DetailHeader>
      {match.status === 'scheduled' && match.waitingReason && <WaitingForYou reason={match.waitingReason} />}
      {/* Phones read the score form first; on desktop it sits beside the games. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-start-1">
          <MatchResultForm key={match._id} match={match} />
          <MatchProviderPanel match={match} />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <MatchGames games={games} />
        </div>
      </div>
    </div>
  );
}
