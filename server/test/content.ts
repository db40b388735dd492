import { expect } from 'vitest';
import { bearer, type TestApp } from './test-app.ts';

/**
 * Admin-made content for tests, through the HTTP API as an admin would make it: booking codes,
 * rollover plans and tips, free tips, match results. Games name teams, a prediction and a kickoff
 * in hours from the test clock's now.
 */
export interface TestGame {
  teamA: string;
  teamB: string;
  prediction: string;
  /** Hours from now (negative: already kicked off). */
  inHours: number;
  league?: string;
  odds?: number;
}

let counter = 0;
const next = () => {
  counter += 1;
  return `${counter}${Date.now().toString(36).toUpperCase()}`;
};

export function contentFor(t: TestApp, adminToken: string) {
  const kickoff = (hours: number) => new Date(t.clock.now().getTime() + hours * 3600_000).toISOString();
  const gameInput = (game: TestGame) => ({
    teamA: game.teamA,
    teamB: game.teamB,
    league: game.league ?? 'Premier League',
    kickoff: kickoff(game.inHours),
    prediction: game.prediction,
    odds: game.odds ?? 1.5,
  });
  const post = async (url: string, payload: Record<string, unknown>, status = 201) => {
    const response = await t.app.inject({ method: 'POST', url, headers: bearer(adminToken), payload });
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };

  return {
    kickoff,
    async code(games: TestGame[], overrides: Record<string, unknown> = {}) {
      const body = await post('/api/admin/booking-codes', {
        bookingCode: `CODE${next()}`,
        bookmaker: 'SportyBet',
        totalOdds: 3.2,
        price: 500,
        expiresAt: kickoff(Math.max(...games.map((game) => game.inHours), 1)),
        games: games.map(gameInput),
        ...overrides,
      });
      return body.code._id as string;
    },
    async plan(overrides: Record<string, unknown> = {}) {
      const body = await post('/api/admin/rollover-plans', {
        name: `Plan ${next()}`,
        price: 500,
        duration: 5,
        odds: 1.5,
        postLimit: 5,
        ...overrides,
      });
      return body.plan._id as string;
    },
    async rolloverTip(planId: string, games: TestGame[], overrides: Record<string, unknown> = {}) {
      const body = await post('/api/admin/rollover-tips', {
        planId,
        games: games.map(gameInput),
        bookingCode: `ROLL${next()}`,
        ...overrides,
      });
      return body.tip._id as string;
    },
    async freeTip(game: TestGame, overrides: Record<string, unknown> = {}) {
      const { odds, ...rest } = gameInput(game);
      const body = await post('/api/admin/tips', { ...rest, totalOdds: odds, ...overrides });
      return body.tip as { _id: string; matchId: string };
    },
    /** The registered match of a free tip, code or tip game, found by its home team. */
    async matchOf(homeTeam: string) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/matches?view=all&q=${encodeURIComponent(homeTeam)}&limit=100`,
        headers: bearer(adminToken),
      });
      expect(response.statusCode, response.body).toBe(200);
      const found = (response.json().matches as { _id: string; homeTeam: string }[]).filter(
        (match) => match.homeTeam === homeTeam,
      );
      expect(found, `one match for ${homeTeam}`).toHaveLength(1);
      return (found[0] as { _id: string })._id;
    },
    recordResult(matchId: string, payload: Record<string, unknown>) {
      return t.app.inject({
        method: 'POST',
        url: `/api/admin/matches/${matchId}/result`,
        headers: bearer(adminToken),
        payload,
      });
    },
  };
}

/** Team names unique to one test, so tests never share a fixture by accident. */
export function teams(label: string) {
  const id = next();
  return { home: `${label} Home ${id}`, away: `${label} Away ${id}` };
}
