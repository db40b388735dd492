import type { FieldError } from '@cashtips/contract/errors';
import { parseMarket } from '@cashtips/contract/markets';
import { bookmakerKey } from '@cashtips/contract/plain/booking-codes';
import { type BookmakerLeg, reasonsUnplaceable } from '../../integrations/bookmakers/bookmaker.ts';
import { AppError } from '../../lib/app-error.ts';
import { likenessToAny, SAME_CLUB } from '../football/club-names.ts';
import type { BookmakerReader } from './bookmaker-reader.ts';
import { readLoadedCode } from './code-check.ts';

/*
 * Posting a code of a checked bookmaker (PRODUCT 16): the code is read at the bookmaker again when it
 * is saved, and the typed games must be its legs (both clubs, kickoff within 5 minutes, market and
 * pick), none started, and the typed total within 2% of the bookmaker's. Every difference is a field
 * error on the game or field it concerns; a bookmaker that cannot be read refuses the save (503), never
 * saving the code as unchecked behind the admin's back.
 */

export const KICKOFF_TOLERANCE_MS = 5 * 60_000;
export const TOTAL_ODDS_TOLERANCE = 0.02;

export interface VerifiedLeg {
  eventId: string;
  homeTeam: string;
  awayTeam: string;
  kickoff: string;
  market: string;
  pick: string;
  odds: number | null;
}

export interface CodeVerification {
  status: 'verified';
  checkedAt: string;
  bookmakerTotalOdds: number | null;
  legs: VerifiedLeg[];
}

export interface TypedCode {
  bookmaker: string;
  bookingCode: string;
  totalOdds: number;
  games: readonly { teamA: string; teamB: string; kickoff: string; prediction?: string | undefined }[];
}

const sameClubs = (leg: BookmakerLeg, game: TypedCode['games'][number]) =>
  likenessToAny(game.teamA, [leg.homeTeam]) >= SAME_CLUB &&
  likenessToAny(game.teamB, [leg.awayTeam]) >= SAME_CLUB;

/** Whether a typed prediction is the leg's pick: the same market read the same way, or the same words. */
function samePick(leg: BookmakerLeg, typed: string | undefined): boolean {
  const teams = { home: leg.homeTeam, away: leg.awayTeam };
  const mine = typed?.trim() ? parseMarket(typed, teams) : null;
  const theirs = leg.prediction ? parseMarket(leg.prediction, teams) : null;
  if (mine && theirs) return JSON.stringify(mine) === JSON.stringify(theirs);
  const words = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, ' ')
      .trim();
  return typed !== undefined && words(typed) === words(`${leg.market} ${leg.pick}`);
}

/**
 * The verification to store with the code, or undefined for a bookmaker without an adapter (posted
 * as today, unchecked). Throws 422 with field errors, or 503 while the bookmaker cannot be read.
 */
export async function verifyTypedCode(
  reader: BookmakerReader,
  code: TypedCode,
): Promise<CodeVerification | undefined> {
  const adapter = reader.adapter(bookmakerKey(code.bookmaker));
  if (!adapter) return undefined;
  // Saving re-reads (maxAgeMs 0): the preview the form was filled from may be minutes old.
  const { code: held, readAt } = await readLoadedCode(reader, adapter, code.bookingCode, {
    maxAgeMs: 0,
    withReason: true,
  });
  const refuse = (errors: FieldError[]) => {
    throw new AppError(
      'VALIDATION_FAILED',
      422,
      errors[0]?.message ?? 'The code differs from the bookmaker’s.',
      {
        errors,
      },
    );
  };
  const reasons = reasonsUnplaceable(held);
  if (reasons.length)
    return refuse([
      {
        field: 'bookingCode',
        message: `${adapter.label} no longer offers this code as shared: ${reasons.join('; ')}.`,
      },
    ]);
  const { legs } = held;
  const errors: FieldError[] = [];
  if (code.games.length !== legs.length) {
    errors.push({
      field: 'games',
      message: `The code at ${adapter.label} has ${legs.length} game${legs.length === 1 ? '' : 's'}; ${code.games.length} ${code.games.length === 1 ? 'is' : 'are'} typed.`,
    });
  }
  const matched = new Set<BookmakerLeg>();
  code.games.forEach((game, index) => {
    const leg = legs.find((candidate) => !matched.has(candidate) && sameClubs(candidate, game));
    if (!leg) {
      errors.push({
        field: `games.${index}.teamA`,
        message: `${game.teamA} v ${game.teamB} is not a game of this code at ${adapter.label}.`,
      });
      return;
    }
    matched.add(leg);
    if (Math.abs(new Date(game.kickoff).getTime() - leg.kickoff.getTime()) > KICKOFF_TOLERANCE_MS) {
      errors.push({
        field: `games.${index}.kickoff`,
        message: `${adapter.label} has ${leg.homeTeam} v ${leg.awayTeam} kicking off at ${leg.kickoff.toISOString()}.`,
      });
    }
    if (!samePick(leg, game.prediction)) {
      errors.push({
        field: `games.${index}.prediction`,
        message: `The pick at ${adapter.label} is ${leg.market}: ${leg.pick}.`,
      });
    }
  });
  const total = held.totalOdds;
  if (total !== null && Math.abs(code.totalOdds - total) / total > TOTAL_ODDS_TOLERANCE) {
    errors.push({
      field: 'totalOdds',
      message: `The total odds at ${adapter.label} are ${total.toFixed(2)}.`,
    });
  }
  if (errors.length) return refuse(errors);
  return {
    status: 'verified',
    checkedAt: readAt.toISOString(),
    bookmakerTotalOdds: total,
    legs: legs.map((leg) => ({
      eventId: leg.eventId,
      homeTeam: leg.homeTeam,
      awayTeam: leg.awayTeam,
      kickoff: leg.kickoff.toISOString(),
      market: leg.market,
      pick: leg.pick,
      odds: leg.odds,
    })),
  };
}
