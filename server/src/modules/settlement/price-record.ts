import {
  MIN_PRICED_FOR_CLV,
  MIN_SETTLED_FOR_RETURN,
  type PriceRecord,
} from '@cashtips/contract/price-record';
import { successRate } from '@cashtips/contract/success-rate';

/**
 * The one computation of a record at the price paid (PRODUCT 15); every record's query hands its
 * settled items here. The interval is the normal approximation of the mean return: mean ± 1.645 ×
 * the sample standard deviation ÷ √n (90%, two-sided), stated in the README.
 */

export interface SettledItem {
  result: 'won' | 'lost' | 'void';
  /** The total odds it was posted (sold, published) at. */
  postedOdds: number;
  /** The Lagos day it settled, for `since`. */
  day: string;
}

/** A priced game of a settled item: its posted price and the closing market's fair price of its pick. */
export interface PricedGame {
  posted: number;
  close: number;
}

const Z_90 = 1.6448536269514722;
const percent = (value: number) => Math.round(value * 1000) / 10;

/** What one unit staked returns: the posted odds when won, nothing when lost, the stake when void. */
export const unitReturn = (item: Pick<SettledItem, 'result' | 'postedOdds'>): number =>
  item.result === 'won' ? item.postedOdds : item.result === 'void' ? 1 : 0;

export function priceRecord(items: readonly SettledItem[], games: readonly PricedGame[]): PriceRecord {
  let won = 0;
  let lost = 0;
  let voided = 0;
  let since: string | null = null;
  for (const item of items) {
    if (item.result === 'won') won++;
    else if (item.result === 'lost') lost++;
    else voided++;
    if (since === null || item.day < since) since = item.day;
  }
  const settled = items.length;
  let roi: number | null = null;
  let roiLow: number | null = null;
  let roiHigh: number | null = null;
  if (settled >= MIN_SETTLED_FOR_RETURN) {
    const returns = items.map(unitReturn);
    const mean = returns.reduce((sum, value) => sum + value, 0) / settled;
    const variance = returns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (settled - 1);
    const half = Z_90 * Math.sqrt(variance / settled);
    roi = percent(mean - 1);
    roiLow = percent(mean - half - 1);
    roiHigh = percent(mean + half - 1);
  }
  const clv =
    games.length >= MIN_PRICED_FOR_CLV
      ? percent(games.reduce((sum, game) => sum + game.posted / game.close - 1, 0) / games.length)
      : null;
  return {
    settled,
    won,
    lost,
    void: voided,
    winRate: successRate(won, lost),
    roi,
    roiLow,
    roiHigh,
    clv,
    clvCount: games.length,
    since,
  };
}
