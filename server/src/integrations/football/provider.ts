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

export interface ProviderFixture {
  /** The provider's id of the fixture, as text ('1208099'). */
  providerId: string;
  /** The provider's league id or code ('39', 'PL'): what FOOTBALL_DATA_LEAGUES lists. */
  leagueId: string;
  /** The league's name as the provider writes it ('Premier League'). */
  league: string;
  homeTeam: string;
  awayTeam: string;
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
