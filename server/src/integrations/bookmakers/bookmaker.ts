/**
 * A bookmaker as the product reads it (PRODUCT 16, BOOKMAKERS.md): a shared booking code's legs as the
 * bookmaker holds them now. Each adapter speaks one bookmaker's own web protocol and answers in these
 * shapes, so nothing past the adapter knows which bookmaker it was. A new bookmaker is a file beside
 * `sportybet.ts` with its own fake; nothing else changes.
 */

/** Where a leg's match stands at the bookmaker. */
export type LegState = 'not-started' | 'live' | 'ended';

export interface BookmakerLeg {
  /** The bookmaker's id of the match ('sr:match:61199123'). */
  eventId: string;
  homeTeam: string;
  awayTeam: string;
  /** The competition as the bookmaker names it ('Premier League'), and its country where given. */
  league: string;
  country: string | null;
  kickoff: Date;
  /** The market and the pick in the bookmaker's words ('Over/Under 2.5', 'Over'). */
  market: string;
  pick: string;
  /**
   * The pick as the product writes a prediction ('Over 2.5', 'Home', '1X', 'BTTS Yes', 'DNB Away'),
   * for the markets the product settles; null for any other.
   */
  prediction: string | null;
  /** The bookmaker's price for the pick now; null when it gives none (a closed market). */
  odds: number | null;
  /** 'not-started' only while the bookmaker says so and its kickoff is still ahead. */
  state: LegState;
  /**
   * Why the pick can no longer be placed as it was shared (started, market suspended, pick withdrawn),
   * in words; null while it can.
   */
  unplaceable: string | null;
  /** The bookmaker's settlement of the pick, once the match has ended and it has said. */
  outcome: 'won' | 'lost' | null;
}

export interface BookmakerCode {
  bookmaker: string;
  /** The code as the bookmaker spells it. */
  code: string;
  /** The legs the bookmaker still has, in the code's order. */
  legs: BookmakerLeg[];
  /** How many of the code's picks name a match or market the bookmaker no longer has. */
  missingLegs: number;
  /** The product of the legs' prices; null when a leg has none or a leg is missing. */
  totalOdds: number | null;
}

/** What reading a code can say: the code, or the bookmaker's word that it cannot be loaded. */
export type CodeRead = { kind: 'loaded'; code: BookmakerCode } | { kind: 'not-loadable'; reason: string };

/**
 * The bookmaker could not be asked, or answered something this adapter does not understand (a
 * refusal, a bot wall's HTML, a timeout, an unknown shape). Never read as "the code changed".
 */
export class BookmakerUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BookmakerUnavailable';
  }
}

export interface BookmakerAdapter {
  /** The name configuration and the API use ('sportybet'). */
  readonly name: string;
  /** The name people read ('SportyBet'). */
  readonly label: string;
  /** Reads a shared code; throws BookmakerUnavailable when the bookmaker cannot say. */
  read(code: string): Promise<CodeRead>;
}

/** Letters and digits, as bookmakers write booking codes; compared without case. */
export const BOOKING_CODE_PATTERN = /^[A-Za-z0-9]{4,20}$/;

/** The product of the prices, rounded to two decimals as bookmakers show totals; null if one is missing. */
export function totalOddsOf(prices: readonly (number | null)[]): number | null {
  if (prices.length === 0 || prices.some((price) => price === null)) return null;
  const product = prices.reduce<number>((total, price) => total * (price ?? 1), 1);
  return Math.round(product * 100) / 100;
}

/** Every reason, in words, why the code cannot be placed as it was shared; empty while it can. */
export function reasonsUnplaceable(code: BookmakerCode): string[] {
  const reasons: string[] = [];
  if (code.missingLegs > 0) {
    reasons.push(
      code.missingLegs === 1
        ? 'A game of the code was removed at the bookmaker'
        : `${code.missingLegs} games of the code were removed at the bookmaker`,
    );
  }
  for (const leg of code.legs) if (leg.unplaceable) reasons.push(leg.unplaceable);
  return reasons;
}
