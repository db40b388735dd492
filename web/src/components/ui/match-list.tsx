import type { MatchLive } from '@cashtips/contract/football';
import type { Outcome } from '@cashtips/contract/matches';
import { formatDateTime } from '../../lib/format.ts';
import { GameViewLiveState } from './game-live-state.tsx';
import { LockIcon } from './icons/lock-icon.tsx';

export interface ListedMatch {
  teamA: string;
  teamB: string;
  league: string;
  kickoff: string;
  /** Null when the viewer has not paid for the pick (the server sends none). */
  prediction: string | null;
  odds: number | null;
  matchId: string;
  live: MatchLive;
  /** The recorded final score (public). */
  score: MatchLive['score'];
  /** The game's own result: null when the viewer may not see the pick. */
  outcome: Outcome | null;
}

interface MatchListProps {
  games: readonly ListedMatch[];
  /** What stands in for a pick the viewer has not paid for. */
  lockedPick: string;
}

/**
 * The games of a code or a tip: the match and its live state for everyone, the pick, its odds and its
 * own result for those who paid.
 */
export function MatchList({ games, lockedPick }: MatchListProps) {
  return (
    <ul aria-label="Games" className="flex flex-col gap-2">
      {games.map((game, index) => (
        <li
          key={`${game.teamA}|${game.teamB}|${game.kickoff}`}
          className="flex items-start gap-3 rounded-xl border border-emerald-800/70 px-3 py-2.5"
        >
          <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-emerald-800 text-xs font-bold text-emerald-100">
            {index + 1}
          </span>
          {/* The teams have the row's whole width (the odds sit with the pick): on a 320 px phone a long
              club name such as "Middlesbrough" then fits on its line instead of breaking mid-word. */}
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-white">
              {game.teamA} vs {game.teamB}
            </p>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-emerald-100/70">
              <span>
                {game.league} · <span className="whitespace-nowrap">{formatDateTime(game.kickoff)}</span>
              </span>
              <GameViewLiveState game={game} outcome={game.outcome} />
            </p>
            {game.prediction !== null ? (
              <p className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-lime-300">
                <span>
                  Pick: <span className="font-semibold">{game.prediction}</span>
                </span>
                {game.odds !== null && (
                  <span className="rounded-lg bg-emerald-950/60 px-2 py-0.5 font-bold whitespace-nowrap text-white tabular-nums">
                    {game.odds.toFixed(2)}
                  </span>
                )}
              </p>
            ) : (
              <p className="mt-1 inline-flex items-center gap-1 text-xs text-emerald-200/70">
                <LockIcon className="size-3.5" />
                {lockedPick}
              </p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
