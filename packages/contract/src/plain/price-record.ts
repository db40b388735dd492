import type { PriceRecord } from '../price-record.ts';

/*
 * A record at the price paid in words (PRODUCT 15), without schemas: the public pages that show
 * records load no zod.
 */

/** Settled items before a return (and its interval) is shown. */
export const MIN_SETTLED_FOR_RETURN = 30;
/** Priced games before a closing-line value is shown. */
export const MIN_PRICED_FOR_CLV = 30;

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
