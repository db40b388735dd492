import {
  type AdminMatch,
  type MatchResultRequest,
  matchResultRequestSchema,
  resultMessages,
} from '@cashtips/contract/matches';
import { checkDraft, type DraftResult, numberReader, numberText } from './form-draft.ts';

/** The score form as typed: goals stay text until submit. */
export interface MatchResultDraft {
  homeGoals: string;
  awayGoals: string;
  /** Postponed, abandoned or cancelled: every game on it is void. */
  void: boolean;
  reason: string;
}

/** A match's recorded result fills the form, so a correction starts from it. */
export function draftFromMatch(match: AdminMatch): MatchResultDraft {
  return {
    homeGoals: numberText(match.score?.home),
    awayGoals: numberText(match.score?.away),
    void: match.status === 'void',
    reason: '',
  };
}

/** A match with a result (a score, or void) is changed only with a reason. */
export const hasResult = (match: Pick<AdminMatch, 'status'>) => match.status !== 'scheduled';

const limitMessages: Record<string, string> = {
  homeGoals: 'Goals are a whole number from 0 to 99.',
  awayGoals: 'Goals are a whole number from 0 to 99.',
};

/**
 * The request of the score form, checked with the contract's schema; a match that already has a result
 * also needs a reason (the server refuses without one, 422 on `reason`).
 */
export function validateMatchResultDraft(
  draft: MatchResultDraft,
  match: AdminMatch,
): DraftResult<MatchResultRequest> {
  const { num, errors } = numberReader();
  const reason = draft.reason.trim();
  const raw = draft.void
    ? { status: 'void', ...(reason && { reason }) }
    : {
        status: 'finished',
        homeGoals: num('homeGoals', draft.homeGoals),
        awayGoals: num('awayGoals', draft.awayGoals),
        ...(reason && { reason }),
      };
  for (const key of ['homeGoals', 'awayGoals'] as const) {
    if (errors[key]) errors[key] = limitMessages[key];
    // Said here too: the schema checks that both are given only once everything else is right.
    else if (!draft.void && !draft[key].trim()) errors[key] = resultMessages.scoreRequired;
  }
  if (hasResult(match) && !reason) errors.reason = resultMessages.reasonRequired;
  const result = checkDraft(matchResultRequestSchema, raw, errors, limitMessages);
  if (!result.ok) return result;
  // The schema's output drops an empty reason; the body is sent as the schema's input.
  const { status, homeGoals, awayGoals, reason: given } = result.body;
  return {
    ok: true,
    body: {
      status,
      ...(homeGoals !== undefined && { homeGoals }),
      ...(awayGoals !== undefined && { awayGoals }),
      ...(given && { reason: given }),
    },
  };
}
