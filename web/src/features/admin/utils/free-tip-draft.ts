import { isoToLagosInput, lagosInputToIso } from '@cashtips/contract/lagos-time';
import type { MatchSearchResult } from '@cashtips/contract/matches';
import { type AdminFreeTip, type FreeTipUpdate, freeTipInputSchema } from '@cashtips/contract/tips';
import type { SaveFreeTip } from '../api/save-free-tip.ts';
import { checkDraft, type DraftResult, numberReader, numberText, optionalText } from './form-draft.ts';
import { pickMatch } from './game-draft.ts';

/** The free tip form as typed: numbers stay text until submit; the kickoff is a Lagos wall-clock time. */
export interface FreeTipDraft {
  /** A new tip's registered match, picked instead of typed ('' for typed): sent, so its own data wins. */
  matchId: string;
  pickedMatch: MatchSearchResult | null;
  /** The home team (the match's first team; markets such as 'Home win' read it so). */
  teamA: string;
  teamB: string;
  league: string;
  /** datetime-local, Lagos time. */
  kickoff: string;
  prediction: string;
  totalOdds: string;
  note: string;
  /** Empty for none. */
  confidence: string;
}

export function emptyFreeTipDraft(): FreeTipDraft {
  return {
    matchId: '',
    pickedMatch: null,
    teamA: '',
    teamB: '',
    league: '',
    kickoff: '',
    prediction: '',
    totalOdds: '',
    note: '',
    confidence: '',
  };
}

export function draftFromFreeTip(tip: AdminFreeTip): FreeTipDraft {
  return {
    matchId: '',
    pickedMatch: null,
    teamA: tip.teamA,
    teamB: tip.teamB,
    league: tip.league,
    kickoff: isoToLagosInput(tip.kickoff),
    prediction: tip.prediction,
    totalOdds: numberText(tip.totalOdds),
    note: tip.note ?? '',
    confidence: numberText(tip.confidence),
  };
}

/** Plain sentences for the schema's limits that carry no message of their own. */
const limitMessages: Record<string, string> = {
  teamA: 'At most 80 characters.',
  teamB: 'At most 80 characters.',
  league: 'At most 80 characters.',
  prediction: 'At most 120 characters.',
  totalOdds: 'Odds are from 1.01 to 1,000.',
  confidence: 'Confidence is a whole number from 0 to 100; leave it empty for none.',
};

/** The fields of an edit that differ from the posted tip: a PATCH changes only what it sends. */
function changedFields(body: FreeTipUpdate, tip: AdminFreeTip): FreeTipUpdate {
  const changed: FreeTipUpdate = {};
  if (body.teamA !== tip.teamA) changed.teamA = body.teamA;
  if (body.teamB !== tip.teamB) changed.teamB = body.teamB;
  // Compared as the form shows it (to the minute): seconds a kickoff was stored with are not a change.
  if (body.kickoff && body.kickoff !== lagosInputToIso(isoToLagosInput(tip.kickoff)))
    changed.kickoff = body.kickoff;
  if (body.prediction !== tip.prediction) changed.prediction = body.prediction;
  if (body.totalOdds !== tip.totalOdds) changed.totalOdds = body.totalOdds;
  if ((body.note ?? '') !== (tip.note ?? '')) changed.note = body.note ?? '';
  if ((body.confidence ?? null) !== tip.confidence) changed.confidence = body.confidence ?? null;
  return changed;
}

/**
 * The request of the free tip form, checked with the contract's create schema in both cases so an
 * emptied required field is reported rather than skipped. An edit (`original`) sends only what changed,
 * and never the league: a registered match keeps its own (the field is read-only there).
 */
export function validateFreeTipDraft(draft: FreeTipDraft, original?: AdminFreeTip): DraftResult<SaveFreeTip> {
  const { num, errors } = numberReader();
  const raw = {
    ...(draft.matchId && !original && { matchId: draft.matchId }),
    teamA: draft.teamA,
    teamB: draft.teamB,
    league: original ? original.league : draft.league,
    kickoff: lagosInputToIso(draft.kickoff),
    prediction: draft.prediction,
    totalOdds: num('totalOdds', draft.totalOdds),
    note: optionalText(draft.note, Boolean(original?.note)),
    // No confidence: left out of a new tip, null to take it off a posted one.
    confidence: draft.confidence.trim() ? num('confidence', draft.confidence) : original ? null : undefined,
  };
  const result = checkDraft(freeTipInputSchema, raw, errors, limitMessages);
  if (!result.ok) {
    // The schema names the teams A and B; this form names them by where the match is played.
    if (result.errors.teamA && !draft.teamA.trim()) result.errors.teamA = 'The home team is required.';
    if (result.errors.teamB && !draft.teamB.trim()) result.errors.teamB = 'The away team is required.';
    return result;
  }
  if (!original) return { ok: true, body: { id: null, body: result.body } };
  return { ok: true, body: { id: original._id, body: changedFields(result.body, original) } };
}

/** A registered match picked for a new tip fills the form as it fills a games row. */
export function freeTipOnMatch(draft: FreeTipDraft, match: MatchSearchResult): FreeTipDraft {
  return { ...draft, ...pickMatch(match) };
}

/** Retyping the match leaves the picked one (the typed match is found or registered instead). */
export function retypeFreeTipMatch(
  draft: FreeTipDraft,
  key: 'teamA' | 'teamB' | 'league' | 'kickoff',
  value: string,
): FreeTipDraft {
  return { ...draft, [key]: value, matchId: '', pickedMatch: null };
}
