import { z } from 'zod';
import { committedAnswerSchema } from './errors.ts';
import { gameLiveFields } from './football.ts';
import { isLagosDay } from './lagos-time.ts';
import { gameInputFields, modelProbabilitySchema, outcomes, scoreSchema } from './matches.ts';
import { groupDigits } from './plain/format.ts';
import { pageInfoSchema, walletTypes } from './wallet.ts';

/** Texts of the rollover screens and answers (spec part 2, PRODUCT 6a); exact strings are requirements. */
export const rolloverMessages = {
  alreadySubscribed: 'Already subscribed to this plan',
  alreadySubscribedButton: 'Already Subscribed',
  planFull: 'This plan is full',
  planNotAvailable: 'This plan is not available',
  planNotFound: 'Plan not found',
  planChanged: 'This plan was just changed. Please check it and try again.',
  tipNotFound: 'Tip not found',
  insufficientBalance: (wallet: 'main' | 'bonus') => `Insufficient balance in ${wallet} wallet`,
  subscribed: (plan: string) => `Subscribed to ${plan}! Today's tips are unlocked on My Rollover.`,
  /** Said when the subscription is done but its full answer could not be built (lib/committed.ts). */
  subscribedPlain: "Subscribed! Today's tips are unlocked on My Rollover.",
  subscribeFailed: 'Subscription failed',
  cannotAfford: 'Your wallets cannot cover this plan yet. Deposit to subscribe.',
  noPlans: 'No plans available',
  noRolloverPlans: 'No rollover plans available',
  noTipsToday: 'No rollover tips posted yet today',
  noActiveSubscriptions: 'No Active Subscriptions',
  noTipYet: 'No tip uploaded for your plan yet.',
  subscribeToUnlock: 'Subscribe to Unlock',
  noExpiry: 'No expiry',
  postLimitReached: (limit: number) =>
    `This plan already has its ${limit} tip${limit === 1 ? '' : 's'} for that day (its daily post limit).`,
  planHasSubscribers: 'This plan has subscribers, so it cannot be deleted. Deactivate it instead.',
  slotLimitBelowSubscribers: (count: number) =>
    `This plan has ${count} active subscribers; the slot limit cannot be lower.`,
} as const;

/** Stake calculator (spec part 2 sections 5 and 9). */
export const STAKE_CALCULATOR = { default: 1000, min: 100, step: 100, daysShown: 3 } as const;
/** Slot-fullness badge thresholds, percent of the slot limit taken. */
export const SLOT_FULLNESS_THRESHOLDS = [50, 75, 90] as const;

/** Spec: odds 10 or more High Risk; 5 to under 10 Medium Risk; below 5 Low Risk. */
export function riskBadge(odds: number): 'High Risk' | 'Medium Risk' | 'Low Risk' {
  if (odds >= 10) return 'High Risk';
  if (odds >= 5) return 'Medium Risk';
  return 'Low Risk';
}

/** Spec: odds 10 or more Hot; 5 to under 10 Popular; otherwise Stable. */
export function planBadge(odds: number): 'Hot' | 'Popular' | 'Stable' {
  if (odds >= 10) return 'Hot';
  if (odds >= 5) return 'Popular';
  return 'Stable';
}

/**
 * How full a plan is, by the shown subscriber count against the slot limit; the tier is the highest
 * threshold reached (null below 50 % or without a limit).
 */
export function slotFullness(
  subscriberCount: number,
  slotLimit: number | null,
): { percent: number; tier: (typeof SLOT_FULLNESS_THRESHOLDS)[number] | null } | null {
  if (slotLimit === null || slotLimit <= 0) return null;
  const percent = Math.min(100, Math.round((subscriberCount / slotLimit) * 100));
  const tier = [...SLOT_FULLNESS_THRESHOLDS].reverse().find((threshold) => percent >= threshold) ?? null;
  return { percent, tier };
}

export interface RolloverDay {
  day: number;
  /** The day's stake, whole naira. */
  stake: number;
  /** What the day's bet returns if it wins: stake × odds, whole naira. */
  returns: number;
  /** Taken out of the return and kept: the initial stake on day 1 (the spec's "removed"), nothing later. */
  kept: number;
  /** What is left of the return: the next day's stake (returns − kept). */
  rollsOver: number;
}

/**
 * The spec's rollover arithmetic: each day the bet returns stake × odds; after the first win the
 * initial stake is taken back out, and the rest is the next day's stake; from then on the whole
 * return rolls over. Every figure is whole naira, rounded once per day, so each day's figures add up
 * as shown: returns = kept + rollsOver, and rollsOver is the next day's stake.
 */
export function rolloverDays(initialStake: number, odds: number, days: number): RolloverDay[] {
  const result: RolloverDay[] = [];
  let stake = Math.round(initialStake);
  for (let day = 1; day <= days; day++) {
    const returns = Math.round(stake * odds);
    const kept = day === 1 ? Math.min(stake, returns) : 0;
    result.push({ day, stake, returns, kept, rollsOver: returns - kept });
    stake = returns - kept;
  }
  return result;
}

/**
 * The chance that every day of a plan wins if each day's odds were fair (a bookmaker's odds are
 * shorter than fair, so the real chance is lower): (1/odds)^days, as a fraction.
 */
export function allDaysWinChance(odds: number, days: number): number {
  if (odds <= 1) return 1;
  return (1 / odds) ** days;
}

/** That chance for people: '25%', '1 in 1,024', '1 in 9.3 million'. */
export function describeChance(chance: number): string {
  if (chance >= 0.1) return `${Math.round(chance * 100)}%`;
  const oneIn = 1 / chance;
  if (oneIn >= 1e9) return `1 in ${(oneIn / 1e9).toFixed(1).replace(/\.0$/, '')} billion`;
  if (oneIn >= 1e6) return `1 in ${(oneIn / 1e6).toFixed(1).replace(/\.0$/, '')} million`;
  return `1 in ${groupDigits(Math.round(oneIn))}`;
}

// --- Public shapes ----------------------------------------------------------------------------

export const rolloverPlanSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  duration: z.number(),
  odds: z.number(),
  slotLimit: z.number().nullable(),
  postLimit: z.number(),
  active: z.boolean(),
  /** Active real subscribers: nothing is ever added to it (PRODUCT 6a, 15). */
  subscriberCount: z.number(),
  /** Slots subscribers may still take; null without a limit. */
  slotsLeft: z.number().nullable(),
  /** Won ÷ settled of the plan's tips, one decimal; null until 5 are settled. */
  successRate: z.number().nullable(),
  settledTips: z.number(),
  /**
   * Made by the demo seeding (PRODUCT 15): listed as any other, shown with a "Demo" badge, and never
   * counted in a record, a success rate or a landing figure.
   */
  demo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RolloverPlan = z.infer<typeof rolloverPlanSchema>;
export const rolloverPlansResponseSchema = z.array(rolloverPlanSchema);
export const rolloverPlanResponseSchema = z.object({ success: z.literal(true), plan: rolloverPlanSchema });
export type RolloverPlanResponse = z.infer<typeof rolloverPlanResponseSchema>;

export const subscriptionStatuses = ['active', 'expired'] as const;
export const rolloverSubscriptionSchema = z.object({
  _id: z.string(),
  planId: z.string(),
  planName: z.string(),
  odds: z.number(),
  duration: z.number(),
  /** 1 on the Lagos day it starts, never above duration. */
  currentDay: z.number(),
  /** Days still to come, today included (0 once expired). */
  daysLeft: z.number(),
  startDate: z.string(),
  /** The Lagos midnight ending day `duration`. */
  expiresAt: z.string(),
  status: z.enum(subscriptionStatuses),
  pricePaid: z.number(),
  walletType: z.enum(walletTypes),
  /** Its plan is demo content (PRODUCT 15): shown with a "Demo" badge. */
  demo: z.boolean(),
});
export type RolloverSubscription = z.infer<typeof rolloverSubscriptionSchema>;
export const rolloverSubscriptionsResponseSchema = z.array(rolloverSubscriptionSchema);

export const subscribeRequestSchema = z.strictObject({
  planId: z.uuid({ error: 'Choose a plan.' }),
  walletType: z.enum(walletTypes, { error: 'Choose the main or the bonus wallet.' }).default('main'),
});
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;
export const subscribeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  subscription: rolloverSubscriptionSchema,
  mainWallet: z.number(),
  bonusWallet: z.number(),
});
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;
/** The subscription's answer; only the sentence when its view could not be built after the money moved. */
export const subscribeResultSchema = z.union([subscribeResponseSchema, committedAnswerSchema]);
export type SubscribeResult = z.infer<typeof subscribeResultSchema>;

export const tipResults = outcomes;
export type TipResult = (typeof tipResults)[number];

export const rolloverGameSchema = z.object({
  teamA: z.string(),
  teamB: z.string(),
  league: z.string(),
  kickoff: z.string(),
  /** Only for subscribers and admins: the pick is what is paid for. */
  prediction: z.string().nullable(),
  odds: z.number().nullable(),
  bookmaker: z.string().nullable(),
  /** The match's final score once recorded (public). */
  score: scoreSchema.nullable(),
  /** The game's own result; only for subscribers and admins. */
  outcome: z.enum(outcomes).nullable(),
  ...gameLiveFields,
});
export type RolloverGame = z.infer<typeof rolloverGameSchema>;

/**
 * A rollover tip as a user sees it. `locked` tips (the viewer has no subscription to the plan) carry
 * teams, leagues, kickoffs, the game count, total odds and confidence, and never the booking code,
 * a prediction, per-game odds, the bookmaker or the note.
 */
export const rolloverTipSchema = z.object({
  _id: z.string(),
  planId: z.string(),
  planName: z.string(),
  plan: z.object({
    _id: z.string(),
    name: z.string(),
    odds: z.number(),
    slotLimit: z.number().nullable(),
    subscriberCount: z.number(),
    slotsLeft: z.number().nullable(),
  }),
  /** The Lagos date the tip is for. */
  day: z.string(),
  games: z.array(rolloverGameSchema),
  gameCount: z.number(),
  bookingCode: z.string().nullable(),
  code: z.string().nullable(),
  bookmaker: z.string().nullable(),
  totalOdds: z.number(),
  odds: z.number(),
  expiresAt: z.string().nullable(),
  note: z.string().nullable(),
  confidence: z.number(),
  result: z.enum(tipResults),
  locked: z.boolean(),
  /**
   * Made by the demo seeding (PRODUCT 15): listed as any other, shown with a "Demo" badge, and never
   * counted in a record, a success rate or a landing figure.
   */
  demo: z.boolean(),
  createdAt: z.string(),
});
export type RolloverTip = z.infer<typeof rolloverTipSchema>;
export const rolloverTipsResponseSchema = z.array(rolloverTipSchema);

export const rolloverTipsQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1).max(10_000).default(1),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(20),
});

// --- Admin ------------------------------------------------------------------------------------

const wholeNaira = (label: string) =>
  z
    .number({ error: `${label} is required.` })
    .int(`${label} is in whole naira.`)
    .min(0, `${label} cannot be negative.`)
    .max(1_000_000, `${label} is at most ₦1,000,000.`);

const planFields = {
  name: z.string({ error: 'The name is required.' }).trim().min(2, 'The name is required.').max(80),
  description: z.string().trim().max(1000, 'Keep the description under 1,000 characters.').optional(),
  price: wholeNaira('The price'),
  duration: z
    .number({ error: 'The duration is required.' })
    .int('The duration is whole days.')
    .min(1, 'A plan lasts at least 1 day.')
    .max(365, 'A plan lasts at most 365 days.'),
  odds: z.number({ error: 'The daily odds are required.' }).min(1.01, 'Odds start at 1.01.').max(1000),
  slotLimit: z
    .number()
    .int()
    .min(1, 'A slot limit is at least 1 (leave it empty for no limit).')
    .max(1_000_000)
    .nullable(),
  postLimit: z.number().int().min(1, 'At least 1 post a day.').max(20, 'At most 20 posts a day.'),
  active: z.boolean(),
};

export const rolloverPlanInputSchema = z.strictObject({
  ...planFields,
  slotLimit: planFields.slotLimit.default(null),
  postLimit: planFields.postLimit.default(1),
  active: planFields.active.default(true),
});
export type RolloverPlanInput = z.input<typeof rolloverPlanInputSchema>;
/** An edit changes only what it sends (no defaults, or every edit would reset them). */
export const rolloverPlanUpdateSchema = z.strictObject(planFields).partial();
export type RolloverPlanUpdate = z.input<typeof rolloverPlanUpdateSchema>;

export const adminRolloverPlanSchema = rolloverPlanSchema.extend({
  /** Subscriptions running now (real people). */
  activeSubscribers: z.number(),
  /** Every subscription ever sold. */
  totalSubscriptions: z.number(),
  revenue: z.number(),
  wonTips: z.number(),
  lostTips: z.number(),
});
export type AdminRolloverPlan = z.infer<typeof adminRolloverPlanSchema>;
export const adminRolloverPlansResponseSchema = z.object({
  success: z.literal(true),
  plans: z.array(adminRolloverPlanSchema),
});
export type AdminRolloverPlansResponse = z.infer<typeof adminRolloverPlansResponseSchema>;
export const adminRolloverPlanResponseSchema = z.object({
  success: z.literal(true),
  plan: adminRolloverPlanSchema,
});
export type AdminRolloverPlanResponse = z.infer<typeof adminRolloverPlanResponseSchema>;

const lagosDaySchema = z.string().trim().refine(isLagosDay, 'The day is a date written YYYY-MM-DD.');

const rolloverGameInputSchema = z.strictObject({
  ...gameInputFields,
  prediction: z.string().trim().min(1, 'The prediction is required.').max(120),
  odds: z.number().min(1.01, 'Odds start at 1.01.').max(1000).optional(),
  bookmaker: z.string().trim().max(40).optional(),
  modelProbability: modelProbabilitySchema,
});

const tipFields = {
  planId: z.uuid({ error: 'Choose a plan.' }),
  day: lagosDaySchema,
  games: z.array(rolloverGameInputSchema).min(1, 'Add at least one game.').max(30),
  bookingCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{4,40}$/, 'A booking code is 4 to 40 letters, digits or dashes.')
    .optional(),
  bookmaker: z.string().trim().max(40).optional(),
  totalOdds: z.number().min(1.01, 'Odds start at 1.01.').max(1_000_000).optional(),
  note: z.string().trim().max(1000, 'Keep the note under 1,000 characters.').optional(),
  confidence: z.number().int().min(0).max(100),
  expiresAt: z.iso.datetime({ offset: true, error: 'Expiry must be a date and time.' }).nullable(),
};

export const rolloverTipInputSchema = z.strictObject({
  ...tipFields,
  day: tipFields.day.optional(),
  confidence: tipFields.confidence.default(85),
  expiresAt: tipFields.expiresAt.optional(),
});
export type RolloverTipInput = z.input<typeof rolloverTipInputSchema>;
/** The plan of a tip is fixed once posted (its subscribers paid for that plan). */
export const rolloverTipUpdateSchema = z.strictObject(tipFields).omit({ planId: true }).partial();
export type RolloverTipUpdate = z.input<typeof rolloverTipUpdateSchema>;

export const adminRolloverTipSchema = rolloverTipSchema.extend({
  settledAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminRolloverTip = z.infer<typeof adminRolloverTipSchema>;
export const adminRolloverTipsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  planId: z.uuid({ error: 'Unknown plan.' }).optional(),
  day: lagosDaySchema.optional(),
  result: z.enum(tipResults).optional(),
});
export const adminRolloverTipsResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  tips: z.array(adminRolloverTipSchema),
});
export type AdminRolloverTipsResponse = z.infer<typeof adminRolloverTipsResponseSchema>;
export const adminRolloverTipResponseSchema = z.object({
  success: z.literal(true),
  tip: adminRolloverTipSchema,
});
export type AdminRolloverTipResponse = z.infer<typeof adminRolloverTipResponseSchema>;
