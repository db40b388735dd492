import { type AdminMatch, scoreText } from '@cashtips/contract/matches';
import { Link } from '../../../components/ui/link.tsx';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { adminPaths } from '../utils/admin-paths.ts';
import { formatDateTime } from '../utils/format.ts';
import { MatchStatusBadge } from './badge.tsx';
import { DateTime } from './date-time.tsx';
import { CardFigures, Figure } from './figure.tsx';
import { LiveState, ProviderNotes, ProviderTag, showsLive, WaitingForYou } from './match-football.tsx';
import {
  bodyCell,
  bodyRow,
  card,
  cardList,
  headCell,
  stretchedLink,
  tableClass,
  tableFrame,
} from './table-styles.ts';

/** 'Arsenal vs Chelsea' */
export const matchTitle = (match: Pick<AdminMatch, 'homeTeam' | 'awayTeam'>) =>
  `${match.homeTeam} vs ${match.awayTeam}`;

/** '3 games' */
export const countText = (count: number, noun: [singular: string, plural: string]) =>
  `${formatCount(count)} ${count === 1 ? noun[0] : noun[1]}`;

/** The score when there is one, else the match's status ('No result yet', 'Void'). */
export function MatchResult({ match }: { match: AdminMatch }) {
  const score = scoreText(match.score);
  if (score) return <span className="text-base font-bold whitespace-nowrap text-white">{score}</span>;
  return <MatchStatusBadge status={match.status} />;
}

/** The live state while a provider follows an unrecorded match; a dash otherwise. */
function Live({ match }: { match: AdminMatch }) {
  return showsLive(match) ? <LiveState live={match.live} /> : <span className="text-emerald-100/50">—</span>;
}

/** How many items still wait on this match: amber while any do. */
function Waiting({ count }: { count: number }) {
  return count > 0 ? (
    <span className="font-semibold text-amber-200">{countText(count, ['item', 'items'])}</span>
  ) : (
    <span className="text-emerald-100/60">None</span>
  );
}

function MatchLink({ match }: { match: AdminMatch }) {
  return (
    <Link to={adminPaths.match(match._id)} className={`${stretchedLink} break-words`}>
      {matchTitle(match)}
    </Link>
  );
}

/** Matches as a table on desktop and cards on phones; a row or card opens the match and its score form. */
export function MatchesList({ matches }: { matches: AdminMatch[] }) {
  return (
    <>
      <div className={tableFrame}>
        <table className={tableClass}>
          <caption className="sr-only">Matches</caption>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Match
              </th>
              <th scope="col" className={headCell}>
                Kickoff
              </th>
              <th scope="col" className={headCell}>
                Live
              </th>
              <th scope="col" className={headCell}>
                Result
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Games
              </th>
              <th scope="col" className={headCell}>
                Items waiting
              </th>
            </tr>
          </thead>
          <tbody>
            {matches.map((match) => (
              <tr key={match._id} className={`${bodyRow} relative hover:bg-emerald-800/30`}>
                <th scope="row" className={`${bodyCell} max-w-72 font-normal`}>
                  <MatchLink match={match} />
                  <p className="text-xs break-words text-emerald-100/70">{match.league}</p>
                  <ProviderTag match={match} />
                </th>
                <td className={`${bodyCell} text-emerald-100/85`}>
                  <DateTime iso={match.kickoff} />
                </td>
                <td className={bodyCell}>
                  <Live match={match} />
                </td>
                <td className={`${bodyCell} max-w-64`}>
                  <MatchResult match={match} />
                  <ProviderNotes match={match} />
                  {match.waitingReason && <WaitingForYou reason={match.waitingReason} compact />}
                </td>
                <td className={`${bodyCell} text-right tabular-nums`}>{match.games}</td>
                <td className={bodyCell}>
                  <Waiting count={match.pendingItems} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={cardList} aria-label="Matches">
        {matches.map((match) => (
          <li key={match._id} className={`${card} relative`}>
            {/* The result moves under a long title, which keeps the card's width: "Mönchengladbach"
                and "Wolverhampton" broke inside at 320 px beside it. */}
            <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
              <div className="min-w-0 flex-auto">
                <MatchLink match={match} />
                <p className="text-sm break-words text-emerald-100/80">{match.league}</p>
                <ProviderTag match={match} />
              </div>
              <div className="flex flex-wrap items-center gap-1.5">
                {showsLive(match) && <LiveState live={match.live} />}
                <MatchResult match={match} />
              </div>
            </div>
            <ProviderNotes match={match} />
            {match.waitingReason && <WaitingForYou reason={match.waitingReason} compact />}
            <CardFigures>
              <Figure label="Kickoff" wide>
                {formatDateTime(match.kickoff)}
              </Figure>
              <Figure label="Games">{match.games}</Figure>
              <Figure label="Items waiting" wide>
                <Waiting count={match.pendingItems} />
              </Figure>
            </CardFigures>
          </li>
        ))}
      </ul>
    </>
  );
}
