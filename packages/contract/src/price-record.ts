import { z } from 'zod';

/**
 * A record at the price paid (PRODUCT 15), for a code category, a plan, the free tips, the model's
 * picks or a tipster: the win rate with its sample, the return on a unit staked on each settled item
 * at its posted price with a 90% interval, and the closing-line value of its priced games.
 */

/** Settled items before a return (and its interval) is shown. */
export const MIN_SETTLED_FOR_RETURN = 30;
/** Priced games before a closing-line value is shown. */
export const MIN_PRICED_FOR_CLV = 30;

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

/** "won 33 of 44 settled": the sample every rate is shown with. */
export function sampleText(record: Pick<PriceRecord, 'won' | 'lost'>): string {
  return `won ${record.won} of ${record.won + record.lost} settled`;
}

const signed = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(1)}%`;

/**
 * The return and the closing-line value in words, with their samples (PRODUCT 15), for `what` ('tip'):
 * "A unit staked on each of the 44 settled tips at its published odds returned +4.2% (90% interval
 * −10.1% to +18.5%)", or when each figure starts showing.
 */
export function priceRecordSentences(record: PriceRecord, what: string): string[] {
  const count = (number: number, kind: string) => `${number} ${kind} ${what}${number === 1 ? '' : 's'}`;
  const ret =
    record.roi === null || record.roiLow === null || record.roiHigh === null
      ? `The return at the published odds shows from ${MIN_SETTLED_FOR_RETURN} settled ${what}s (${record.settled} so far).`
      : `A unit staked on each of the ${count(record.settled, 'settled')} at its published odds returned ${signed(record.roi)} (90% interval ${signed(record.roiLow)} to ${signed(record.roiHigh)}).`;
  const clv =
    record.clv === null
      ? `The odds against the closing market show from ${MIN_PRICED_FOR_CLV} priced ${what}s (${record.clvCount} so far).`
      : `Against the closing market, the published odds were ${signed(record.clv)} over ${count(record.clvCount, 'priced')}.`;
  return [ret, clv];
}
