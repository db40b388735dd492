import type { MatchEvent, MatchLive } from '@cashtips/contract/football';
import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useSocketEvent } from './use-socket-event.ts';

/*
 * The live state of every match on screen (PRODUCT 12), one store for all screens.
 *
 * Two sources tell a match's state: the game views the server answers (every code, rollover tip and
 * free tip game carries `matchId` and `live`, the /live list its rows) and the `match` socket events.
 * Neither is always the newer: a screen may show data cached minutes ago while events came in, and a
 * phone that slept missed events its next refetch brings. So each is kept with the time it arrived
 * (an answer's `dataUpdatedAt`, an event's receipt) and the newest wins. Events are not written into
 * the query caches: one match sits in many of them (a code's detail, My Codes, the dashboard), and
 * the store keeps one copy of it for all.
 */

interface Known {
  live: MatchLive;
  /** When this state was heard: an answer's arrival, or an event's. */
  at: number;
  fromEvent: boolean;
}

const known = new Map<string, Known>();
const listeners = new Set<() => void>();

/** A match's state changed through an event (not a refetch), for the screen-reader announcer. */
export type MatchChangeListener = (matchId: string, before: MatchLive | undefined, after: MatchLive) => void;
const changeListeners = new Set<MatchChangeListener>();

const sameScore = (a: MatchLive['score'], b: MatchLive['score']) =>
  a === b || (a !== null && b !== null && a.home === b.home && a.away === b.away);
const sameLive = (a: MatchLive, b: MatchLive) =>
  a.status === b.status && a.minute === b.minute && sameScore(a.score, b.score);

function learn(matchId: string, live: MatchLive, at: number, fromEvent: boolean): void {
  const current = known.get(matchId);
  // An answer stamped in the same millisecond as an event loses to it: the server read the answer's
  // state when it was asked, before it arrived, while the event is the newest word (CI once saw a tie).
  if (current && (current.at > at || (current.at === at && current.fromEvent && !fromEvent))) return;
  if (current && sameLive(current.live, live)) {
    // Confirmed, not changed: the snapshot object stays, so nothing re-renders.
    known.set(matchId, { live: current.live, at, fromEvent });
    return;
  }
  known.set(matchId, { live, at, fromEvent });
  for (const listener of listeners) listener();
  if (fromEvent) for (const listener of changeListeners) listener(matchId, current?.live, live);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function onMatchChange(listener: MatchChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** A match's current state: the newest heard, else `seed` (what the game view that shows it carries). */
export function useMatchLive(matchId: string, seed: MatchLive): MatchLive {
  const heard = useSyncExternalStore(
    subscribe,
    () => known.get(matchId)?.live,
    () => undefined,
  );
  return heard ?? seed;
}

/** Forgets every state (tests start each visit afresh). */
export function resetLiveMatches(): void {
  known.clear();
  watched.clear();
  for (const listener of listeners) listener();
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isScore = (value: unknown) =>
  value === null || (isRecord(value) && typeof value.home === 'number' && typeof value.away === 'number');

/** The live fields of `value` when it has them (a game's `live`, or a /live row itself). */
function asLive(value: unknown): MatchLive | null {
  if (!isRecord(value) || typeof value.status !== 'string' || !isScore(value.score)) return null;
  if (value.minute !== null && typeof value.minute !== 'number') return null;
  return { status: value.status, minute: value.minute, score: value.score } as MatchLive;
}

/**
 * Calls `visit` for each match state found in a query's data: games (`matchId` + `live`) and, unless
 * `gamesOnly`, the /live list's rows (the match's own `_id` with its state beside its teams).
 */
function visitMatches(
  value: unknown,
  visit: (matchId: string, live: MatchLive) => void,
  gamesOnly: boolean,
  depth = 0,
): void {
  // Game views sit at most a few levels down (a page of purchases holds codes holding games).
  if (depth > 6 || !isRecord(value)) return;
  if (Array.isArray(value)) {
    for (const item of value) visitMatches(item, visit, gamesOnly, depth + 1);
    return;
  }
  if (typeof value.matchId === 'string') {
    const live = asLive(value.live);
    if (live) {
      visit(value.matchId, live);
      return;
    }
  }
  if (!gamesOnly && typeof value._id === 'string' && typeof value.homeTeam === 'string') {
    const live = asLive(value);
    if (live) {
      visit(value._id, live);
      return;
    }
  }
  for (const key of Object.keys(value)) visitMatches(value[key], visit, gamesOnly, depth + 1);
}

const following = new WeakSet<QueryClient>();

/**
 * Feeds the store from every answer the client receives, stamped with its arrival, for as long as
 * the client lives. Only fetched answers count: a cache write of our own (`setQueryData`, e.g. a live
 * buyer count) carries game states as old as the answer they came with, under a new time.
 */
function followAnswers(client: QueryClient): void {
  if (following.has(client)) return;
  following.add(client);
  const cache = client.getQueryCache();
  const take = (query: Query) => {
    if (query.state.status !== 'success') return;
    const at = query.state.dataUpdatedAt;
    visitMatches(query.state.data, (matchId, live) => learn(matchId, live, at, false), false);
  };
  for (const query of cache.getAll()) take(query);
  cache.subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && !event.action.manual)
      take(event.query);
  });
}

/**
 * Finished matches waiting for their refetch, per client. The poller sends a minute's changes together
 * and matches often end in the same minute: a second's wait makes one refetch of each screen out of them.
 */
const finishing = new WeakMap<QueryClient, Set<string>>();
export const FINISHED_REFETCH_DELAY_MS = 1000;

function refetchItemsOn(client: QueryClient, matchId: string): void {
  const waiting = finishing.get(client);
  if (waiting) {
    waiting.add(matchId);
    return;
  }
  const matchIds = new Set([matchId]);
  finishing.set(client, matchIds);
  setTimeout(() => {
    finishing.delete(client);
    // The items with a game on these matches: their own results (won, lost) are the server's to tell,
    // and only to those who may see the pick.
    void client.invalidateQueries({
      predicate: (query) => {
        let holds = false;
        visitMatches(
          query.state.data,
          (id) => {
            holds ||= matchIds.has(id);
          },
          true,
        );
        return holds;
      },
    });
  }, FINISHED_REFETCH_DELAY_MS);
}

/** Each listener of a screen gets the same decoded event object: it is applied once. */
const applied = new WeakSet<MatchEvent>();

export function applyMatchEvent(client: QueryClient, event: MatchEvent): void {
  if (!isRecord(event) || typeof event._id !== 'string' || applied.has(event)) return;
  applied.add(event);
  const live = asLive(event);
  if (!live) return;
  learn(event._id, live, Date.now(), true);
  // Every finished event, not only the first: the result is recorded a few minutes after the final
  // whistle, and the event that comes with it is what brings won or lost onto the screen.
  if (live.status === 'finished') refetchItemsOn(client, event._id);
}

/**
 * Keeps the screen's games live: `match` events (on the session's socket, or a visitor's public one)
 * and every answer feed the store, and a finished match refetches the items with a game on it.
 * Mounted once per screen that shows games (through `LiveMatchUpdates`).
 */
export function useLiveMatchUpdates(): void {
  const client = useQueryClient();
  useEffect(() => followAnswers(client), [client]);
  const onEvent = useCallback((event: MatchEvent) => applyMatchEvent(client, event), [client]);
  useSocketEvent('match', onEvent, { visitors: true });
}

/** The teams of each match shown now, so the announcer speaks only of what is on screen. */
const watched = new Map<string, { home: string; away: string; views: number }>();

export function useWatchedMatch(matchId: string, home: string, away: string): void {
  useEffect(() => {
    const entry = watched.get(matchId) ?? { home, away, views: 0 };
    entry.views += 1;
    watched.set(matchId, entry);
    return () => {
      entry.views -= 1;
      if (entry.views === 0 && watched.get(matchId) === entry) watched.delete(matchId);
    };
  }, [matchId, home, away]);
}

export function watchedTeams(matchId: string): { home: string; away: string } | undefined {
  return watched.get(matchId);
}
