/**
 * A football data provider as the product sees it (issue 24, PRODUCT 12): fixtures of followed
 * leagues, the live state of given fixtures, and pre-match market odds. Each adapter speaks its
 * provider's real protocol (PAYOUTS-AND-FOOTBALL-DATA.md (c) and (d)) and answers in these shapes,
 * so nothing past the adapter knows which provider is configured.
 */

import type { LiveStatus } from '@cashtips/contract/football';

export type { LiveStatus };

export interface Goals {
  home: number;
  away: number;
}

/** No real match ends with more goals a side than this; a provider's larger or negative figure is a fault. */
export const MOST_GOALS = 99;

/** Whether a provider's score can be real: each side a whole number from 0 to 99. */
export const isRealScore = (goals: Goals): boolean =>
  [goals.home, goals.away].every((side) => Number.isInteger(side) && side >= 0 && side <= MOST_GOALS);

export interface ProviderFixture {
  /** The provider's id of the fixture, as text ('1208099'). */
  providerId: string;
  /** The provider's league id or code ('39', 'PL'): what FOOTBALL_DATA_LEAGUES lists. */
  leagueId: string;
  /** The league's name as the provider writes it ('Premier League'). */
  league: string;
  homeTeam: string;
  awayTeam: string;
  /**
   * Every name the provider gives each side, the one above first (football-data.org's shortName, name
   * and three-letter code): a registered match is found by any of them.
   */
  homeNames: string[];
  awayNames: string[];
  kickoff: Date;
  status: LiveStatus;
  /** The provider's own status word ('2H', 'IN_PLAY'), for logs and the admin. */
  providerStatus: string;
  /** Minutes played (with stoppage added where the provider gives it), while in play; else null. */
  minute: number | null;
  /** The score now (extra time included, shootout excluded); null before kickoff. */
  score: Goals | null;
  /**
   * What settles markets, once the provider says the match is over: the score after 90 minutes
   * plus stoppage time when the provider's figures are consistent; `void` when the result was
   * awarded or a walkover (AWD, WO, AWARDED); `untrusted` with the reason when the figures
   * disagree (the match then waits for an admin). Null while the match is not over.
   */
  result:
    | { kind: 'score'; score: Goals }
    | { kind: 'void'; reason: string }
    | { kind: 'untrusted'; reason: string }
    | null;
}

/** Pre-match prices of one fixture at one bookmaker, decimal odds; a market not offered is null. */
export interface ProviderOdds {
  providerId: string;
  bookmaker: string;
  /** When the provider last updated these prices (or when they were read, if it does not say). */
  updatedAt: Date;
  home: number | null;
  draw: number | null;
  away: number | null;
  over25: number | null;
  under25: number | null;
}

/** What the provider's last answer said about the calls left (null: it did not say). */
export interface ProviderQuota {
  dayLimit: number | null;
  dayRemaining: number | null;
  minuteLimit: number | null;
  minuteRemaining: number | null;
  /** Seconds until the per-minute counter resets, when the provider says. */
  minuteResetSeconds: number | null;
}

export type ProviderErrorKind =
  /** The key is missing or refused. */
  | 'auth'
  /** The daily quota is spent. */
  | 'quota'
  /** Too many calls this minute. */
  | 'rate'
  /** The provider refused what was asked (a parameter, a competition outside the plan). */
  | 'request'
  /** The provider did not answer, or answered something unreadable. */
  | 'unavailable';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    /** Seconds the provider asks us to wait, when it says. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * Fixtures of the followed leagues whose kickoff falls on one of the Lagos days from `from` to `to`
 * inclusive (YYYY-MM-DD; at most 8 days).
 */
export interface FixturesQuery {
  from: string;
  to: string;
  leagues: readonly string[];
}

export interface FootballProvider {
  readonly name: 'api-football' | 'football-data';
  fixtures(query: FixturesQuery): Promise<ProviderFixture[]>;
  /** The current state of these fixtures (any number; the adapter batches as its provider allows). */
  fixturesById(providerIds: readonly string[]): Promise<ProviderFixture[]>;
  /** Pre-match odds of these fixtures (1X2 and over/under 2.5 where given). */
  odds(providerIds: readonly string[]): Promise<ProviderOdds[]>;
  /** The quota as the latest answer's headers told it. */
  quota(): ProviderQuota;
}

const describeResult = (result: ProviderFixture['result']): string =>
  !result
    ? 'not over'
    : result.kind === 'score'
      ? `${result.score.home}-${result.score.away}`
      : result.kind === 'void'
        ? result.reason.toLowerCase()
        : 'figures that disagree';

/**
 * Each fixture once, as the provider's answers should have it. An answer has been seen carrying one
 * fixture twice with different full-time scores: whichever came last would have settled it, so such
 * a fixture's result is not trusted (an admin decides); copies that agree are one fixture.
 */
export function oneFixtureEach(fixtures: readonly ProviderFixture[]): ProviderFixture[] {
  const byId = new Map<string, ProviderFixture[]>();
  for (const fixture of fixtures)
    byId.set(fixture.providerId, [...(byId.get(fixture.providerId) ?? []), fixture]);
  return [...byId.values()].map((copies) => {
    const last = copies.at(-1) as ProviderFixture;
    const results = [...new Set(copies.map((copy) => JSON.stringify(copy.result)))];
    if (results.length === 1) return last;
    return {
      ...last,
      result: {
        kind: 'untrusted',
        reason: `The provider's answer gave this fixture ${copies.length} times with different results (${copies
          .map((copy) => describeResult(copy.result))
          .join(', ')}).`,
      },
    };
  });
}
