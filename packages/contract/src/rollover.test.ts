import { describe, expect, it } from 'vitest';
import { rolloverDays } from './rollover.ts';

describe('rollover arithmetic', () => {
  it('keeps the initial stake back after day 1 and rolls the profit, then rolls the whole return', () => {
    expect(rolloverDays(1000, 1.5, 3)).toEqual([
      { day: 1, stake: 1000, returns: 1500, kept: 1000, rollsOver: 500 },
      { day: 2, stake: 500, returns: 750, kept: 0, rollsOver: 750 },
      { day: 3, stake: 750, returns: 1125, kept: 0, rollsOver: 1125 },
    ]);
  });

  it('adds up in whole naira on every day, whatever the odds: returns = kept + next stake, and returns = stake × odds rounded', () => {
    for (const odds of [1.01, 1.37, 1.5, 2, 2.07, 3.33, 5.5, 10]) {
      for (const stake of [100, 700, 1000, 12_300]) {
        const days = rolloverDays(stake, odds, 5);
        days.forEach((day, index) => {
          expect(Number.isInteger(day.stake) && Number.isInteger(day.returns)).toBe(true);
          expect(day.returns).toBe(Math.round(day.stake * odds));
          expect(day.kept + day.rollsOver).toBe(day.returns);
          const next = days[index + 1];
          if (next) expect(next.stake).toBe(day.rollsOver);
        });
        expect(days[0]?.kept).toBe(stake);
      }
    }
  });
});
