import { z } from 'zod';
import { matchLiveSchema } from './matches.ts';
import { bookmakerKey } from './plain/booking-codes.ts';

/**
 * Booking codes read at the bookmaker (PRODUCT 16): the check tool every signed-in user has, the
 * admin's preview of a code before posting it, and the bookmakers' status panel.
 */

/** Bookmakers whose shared codes the product can read, by key, with the name people read. */
export const checkedBookmakerLabels: Readonly<Record<string, string>> = { sportybet: 'SportyBet' };

/** The name of a bookmaker as typed ('sportybet', ' Sporty Bet') if the product reads its codes. */
export function checkedBookmakerLabel(bookmaker: string): string | undefined {
  const key = bookmakerKey(bookmaker);
  return Object.hasOwn(checkedBookmakerLabels, key) ? checkedBookmakerLabels[key] : undefined;
}

/** Checks a user may run in an hour (PRODUCT 16). */
export const CODE_CHECKS_PER_HOUR = 20;

export const bookmakerMessages = {
  codeFormat: 'Enter the booking code as the bookmaker shows it: 4 to 20 letters and digits.',
  notCheckable: (bookmaker: string) =>
    `Codes of ${bookmaker} cannot be read at the bookmaker here; ${Object.values(checkedBookmakerLabels).join(', ')} codes can.`,
  checkingOff: 'Checking codes at the bookmaker is turned off on this site.',
  notLoadable: (label: string, reason: string) => `${label} cannot load this code: ${reason}`,
  unavailable: (label: string) => `${label} cannot be reached just now. Try again in a minute.`,
} as const;

export const checkCodeRequestSchema = z.object({
  bookmaker: z.string().trim().min(1, 'Choose the bookmaker.').max(40),
  bookingCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,20}$/, bookmakerMessages.codeFormat),
});
export type CheckCodeRequest = z.infer<typeof checkCodeRequestSchema>;

export const legStates = ['not-started', 'live', 'ended'] as const;

export const checkedLegSchema = z.object({
  homeTeam: z.string(),
  awayTeam: z.string(),
  league: z.string(),
  country: z.string().nullable(),
  kickoff: z.string(),
  market: z.string(),
  pick: z.string(),
  /** The pick as a prediction the product settles ('Over 2.5', '1X'); null for other markets. */
  prediction: z.string().nullable(),
  odds: z.number().nullable(),
  /** Where the match stands at the bookmaker. */
  state: z.enum(legStates),
  /** Why the pick can no longer be placed as shared, in words; null while it can. */
  unplaceable: z.string().nullable(),
  /** The bookmaker's settlement of the pick, once it has said. */
  outcome: z.enum(['won', 'lost']).nullable(),
  /** The registered match this leg is, with its live state or result; null when none is known. */
  match: z.object({ id: z.string(), live: matchLiveSchema }).nullable(),
});
export type CheckedLeg = z.infer<typeof checkedLegSchema>;

export const checkedCodeSchema = z.object({
  bookmaker: z.string(),
  bookmakerLabel: z.string(),
  bookingCode: z.string(),
  legs: z.array(checkedLegSchema),
  /** Picks whose match the bookmaker no longer has. */
  missingLegs: z.number().int(),
  totalOdds: z.number().nullable(),
  /** Whether any leg has started (or ended): the code can no longer be placed whole. */
  anyStarted: z.boolean(),
  /** Every reason the code cannot be placed as shared, in words; empty while it can. */
  reasons: z.array(z.string()),
  /** When the bookmaker was read (a read under a minute old is reused). */
  checkedAt: z.string(),
});
export type CheckedCode = z.infer<typeof checkedCodeSchema>;

export const checkCodeResponseSchema = checkedCodeSchema.extend({ success: z.literal(true) });
export type CheckCodeResponse = z.infer<typeof checkCodeResponseSchema>;

export const bookmakerStatusResponseSchema = z.object({
  success: z.literal(true),
  bookmakers: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      ok: z.boolean(),
      lastError: z.string().nullable(),
      lastCallAt: z.string().nullable(),
      callsLastMinute: z.number().int(),
    }),
  ),
});
export type BookmakerStatusResponse = z.infer<typeof bookmakerStatusResponseSchema>;
