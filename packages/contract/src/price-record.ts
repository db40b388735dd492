import { z } from 'zod';

/**
 * A record at the price paid (PRODUCT 15), for a code category, a plan, the free tips, the model's
 * picks or a tipster: the win rate with its sample, the return on a unit staked on each settled item
 * at its posted price with a 90% interval, and the closing-line value of its priced games.
 */

export * from './plain/price-record.ts';

export const priceRecordSchema = z.object({
  /** won + lost + void. */
  settled: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  void: z.number().int(),
  /** won ÷ (won + lost) as a percentage with one decimal; null under 5 settled. */
  winRate: z.number().nullable(),
  /** Mean return per unit staked at the posted price, minus 1, as a percentage; null under 30 settled. */
  roi: z.number().nullable(),
  /** Its 90% interval (normal approximation), percentages; null with `roi`. */
  roiLow: z.number().nullable(),
  roiHigh: z.number().nullable(),
  /** Mean of posted price ÷ closing market price − 1 over priced games, percent; null under 30 of them. */
  clv: z.number().nullable(),
  clvCount: z.number().int(),
  /** The Lagos date of the earliest settled item counted; null before any. */
  since: z.string().nullable(),
});
export type PriceRecord = z.infer<typeof priceRecordSchema>;
