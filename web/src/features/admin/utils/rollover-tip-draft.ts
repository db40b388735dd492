import { isoToLagosInput, lagosDay, lagosInputToIso } from '@cashtips/contract/lagos-time';
import { type AdminRolloverTip, rolloverTipInputSchema } from '@cashtips/contract/rollover';
import type { SaveRolloverTip } from '../api/save-rollover-tip.ts';
import { checkDraft, type DraftResult, numberReader, numberText, optionalText } from './form-draft.ts';
import {
  emptyGame,
  type GameDraft,
  gameDraftFrom,
  gameDraftFromModel,
  gameLimitMessages,
  gamesInput,
  rolloverGameFields,
} from './game-draft.ts';
import type { ModelGame } from './model-game.ts';

/** The tip form as typed: numbers stay text until submit; times are Lagos wall-clock times. */
export interface RolloverTipDraft {
  planId: string;
  /** The Lagos date the tip is for, YYYY-MM-DD. */
  day: string;
  games: GameDraft[];
  bookingCode: string;
  bookmaker: string;
  /** Empty: the server multiplies the games' odds. */
  totalOdds: string;
  note: string;
  confidence: string;
  /** datetime-local, Lagos time; empty for no expiry. */
  expiresAt: string;
}

export const DEFAULT_TIP_CONFIDENCE = 85;

/**
 * A new tip: for `planId` if given, for today in Lagos, or for the Lagos day of `first`'s kickoff when it
 * starts from one of the model's picks (that game first).
 */
export function emptyTipDraft(planId = '', now = new Date(), first?: ModelGame | null): RolloverTipDraft {
  return {
    planId,
    day: first ? lagosDay(new Date(first.kickoff)) : lagosDay(now),
    games: [first ? gameDraftFromModel(first) : emptyGame()],
    bookingCode: '',
    bookmaker: '',
    totalOdds: '',
    note: '',
    confidence: String(DEFAULT_TIP_CONFIDENCE),
    expiresAt: '',
  };
}

export function draftFromTip(tip: AdminRolloverTip): RolloverTipDraft {
  return {
    planId: tip.planId,
    day: tip.day,
    games: tip.games.map(gameDraftFrom),
    bookingCode: tip.bookingCode ?? '',
    bookmaker: tip.bookmaker ?? '',
    totalOdds: numberText(tip.totalOdds),
    note: tip.note ?? '',
    confidence: numberText(tip.confidence),
    expiresAt: isoToLagosInput(tip.expiresAt),
  };
}

/** Plain sentences for the schema's limits that carry no message of their own. */
const limitMessages: Record<string, string> = {
  bookmaker: 'The bookmaker is at most 40 characters.',
  totalOdds: 'Total odds are from 1.01 to 1,000,000.',
  confidence: 'Confidence is a whole number from 0 to 100.',
  games: 'A tip has at most 30 games.',
  ...gameLimitMessages,
  'game.odds': 'Odds are from 1.01 to 1,000.',
};

/**
 * The request of the tip form, checked with the contract's create schema in both cases so an emptied
 * required field is reported rather than skipped. An edit (`original`) leaves the plan out: it is fixed
 * once posted.
 */
export function validateTipDraft(
  draft: RolloverTipDraft,
  original?: AdminRolloverTip,
): DraftResult<SaveRolloverTip> {
  const { num, errors } = numberReader();
  const expires = lagosInputToIso(draft.expiresAt);
  const raw = {
    planId: original?.planId ?? draft.planId,
    day: draft.day.trim(),
    games: gamesInput(draft.games, num, rolloverGameFields),
    bookingCode: optionalText(draft.bookingCode, Boolean(original?.bookingCode)),
    bookmaker: optionalText(draft.bookmaker, Boolean(original?.bookmaker)),
    totalOdds: num('totalOdds', draft.totalOdds),
    note: optionalText(draft.note, Boolean(original?.note)),
    confidence: num('confidence', draft.confidence) ?? Number.NaN,
    // No expiry: left out of a new tip, null to take one off a posted tip.
    expiresAt: expires || (original ? null : undefined),
  };
  const result = checkDraft(rolloverTipInputSchema, raw, errors, limitMessages);
  if (!result.ok) return result;
  if (!original) return { ok: true, body: { id: null, body: result.body } };
  const { planId: _fixedOncePosted, ...edit } = result.body;
  return { ok: true, body: { id: original._id, body: edit } };
}
