import { z } from 'zod';
import { gameLiveFields } from './football.ts';
import { gameInputFields, outcomes, scoreSchema } from './matches.ts';
import { tipMessages, tipStatuses } from './plain/tips.ts';
import { priceRecordSchema } from './price-record.ts';
import { pageInfoSchema } from './wallet.ts';

export * from './plain/tips.ts';

/** A free tip as anyone sees it (PRODUCT 6b): one game, public. */
export const freeTipSchema = z.object({
  _id: z.string(),
  league: z.string(),
  /** 'Arsenal vs Chelsea'. */
  teams: z.string(),
  teamA: z.string(),
  teamB: z.string(),
  kickoff: z.string(),
  /** Lagos wall-clock 'HH:mm' of the kickoff. */
  time: z.string(),
  prediction: z.string(),
  totalOdds: z.number(),
  /** The Lagos date of the kickoff. */
  date: z.string(),
  status: z.enum(tipStatuses),
  result: z.enum(outcomes),
  score: scoreSchema.nullable(),
  ...gameLiveFields,
  note: z.string().nullable(),
  confidence: z.number().nullable(),
  /** The match model's probability of this pick when it was posted, for a model pick (0..1). */
  modelProbability: z.number().nullable(),
  publishedAt: z.string(),
  /**
   * Made by the demo seeding (PRODUCT 15): listed as any other, shown with a "Demo" badge, and never
   * counted in a record, a success rate or a landing figure.
   */
  demo: z.boolean(),
});
export type FreeTip = z.infer<typeof freeTipSchema>;
export const freeTipsResponseSchema = z.array(freeTipSchema);

export const freeTipsQuerySchema = z.object({
  type: z.enum(['free'], { error: 'Only free tips are listed here.' }).default('free'),
});

/**
 * Free tips' record from settled results (PRODUCT 6b, 15): the record at the price paid (sample, win
 * rate, return at the published odds with its interval, closing-line value), with 6b's own keys.
 */
export const tipRecordSchema = priceRecordSchema.extend({
  /** Published and not yet settled. */
  pending: z.number(),
  /** won ÷ (won + lost), percent, one decimal; null ('New') until 5 are settled (the same as winRate). */
  successRate: z.number().nullable(),
});
export type TipRecord = z.infer<typeof tipRecordSchema>;

export const pastTipsQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1).max(10_000).default(1),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(20),
});
export const pastTipsResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  tips: z.array(freeTipSchema),
  record: tipRecordSchema,
});
export type PastTipsResponse = z.infer<typeof pastTipsResponseSchema>;

/** The record over a window of days and week by week, for the chart and the landing page. */
export const recordWindowSchema = z.object({
  days: z.number(),
  won: z.number(),
  lost: z.number(),
  successRate: z.number().nullable(),
});
export type RecordWindow = z.infer<typeof recordWindowSchema>;
export const recordWeekSchema = z.object({
  /** The Lagos date of the week's Monday. */
  week: z.string(),
  won: z.number(),
  lost: z.number(),
  /** Won ÷ settled of every tip up to the end of this week (percent), null before any. */
  runningRate: z.number().nullable(),
});
export type RecordWeek = z.infer<typeof recordWeekSchema>;
export const tipRecordResponseSchema = z.object({
  success: z.literal(true),
  record: tipRecordSchema,
  windows: z.array(recordWindowSchema),
  weeks: z.array(recordWeekSchema),
});
export type TipRecordResponse = z.infer<typeof tipRecordResponseSchema>;

// --- Admin ------------------------------------------------------------------------------------

const freeTipFields = {
  /** PRODUCT 6b: optional, and 'free' is the only type for now (clients may send it, as they list with it). */
  type: z.literal('free', { error: tipMessages.onlyFreeType }).optional(),
  ...gameInputFields,
  prediction: z.string().trim().min(1, 'The prediction is required.').max(120),
  totalOdds: z.number({ error: 'The odds are required.' }).min(1.01, 'Odds start at 1.01.').max(1000),
  note: z.string().trim().max(1000, 'Keep the note under 1,000 characters.').optional(),
  confidence: z.number().int().min(0).max(100).nullable().optional(),
  modelProbability: z.number().min(0).max(1).nullable().optional(),
};
export const freeTipInputSchema = z.strictObject(freeTipFields);
export type FreeTipInput = z.input<typeof freeTipInputSchema>;
export const freeTipUpdateSchema = z.strictObject(freeTipFields).partial();
export type FreeTipUpdate = z.input<typeof freeTipUpdateSchema>;

export const adminFreeTipSchema = freeTipSchema.extend({
  settledAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminFreeTip = z.infer<typeof adminFreeTipSchema>;
export const adminFreeTipsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  result: z.enum(outcomes).optional(),
  q: z.string().trim().max(100).optional(),
});
export const adminFreeTipsResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  tips: z.array(adminFreeTipSchema),
});
export type AdminFreeTipsResponse = z.infer<typeof adminFreeTipsResponseSchema>;
export const adminFreeTipResponseSchema = z.object({ success: z.literal(true), tip: adminFreeTipSchema });
export type AdminFreeTipResponse = z.infer<typeof adminFreeTipResponseSchema>;
