import type { LiveMatch, LiveMatchesResponse, MatchEvent, MatchLive } from '@cashtips/contract/football';

/** A match's state: `live(...)` before kickoff, `live('live', 67, [1, 0])` in play. */
export function live(
  status: MatchLive['status'] = 'scheduled',
  minute: number | null = null,
  score: [number, number] | null = null,
): MatchLive {
  return { status, minute, score: score ? { home: score[0], away: score[1] } : null };
}

/** The `match` socket event for `matchId` in that state. */
export function matchEvent(matchId: string, state: MatchLive): MatchEvent {
  return { _id: matchId, ...state };
}

export function liveMatch(overrides: Partial<LiveMatch> = {}): LiveMatch {
  return {
    _id: 'match-1',
    league: 'Premier League',
    homeTeam: 'Arsenal',
    awayTeam: 'Chelsea',
    kickoff: '2026-11-24T15:00:00.000Z',
    ...live(),
    demo: false,
    yours: [],
    ...overrides,
  };
}

export function liveMatchesReply(
  matches: LiveMatch[],
  day = '2026-11-24',
  liveScores = true,
): { body: LiveMatchesResponse } {
  return { body: { success: true, day, liveScores, matches } };
}
