import {
  type AdminBookingCode,
  type BookingCodeInput,
  bookingCodeInputSchema,
  type CodeCategory,
  DEFAULT_CONFIDENCE,
  type Urgency,
} from '@cashtips/contract/booking-codes';
import type { FieldError } from '@cashtips/contract/errors';
import { isoToLagosInput, lagosInputToIso } from '@cashtips/contract/lagos-time';

/** One row of the games list as typed; `key` keeps React's rows stable when one is removed. */
export interface GameDraft {
  key: string;
  teamA: string;
  teamB: string;
  league: string;
  /** datetime-local, Lagos time. */
  kickoff: string;
  prediction: string;
  odds: string;
}

/** The form as typed: numbers stay text until submit so a half-typed '1.' is not rewritten. */
export interface BookingCodeDraft {
  bookingCode: string;
  category: CodeCategory;
  bookmaker: string;
  totalOdds: string;
  price: string;
  confidence: string;
  urgency: Urgency;
  urgencyTag: string;
  adminNote: string;
  slotLimit: string;
  fakeBuyerEnabled: boolean;
  fakeBuyerCount: string;
  /** datetime-local, Lagos time. */
  expiresAt: string;
  games: GameDraft[];
}

/** Field errors keyed by path: 'price', 'games', 'games.0.teamA'. */
export type DraftErrors = Partial<Record<string, string>>;

let nextKey = 0;
export function emptyGame(): GameDraft {
  nextKey += 1;
  return { key: `game-${nextKey}`, teamA: '', teamB: '', league: '', kickoff: '', prediction: '', odds: '' };
}

export function emptyDraft(): BookingCodeDraft {
  return {
    bookingCode: '',
    category: 'football',
    bookmaker: '',
    totalOdds: '',
    price: '',
    confidence: String(DEFAULT_CONFIDENCE),
    urgency: 'medium',
    urgencyTag: '',
    adminNote: '',
    slotLimit: '',
    fakeBuyerEnabled: false,
    fakeBuyerCount: '0',
    expiresAt: '',
    games: [emptyGame()],
  };
}

const numberText = (value: number | null | undefined) => (typeof value === 'number' ? String(value) : '');

export function draftFromCode(code: AdminBookingCode): BookingCodeDraft {
  return {
    bookingCode: code.bookingCode,
    category: code.category,
    bookmaker: code.bookmaker,
    totalOdds: numberText(code.totalOdds),
    price: numberText(code.price),
    confidence: numberText(code.confidence),
    urgency: code.urgency,
    urgencyTag: code.urgencyTag ?? '',
    adminNote: code.adminNote ?? '',
    slotLimit: numberText(code.slotLimit),
    fakeBuyerEnabled: code.fakeBuyerEnabled,
    fakeBuyerCount: numberText(code.fakeBuyerCount),
    expiresAt: isoToLagosInput(code.expiresAt),
    games: code.games.map((game) => ({
      ...emptyGame(),
      teamA: game.teamA,
      teamB: game.teamB,
      league: game.league,
      kickoff: isoToLagosInput(game.kickoff),
      prediction: game.prediction ?? '',
      odds: numberText(game.odds),
    })),
  };
}

const NOT_A_NUMBER = 'Enter a number, e.g. 2.5.';

/** '' → undefined (the schema decides if that is allowed); anything else → a number, NaN when it is not one. */
function parseNumber(text: string): number | undefined {
  const raw = text.replace(/[\s,₦]/g, '');
  if (!raw) return undefined;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(raw) ? Number(raw) : Number.NaN;
}

/**
 * Optional texts: left out when empty. When editing, a text the code had and the admin cleared is sent
 * as '' (the update schema has no null for it) so the server clears it.
 */
function optionalText(text: string, hadValue: boolean): string | undefined {
  const trimmed = text.trim();
  return trimmed || hadValue ? trimmed : undefined;
}

/** 'games[0].teamA', '/games/0/teamA' and 'games.0.teamA' all become 'games.0.teamA'. */
export function fieldKey(field: string): string {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^[/.]+/, '')
    .replace(/\//g, '.');
}

export function serverFieldErrors(errors: readonly FieldError[]): DraftErrors {
  const result: DraftErrors = {};
  for (const { field, message } of errors) {
    const key = fieldKey(field);
    if (key && !(key in result)) result[key] = message;
  }
  return result;
}

/** Plain sentences for the schema's limits that carry no message of their own. */
const limitMessages: Record<string, string> = {
  bookmaker: 'The bookmaker is at most 40 characters.',
  totalOdds: 'Total odds are from 1.01 to 1,000,000.',
  price: 'The price is from ₦0 to ₦1,000,000.',
  confidence: 'Confidence is a whole number from 0 to 100.',
  urgencyTag: 'The urgency tag is at most 40 characters.',
  adminNote: 'The note is at most 1,000 characters.',
  slotLimit: 'The slot limit is a whole number from 1 to 100,000; leave it empty for no limit.',
  fakeBuyerCount: 'Fake buyers are a whole number from 0 to 100,000.',
  games: 'A code has at most 50 games.',
  'game.teamA': 'At most 80 characters.',
  'game.teamB': 'At most 80 characters.',
  'game.league': 'At most 80 characters.',
  'game.prediction': 'At most 120 characters.',
  'game.odds': 'Odds are from 1 to 1,000.',
};

function issueMessage(key: string, message: string): string {
  if (!/^(Too (big|small)|Invalid input: expected (number|int))/.test(message)) return message;
  return limitMessages[key.replace(/^games\.\d+\./, 'game.')] ?? message;
}

type ValidationResult = { ok: true; body: BookingCodeInput } | { ok: false; errors: DraftErrors };

/**
 * The request body of the form, checked with the contract's own schema (the server runs the same one).
 * `original` is the code being edited, if any.
 */
export function validateDraft(draft: BookingCodeDraft, original?: AdminBookingCode): ValidationResult {
  const numberErrors: DraftErrors = {};
  const num = (key: string, text: string) => {
    const value = parseNumber(text);
    if (Number.isNaN(value)) numberErrors[key] = NOT_A_NUMBER;
    return value;
  };
  const raw = {
    bookingCode: draft.bookingCode,
    category: draft.category,
    bookmaker: draft.bookmaker,
    totalOdds: num('totalOdds', draft.totalOdds),
    price: num('price', draft.price),
    confidence: num('confidence', draft.confidence),
    urgency: draft.urgency,
    urgencyTag: optionalText(draft.urgencyTag, Boolean(original?.urgencyTag)),
    adminNote: optionalText(draft.adminNote, Boolean(original?.adminNote)),
    slotLimit: draft.slotLimit.trim() ? num('slotLimit', draft.slotLimit) : null,
    fakeBuyerEnabled: draft.fakeBuyerEnabled,
    fakeBuyerCount: num('fakeBuyerCount', draft.fakeBuyerCount) ?? 0,
    expiresAt: lagosInputToIso(draft.expiresAt),
    games: draft.games.map((game, index) => ({
      teamA: game.teamA,
      teamB: game.teamB,
      league: game.league,
      kickoff: lagosInputToIso(game.kickoff),
      prediction: game.prediction.trim() || undefined,
      odds: num(`games.${index}.odds`, game.odds),
    })),
  };
  const parsed = bookingCodeInputSchema.safeParse(raw);
  const errors: DraftErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.');
      if (!(key in errors)) errors[key] = issueMessage(key, issue.message);
    }
  }
  Object.assign(errors, numberErrors);
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
