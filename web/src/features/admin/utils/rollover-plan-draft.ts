import {
  type AdminRolloverPlan,
  type RolloverPlanInput,
  rolloverPlanInputSchema,
} from '@cashtips/contract/rollover';
import { checkDraft, type DraftResult, numberReader, numberText, optionalText } from './form-draft.ts';

/** The plan form as typed: numbers stay text until submit. */
export interface RolloverPlanDraft {
  name: string;
  description: string;
  /** Whole naira. */
  price: string;
  /** Days. */
  duration: string;
  /** The daily odds. */
  odds: string;
  /** Empty for no limit. */
  slotLimit: string;
  /** Tips a day. */
  postLimit: string;
  active: boolean;
}

export function emptyPlanDraft(): RolloverPlanDraft {
  return {
    name: '',
    description: '',
    price: '',
    duration: '',
    odds: '',
    slotLimit: '',
    postLimit: '1',
    active: true,
  };
}

export function draftFromPlan(plan: AdminRolloverPlan): RolloverPlanDraft {
  return {
    name: plan.name,
    description: plan.description ?? '',
    price: numberText(plan.price),
    duration: numberText(plan.duration),
    odds: numberText(plan.odds),
    slotLimit: numberText(plan.slotLimit),
    postLimit: numberText(plan.postLimit),
    active: plan.active,
  };
}

/** Plain sentences for the schema's limits that carry no message of their own. */
const limitMessages: Record<string, string> = {
  name: 'The name is at most 80 characters.',
  odds: 'Daily odds are from 1.01 to 1,000.',
  slotLimit: 'The slot limit is a whole number from 1 to 1,000,000; leave it empty for no limit.',
  postLimit: 'The daily post limit is a whole number from 1 to 20.',
};

/**
 * The request body of the plan form, checked with the contract's own schema. When editing (`original`),
 * `active` is left out: the plan's status card switches it, and a form opened before that switch must
 * not undo it.
 */
export function validatePlanDraft(
  draft: RolloverPlanDraft,
  original?: AdminRolloverPlan,
): DraftResult<RolloverPlanInput> {
  const { num, errors } = numberReader();
  const raw = {
    name: draft.name,
    description: optionalText(draft.description, Boolean(original?.description)),
    price: num('price', draft.price),
    duration: num('duration', draft.duration),
    odds: num('odds', draft.odds),
    slotLimit: draft.slotLimit.trim() ? num('slotLimit', draft.slotLimit) : null,
    // Required here though the schema has a default: an emptied field is a mistake, not a wish for 1.
    postLimit: num('postLimit', draft.postLimit) ?? Number.NaN,
    active: draft.active,
  };
  const result = checkDraft(rolloverPlanInputSchema, raw, errors, limitMessages);
  if (!result.ok || !original) return result;
  const { active: _switchedOnTheStatusCard, ...edit } = result.body;
  return { ok: true, body: edit };
}
