import {
  type AdminBookingCode,
  type BookingCodeInput,
  bookingCodeInputSchema,
  type CodeCategory,
  DEFAULT_CONFIDENCE,
  type Urgency,
} from '@cashtips/contract/booking-codes';
import { isoToLagosInput, lagosInputToIso } from '@cashtips/contract/lagos-time';
import { checkDraft, type DraftResult, numberReader, numberText, optionalText } from './form-draft.ts';
import {
  bookingCodeGameFields,
  emptyGame,
  type GameDraft,
  gameDraftFrom,
  gameDraftFromModel,
  gameLimitMessages,
  gamesInput,
} from './game-draft.ts';
import type { ModelGame } from './model-game.ts';

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
  /** Sold with money back: refunded to its buyers if it settles lost or void (PRODUCT 11). */
  moneyBack: boolean;
  /** datetime-local, Lagos time. */
  expiresAt: string;
  games: GameDraft[];
}

/** A new code; its first game is `first` when it starts from one of the model's picks. */
export function emptyDraft(first?: ModelGame | null): BookingCodeDraft {
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
    moneyBack: false,
    expiresAt: '',
    games: [first ? gameDraftFromModel(first) : emptyGame()],
  };
}

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
    moneyBack: code.moneyBack,
    expiresAt: isoToLagosInput(code.expiresAt),
    games: code.games.map(gameDraftFrom),
  };
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
  games: 'A code has at most 50 games.',
  ...gameLimitMessages,
  'game.odds': 'Odds are from 1 to 1,000.',
};

/**
 * The request body of the form, checked with the contract's own schema (the server runs the same one).
 * `original` is the code being edited, if any.
 */
export function validateDraft(
  draft: BookingCodeDraft,
  original?: AdminBookingCode,
): DraftResult<BookingCodeInput> {
  const { num, errors } = numberReader();
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
    moneyBack: draft.moneyBack,
    expiresAt: lagosInputToIso(draft.expiresAt),
    games: gamesInput(draft.games, num, bookingCodeGameFields),
  };
  return checkDraft(bookingCodeInputSchema, raw, errors, limitMessages);
}
