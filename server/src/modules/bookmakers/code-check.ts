import {
  bookmakerMessages,
  type CheckedCode,
  type CheckedLeg,
  checkedBookmakerLabels,
} from '@cashtips/contract/bookmakers';
import { bookmakerKey } from '@cashtips/contract/plain/booking-codes';
import { and, gte, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { matches } from '../../db/schema/index.ts';
import {
  type BookmakerAdapter,
  type BookmakerCode,
  type BookmakerLeg,
  BookmakerUnavailable,
  reasonsUnplaceable,
} from '../../integrations/bookmakers/bookmaker.ts';
import { AppError, invalidField } from '../../lib/app-error.ts';
import { likenessToAny, SAME_CLUB } from '../football/club-names.ts';
import { KICKOFF_TOLERANCE_MINUTES } from '../football/fixture-links.ts';
import { type MatchRow, matchLive } from '../matches/games.ts';
import { type BookmakerReader, REUSE_READ_MS, type StoredRead } from './bookmaker-reader.ts';

/*
 * Reading a code at its bookmaker for people (the check tool, the admin's preview): the legs as the
 * bookmaker holds them, each with the registered match it is and that match's live state or result.
 * Every refusal is said in words: a bookmaker without an adapter, a code it cannot load, a bookmaker
 * that cannot be reached.
 */

const TOLERANCE_MS = KICKOFF_TOLERANCE_MINUTES * 60_000;

export async function checkCode(
  deps: { db: Database; reader: BookmakerReader },
  request: { bookmaker: string; bookingCode: string },
): Promise<CheckedCode> {
  const key = bookmakerKey(request.bookmaker);
  const adapter = deps.reader.adapter(key);
  if (!adapter) {
    const offHere = Object.hasOwn(checkedBookmakerLabels, key);
    throw invalidField(
      'bookmaker',
      offHere ? bookmakerMessages.checkingOff : bookmakerMessages.notCheckable(request.bookmaker.trim()),
      'VALIDATION_FAILED',
      422,
    );
  }
  const { code, readAt } = await readLoadedCode(deps.reader, adapter, request.bookingCode, {
    maxAgeMs: REUSE_READ_MS,
    withReason: false,
  });
  const registered = await registeredMatches(deps.db, code.legs);
  const legs: CheckedLeg[] = code.legs.map((leg) => {
    const match = registeredMatchOf(leg, registered);
    return {
      homeTeam: leg.homeTeam,
      awayTeam: leg.awayTeam,
      league: leg.league,
      country: leg.country,
      kickoff: leg.kickoff.toISOString(),
      market: leg.market,
      pick: leg.pick,
      prediction: leg.prediction,
      odds: leg.odds,
      state: leg.state,
      unplaceable: leg.unplaceable,
      outcome: leg.outcome,
      match: match ? { id: match.id, live: matchLive(match) } : null,
    };
  });
  return {
    bookmaker: key,
    bookmakerLabel: adapter.label,
    bookingCode: code.code,
    legs,
    missingLegs: code.missingLegs,
    totalOdds: code.totalOdds,
    anyStarted: code.legs.some((leg) => leg.state !== 'not-started'),
    reasons: reasonsUnplaceable(code),
    checkedAt: readAt.toISOString(),
  };
}

/**
 * A code as its bookmaker holds it, read less than `maxAgeMs` ago, for the check tool and for posting
 * alike: 503 while the bookmaker cannot be read (with its reason for an admin, `withReason`), 422 on
 * the code's field when the bookmaker cannot load it.
 */
export async function readLoadedCode(
  reader: BookmakerReader,
  adapter: BookmakerAdapter,
  bookingCode: string,
  options: { maxAgeMs: number; withReason: boolean },
): Promise<{ code: BookmakerCode; readAt: Date }> {
  let stored: StoredRead;
  try {
    stored = await reader.read(adapter.name, bookingCode, options.maxAgeMs);
  } catch (error) {
    if (!(error instanceof BookmakerUnavailable)) throw error;
    const unavailable = bookmakerMessages.unavailable(adapter.label);
    throw new AppError(
      'UNAVAILABLE',
      503,
      options.withReason ? `${unavailable} (${error.message})` : unavailable,
    );
  }
  const { read, readAt } = stored;
  if (read.kind === 'not-loadable') {
    throw invalidField(
      'bookingCode',
      bookmakerMessages.notLoadable(adapter.label, read.reason),
      'VALIDATION_FAILED',
      422,
    );
  }
  return { code: read.code, readAt };
}

/** Every registered match kicking off near any of the legs, in one query. */
async function registeredMatches(db: Database, legs: readonly BookmakerLeg[]): Promise<MatchRow[]> {
  if (legs.length === 0) return [];
  const times = legs.map((leg) => leg.kickoff.getTime());
  return db
    .select()
    .from(matches)
    .where(
      and(
        gte(matches.kickoff, new Date(Math.min(...times) - TOLERANCE_MS)),
        lte(matches.kickoff, new Date(Math.max(...times) + TOLERANCE_MS)),
      ),
    );
}

/** The one registered match naming both clubs of the leg within minutes of its kickoff, if exactly one does. */
function registeredMatchOf(leg: BookmakerLeg, registered: readonly MatchRow[]): MatchRow | undefined {
  const candidates = registered.filter(
    (match) =>
      Math.abs(match.kickoff.getTime() - leg.kickoff.getTime()) <= TOLERANCE_MS &&
      likenessToAny(match.homeTeam, [leg.homeTeam]) >= SAME_CLUB &&
      likenessToAny(match.awayTeam, [leg.awayTeam]) >= SAME_CLUB,
  );
  return candidates.length === 1 ? candidates[0] : undefined;
}
