import type { MatchLive } from '@cashtips/contract/football';
import { liveStatusLabels, type Outcome, scoreText } from '@cashtips/contract/matches';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  onMatchChange,
  useLiveMatchUpdates,
  useMatchLive,
  useWatchedMatch,
  watchedTeams,
} from '../../lib/live-matches.ts';
import { badgeClass } from './badge.tsx';

type Score = MatchLive['score'];

const outcomeBadges = {
  won: { label: 'Won', className: 'bg-green-400/20 text-green-300' },
  lost: { label: 'Lost', className: 'bg-red-400/15 text-red-300' },
  void: { label: 'Void', className: 'bg-emerald-800 text-emerald-100' },
} as const;

const pillClass =
  'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold';

interface LiveStateBadgeProps {
  live: MatchLive;
  /** The selection's own result, for those who may see the pick (the server sends null otherwise). */
  outcome?: Outcome | null | undefined;
  /** The recorded final score (after 90 minutes), once there is one. */
  finalScore?: Score | undefined;
  /** What shows while there is nothing to tell (before kickoff); nothing by default. */
  idle?: ReactNode;
}

/**
 * A game's state as a small pill: nothing before kickoff (the kickoff time already shows), "Live 67'"
 * with the score and a pulsing dot, "HT 1-0", "FT 2-1" with Won, Lost or Void once the selection's own
 * result is known, or a muted Postponed, Suspended, Cancelled or Abandoned.
 */
export function LiveStateBadge({
  live,
  outcome = null,
  finalScore = null,
  idle = null,
}: LiveStateBadgeProps) {
  // Without a provider an admin records the result and the state stays 'scheduled': the score tells.
  const status = live.status === 'scheduled' && finalScore ? 'finished' : live.status;
  const score = scoreText(status === 'finished' ? (finalScore ?? live.score) : live.score);
  const result = outcome && outcome !== 'pending' ? outcomeBadges[outcome] : null;
  const state = (() => {
    if (status === 'scheduled') return null;
    if (status === 'live') {
      const minute = live.minute === null ? '' : ` ${live.minute}'`;
      return (
        <span data-live-status="live" className={`${pillClass} bg-rose-500/15 text-rose-100`}>
          <span aria-hidden="true" className="relative flex size-2">
            <span className="absolute inline-flex size-full rounded-full bg-rose-400 opacity-75 motion-safe:animate-ping" />
            <span className="relative inline-flex size-2 rounded-full bg-rose-400" />
          </span>
          <span aria-hidden="true">
            Live{minute}
            {score && <span className="ml-1.5 text-white tabular-nums">{score}</span>}
          </span>
          <span className="sr-only">
            {['Live', live.minute === null ? null : `minute ${live.minute}`, score && `score ${score}`]
              .filter(Boolean)
              .join(', ')}
          </span>
        </span>
      );
    }
    if (status === 'halftime' || status === 'finished') {
      const short = status === 'halftime' ? 'HT' : 'FT';
      return (
        <span
          data-live-status={status}
          className={`${pillClass} ${status === 'halftime' ? 'bg-amber-400/15 text-amber-100' : 'bg-emerald-800/80 text-emerald-50'}`}
        >
          <span aria-hidden="true">
            {short}
            {score && <span className="ml-1.5 text-white tabular-nums">{score}</span>}
          </span>
          <span className="sr-only">
            {liveStatusLabels[status]}
            {score && `, score ${score}`}
          </span>
        </span>
      );
    }
    return (
      <span
        data-live-status={status}
        className={`${pillClass} border border-emerald-700/70 font-medium text-emerald-100/70`}
      >
        {liveStatusLabels[status]}
      </span>
    );
  })();
  if (!state && !result) return idle;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {state}
      {result && (
        <span data-outcome={outcome} className={`${badgeClass} ${result.className}`}>
          <span className="sr-only">Pick </span>
          {result.label}
        </span>
      )}
    </span>
  );
}

interface GameLiveStateProps extends Omit<LiveStateBadgeProps, 'live'> {
  matchId: string;
  /** The state the game view carried; newer states from events replace it. */
  live: MatchLive;
  /** The teams, for the screen-reader announcement of a goal or a final whistle. */
  home: string;
  away: string;
}

/** A game's live state, following its match's events (see lib/live-matches.ts). */
export function GameLiveState({ matchId, live, home, away, ...rest }: GameLiveStateProps) {
  const current = useMatchLive(matchId, live);
  useWatchedMatch(matchId, home, away);
  return <LiveStateBadge live={current} {...rest} />;
}

/** What a game of a code or a tip carries about its match (the contract's game views). */
export interface GameView {
  matchId: string;
  live: MatchLive;
  teamA: string;
  teamB: string;
  /** The recorded final score (public). */
  score: Score;
}

interface GameViewLiveStateProps extends Omit<LiveStateBadgeProps, 'live' | 'finalScore'> {
  game: GameView;
}

/**
 * GameLiveState of a code's or a tip's game. The pick's `outcome` stays the caller's to pass: only
 * some lists show it.
 */
export function GameViewLiveState({ game, ...rest }: GameViewLiveStateProps) {
  return (
    <GameLiveState
      matchId={game.matchId}
      live={game.live}
      home={game.teamA}
      away={game.teamB}
      finalScore={game.score}
      {...rest}
    />
  );
}

const withScore = (home: string, away: string, score: Score) =>
  score ? `${home} ${score.home}-${score.away} ${away}` : `${home} v ${away}`;

/**
 * What a screen reader hears of a change: kick-off, a goal, half-time, full time, a postponement. The
 * minute ticking on says nothing (every minute of every match would be noise).
 */
export function describeMatchChange(
  teams: { home: string; away: string },
  before: MatchLive | undefined,
  after: MatchLive,
): string | null {
  if (!before) return null;
  const line = withScore(teams.home, teams.away, after.score);
  if (before.status !== after.status) {
    if (after.status === 'live' && before.status === 'scheduled') return `Kick-off: ${line}.`;
    if (after.status === 'live' && before.status === 'halftime') return `Second half: ${line}.`;
    return `${liveStatusLabels[after.status]}: ${line}.`;
  }
  const scoreChanged = before.score?.home !== after.score?.home || before.score?.away !== after.score?.away;
  if (!scoreChanged || !after.score) return null;
  return after.minute === null ? `Score: ${line}.` : `Score: ${line}, minute ${after.minute}.`;
}

/** How long a spoken message stays; cleared after, so the same words can be spoken again later. */
const MESSAGE_MS = 8000;

/**
 * Keeps a screen's games live (one per screen) and says, politely, what changes in the matches it
 * shows. Several changes that arrive together are spoken as one message.
 */
export function LiveMatchUpdates() {
  useLiveMatchUpdates();
  const [message, setMessage] = useState('');
  const pending = useRef<string[]>([]);
  useEffect(() => {
    let flush: ReturnType<typeof setTimeout> | undefined;
    let clear: ReturnType<typeof setTimeout> | undefined;
    const stop = onMatchChange((matchId, before, after) => {
      const teams = watchedTeams(matchId);
      const text = teams && describeMatchChange(teams, before, after);
      if (!text) return;
      pending.current.push(text);
      flush ??= setTimeout(() => {
        flush = undefined;
        setMessage(pending.current.join(' '));
        pending.current = [];
        clearTimeout(clear);
        clear = setTimeout(() => setMessage(''), MESSAGE_MS);
      }, 250);
    });
    return () => {
      stop();
      clearTimeout(flush);
      clearTimeout(clear);
    };
  }, []);
  return (
    <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </p>
  );
}
