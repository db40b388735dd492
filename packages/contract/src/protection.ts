import { z } from 'zod';
import { describeLagosDay, LAGOS_TIME_LABEL, lagosClockTime, lagosDay } from './lagos-time.ts';
import { groupDigits } from './plain/format.ts';

/**
 * Player protection (PRODUCT 13): deposit limits the user sets, a time-out, self-exclusion. The
 * texts here are the ones the API answers and the screens show.
 */

export const depositLimitPeriods = ['daily', 'weekly', 'monthly'] as const;
export type DepositLimitPeriod = (typeof depositLimitPeriods)[number];

/** The rolling window each limit counts deposits over. */
export const DEPOSIT_LIMIT_WINDOW_HOURS: Record<DepositLimitPeriod, number> = {
  daily: 24,
  weekly: 7 * 24,
  monthly: 30 * 24,
};
/** A higher or removed limit waits this long; a lower one applies at once. */
export const LIMIT_RAISE_DELAY_HOURS = 24;

export const TIME_OUT_DAYS = [1, 7, 30] as const;
export const SELF_EXCLUSION_MONTHS = [6, 12, 60] as const;

export const restrictionKinds = ['time-out', 'self-exclusion'] as const;
export type RestrictionKind = (typeof restrictionKinds)[number];

export const restrictionSchema = z.object({ kind: z.enum(restrictionKinds), until: z.string() });
export type Restriction = z.infer<typeof restrictionSchema>;

export const depositLimitRefusalSchema = z.object({
  period: z.enum(depositLimitPeriods),
  amount: z.number(),
  remaining: z.number(),
});
export type DepositLimitRefusal = z.infer<typeof depositLimitRefusalSchema>;

const periodWords: Record<DepositLimitPeriod, { name: string; window: string }> = {
  daily: { name: 'daily', window: '24 hours' },
  weekly: { name: 'weekly', window: '7 days' },
  monthly: { name: 'monthly', window: '30 days' },
};

const naira = (amount: number) => `₦${groupDigits(amount, 0, 3)}`;

/** 'Fri 4 Dec 2026, 14:05 Lagos time': when a restriction ends, as every message writes it. */
export function describeRestrictionEnd(until: string): string {
  const instant = new Date(until);
  const day = lagosDay(instant);
  return `${describeLagosDay(day)} ${day.slice(0, 4)}, ${lagosClockTime(instant)} ${LAGOS_TIME_LABEL}`;
}

export const protectionMessages = {
  /** The 422 of a deposit, purchase or subscription while a restriction is on, and the screens' notice. */
  restricted: (restriction: Restriction) =>
    restriction.kind === 'time-out'
      ? `You are taking a break until ${describeRestrictionEnd(restriction.until)}. Deposits, purchases and subscriptions are closed until then; your wallet, withdrawals and what you already bought stay open.`
      : `You have excluded yourself until ${describeRestrictionEnd(restriction.until)}. Deposits, purchases and subscriptions are closed until then; your wallet, withdrawals and what you already bought stay open.`,
  /** The 422 of a deposit over a limit: the limit and what is left of it. */
  overLimit: (refusal: DepositLimitRefusal) =>
    refusal.remaining > 0
      ? `This deposit would pass your ${periodWords[refusal.period].name} limit of ${naira(refusal.amount)}: you can deposit up to ${naira(refusal.remaining)} more in the rolling ${periodWords[refusal.period].window}.`
      : `You have reached your ${periodWords[refusal.period].name} deposit limit of ${naira(refusal.amount)} for the rolling ${periodWords[refusal.period].window}.`,
  limitsSaved: 'Your deposit limits are saved.',
  limitsSavedWithWait: 'Saved. A lower limit applies now; a higher or removed one applies after 24 hours.',
  alreadyLonger: (restriction: Restriction) =>
    `You are already restricted until ${describeRestrictionEnd(restriction.until)}. A break can be made longer, never shorter.`,
  timeOutStarted: (until: string) => `Your break has started. It ends ${describeRestrictionEnd(until)}.`,
  selfExclusionStarted: (until: string) =>
    `You have excluded yourself until ${describeRestrictionEnd(until)}. Nobody can shorten it, including us.`,
  wrongPassword: 'Your password is incorrect.',
};

const limitAmount = z
  .number({ error: 'Enter the limit in naira, or leave it empty for no limit.' })
  .int('Enter a whole number of naira.')
  .min(100, 'A limit is at least ₦100.')
  .max(100_000_000, 'A limit is at most ₦100,000,000.')
  .nullable();

/** PUT /api/users/me/limits: partial; null removes a limit (after the 24-hour wait). */
export const depositLimitsUpdateSchema = z
  .strictObject({
    daily: limitAmount.optional(),
    weekly: limitAmount.optional(),
    monthly: limitAmount.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'Set at least one limit.');
export type DepositLimitsUpdate = z.input<typeof depositLimitsUpdateSchema>;

const limitFigures = z.object({
  daily: z.number().nullable(),
  weekly: z.number().nullable(),
  monthly: z.number().nullable(),
});
export type DepositLimitFigures = z.infer<typeof limitFigures>;

export const depositLimitsSchema = z.object({
  /** The limits in effect now, in naira; null = none. */
  daily: z.number().nullable(),
  weekly: z.number().nullable(),
  monthly: z.number().nullable(),
  /** What each limit still allows over its rolling window (null where there is no limit). */
  remaining: limitFigures,
  /** Raises and removals waiting out their 24 hours: only the periods that have one. */
  pending: z
    .object({
      daily: z.number().nullable().optional(),
      weekly: z.number().nullable().optional(),
      monthly: z.number().nullable().optional(),
      effectiveAt: z.string(),
    })
    .nullable(),
});
export type DepositLimits = z.infer<typeof depositLimitsSchema>;

export const depositLimitsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  limits: depositLimitsSchema,
});
export type DepositLimitsResponse = z.infer<typeof depositLimitsResponseSchema>;

export const timeOutRequestSchema = z.strictObject({
  days: z.union(
    TIME_OUT_DAYS.map((days) => z.literal(days)),
    { error: 'Choose 1, 7 or 30 days.' },
  ),
});
export type TimeOutRequest = z.infer<typeof timeOutRequestSchema>;

export const selfExclusionRequestSchema = z.strictObject({
  months: z.union(
    SELF_EXCLUSION_MONTHS.map((months) => z.literal(months)),
    {
      error: 'Choose 6, 12 or 60 months.',
    },
  ),
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.'),
});
export type SelfExclusionRequest = z.infer<typeof selfExclusionRequestSchema>;

export const restrictionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  restriction: restrictionSchema,
});
export type RestrictionResponse = z.infer<typeof restrictionResponseSchema>;
