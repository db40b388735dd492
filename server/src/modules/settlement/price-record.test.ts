import { MIN_PRICED_FOR_CLV, MIN_SETTLED_FOR_RETURN } from '@cashtips/contract/price-record';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PricedGame, priceRecord, type SettledItem, unitReturn } from './price-record.ts';

const item = (result: SettledItem['result'], postedOdds: number, day = '2026-11-01'): SettledItem => ({
  result,
  postedOdds,
  day,
});
const times = <T>(count: number, value: T): T[] => Array.from({ length: count }, () => value);

describe('a record at the price paid', () => {
  it('counts the sample and gives the win rate, void in neither, from 5 settled', () => {
    const record = priceRecord(
      [item('won', 2, '2026-11-03'), item('lost', 2, '2026-10-30'), item('void', 2), item('won', 1.5)],
      [],
    );
    expect(record).toEqual({
      settled: 4,
      won: 2,
      lost: 1,
      void: 1,
      winRate: null,
      roi: null,
      roiLow: null,
      roiHigh: null,
      clv: null,
      clvCount: 0,
      since: '2026-10-30',
    });
    expect(priceRecord([...times(3, item('won', 2)), ...times(2, item('lost', 2))], []).winRate).toBe(60);
  });

  it('gives the return at the posted prices with its 90% interval from 30 settled (computed by hand)', () => {
    // 15 won at 1.5 and 15 lost: returns 1.5 ×15 and 0 ×15, mean 0.75 (−25%); sample sd = 0.7626;
    // half width 1.6449 × 0.7626 ÷ √30 = 0.2290: −47.9% to −2.1%.
    const record = priceRecord([...times(15, item('won', 1.5)), ...times(15, item('lost', 1.5))], []);
    expect(record).toMatchObject({ settled: 30, roi: -25, roiLow: -47.9, roiHigh: -2.1 });
    // 29 settled: no return yet.
    expect(priceRecord(times(MIN_SETTLED_FOR_RETURN - 1, item('won', 2)), []).roi).toBeNull();
    // The same win rate at higher prices is a better record: 75% at 1.2 loses, 75% at 2.0 wins.
    const at = (odds: number) =>
      priceRecord([...times(30, item('won', odds)), ...times(10, item('lost', odds))], []).roi;
    expect(at(1.2)).toBe(-10);
    expect(at(2)).toBe(50);
  });

  it('gives the closing-line value of the priced games from 30 of them', () => {
    const games: PricedGame[] = [
      ...times(15, { posted: 2.2, close: 2 }),
      ...times(15, { posted: 1.9, close: 2 }),
    ];
    // (10% × 15 − 5% × 15) ÷ 30 = +2.5%.
    expect(priceRecord([], games)).toMatchObject({ clv: 2.5, clvCount: 30 });
    expect(priceRecord([], games.slice(0, MIN_PRICED_FOR_CLV - 1))).toMatchObject({
      clv: null,
      clvCount: 29,
    });
  });

  it('always holds the return inside its interval, and every void record returns exactly nothing', () => {
    const settledItem = fc.record({
      result: fc.constantFrom<SettledItem['result']>('won', 'lost', 'void'),
      postedOdds: fc.double({ min: 1.01, max: 50, noNaN: true }),
      day: fc.constant('2026-11-01'),
    });
    fc.assert(
      fc.property(fc.array(settledItem, { minLength: 30, maxLength: 200 }), (items) => {
        const record = priceRecord(items, []);
        const mean = items.reduce((sum, one) => sum + unitReturn(one), 0) / items.length;
        expect(record.roi).toBeCloseTo(Math.round((mean - 1) * 1000) / 10, 6);
        expect(record.roiLow ?? Number.NaN).toBeLessThanOrEqual(record.roi ?? Number.NaN);
        expect(record.roiHigh ?? Number.NaN).toBeGreaterThanOrEqual(record.roi ?? Number.NaN);
        expect(record.won + record.lost + record.void).toBe(record.settled);
      }),
    );
    expect(priceRecord(times(40, item('void', 3)), [])).toMatchObject({ roi: 0, roiLow: 0, roiHigh: 0 });
  });

  it('narrows the interval as the same results repeat', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), (wins, losses) => {
        const base = [...times(wins, item('won', 2.5)), ...times(losses, item('lost', 2.5))];
        const repeated = (count: number) => priceRecord(Array.from({ length: count }, () => base).flat(), []);
        const small = repeated(Math.ceil(MIN_SETTLED_FOR_RETURN / base.length));
        const large = repeated(4 * Math.ceil(MIN_SETTLED_FOR_RETURN / base.length));
        const width = (record: ReturnType<typeof priceRecord>) =>
          (record.roiHigh ?? 0) - (record.roiLow ?? 0);
        expect(large.roi).toBeCloseTo(small.roi ?? Number.NaN, 6);
        expect(width(large)).toBeLessThan(width(small));
      }),
    );
  });
});
