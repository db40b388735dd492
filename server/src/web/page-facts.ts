import { describeLagosDayInFull, lagosDay } from '@cashtips/contract/lagos-time';
import type { Clock } from '../lib/clock.ts';
import type { BookingCodesService } from '../modules/booking-codes/booking-codes.service.ts';
import type { TipsService } from '../modules/tips/tips.service.ts';
import type { PageFacts } from './public-pages.ts';

export interface PageFactsSources {
  codes: Pick<BookingCodesService, 'countOnSaleToday'>;
  tips: Pick<TipsService, 'todayTips'>;
  clock: Clock;
  /** A football data provider is configured (the live page's snippet says what it can promise). */
  liveScores: boolean;
}

/**
 * Today's figures the public pages' search snippets quote, read as the pages themselves read them:
 * the code list's count of codes on sale, the free tips page's list of today's tips (cached there).
 */
export async function gatherPageFacts({
  codes,
  tips,
  clock,
  liveScores,
}: PageFactsSources): Promise<PageFacts> {
  const [codesOnSaleToday, freeTips] = await Promise.all([codes.countOnSaleToday(), tips.todayTips()]);
  return {
    codesOnSaleToday,
    freeTipsToday: freeTips.length,
    lagosDay: describeLagosDayInFull(lagosDay(clock.now())),
    liveScores,
  };
}
