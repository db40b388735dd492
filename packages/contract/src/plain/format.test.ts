import { describe, expect, it } from 'vitest';
import { describeLagosDay, describeLagosDayInFull } from '../lagos-time.ts';
import { calendarParts, groupDigits } from './format.ts';

/** What `Intl` writes, the text the product wrote before it stopped using `Intl`. */
const intlNumber = (value: number, min: number, max: number) =>
  new Intl.NumberFormat('en-NG', { minimumFractionDigits: min, maximumFractionDigits: max }).format(value);

describe('groupDigits writes numbers as en-NG does', () => {
  const values = [
    0,
    1,
    7,
    12,
    999,
    1000,
    1001,
    9999.5,
    12_345,
    99_999.995,
    100_000,
    1_234_567,
    5_000_000_000,
    Number.MAX_SAFE_INTEGER,
    0.5,
    1.005,
    1.255,
    2.5,
    0.125,
    Math.E,
    1500.5,
    1500.05,
    0.001,
    0.0005,
    19.999,
    74.35,
    99.95,
    123_456.789,
    -1,
    -1500.5,
    -999.999,
  ];
  for (const [min, max] of [
    [0, 0],
    [0, 2],
    [2, 2],
    [0, 3],
  ] as const) {
    it(`with ${min}–${max} decimals`, () => {
      for (const value of values) {
        expect(groupDigits(value, min, max), `${value}`).toBe(intlNumber(value, min, max));
      }
    });
  }

  it('matches on a sweep of amounts in kobo', () => {
    for (let kobo = 0; kobo < 2_000_000; kobo += 997) {
      const naira = kobo / 100;
      expect(groupDigits(naira, 0, 2)).toBe(intlNumber(naira, 0, 2));
      expect(groupDigits(naira)).toBe(intlNumber(naira, 0, 0));
    }
  });

  it('writes no minus sign on a value that rounds to zero (Intl writes -0)', () => {
    expect(groupDigits(-0.004, 2)).toBe('0.00');
    expect(groupDigits(-0.4)).toBe('0');
  });

  it('writes nothing odd for what is not a number', () => {
    expect(groupDigits(Number.NaN)).toBe('0');
    expect(groupDigits(Number.POSITIVE_INFINITY)).toBe('0');
  });
});

describe('calendar dates are written as en-GB writes them', () => {
  const days: string[] = [];
  // Every day of a leap year and the next: each month's name and each weekday.
  for (let time = Date.UTC(2028, 0, 1); time < Date.UTC(2030, 0, 1); time += 86_400_000) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }

  it('in a sentence and in full', () => {
    const short = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    const full = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    });
    for (const day of days) {
      const noon = new Date(`${day}T12:00:00Z`);
      expect(describeLagosDay(day)).toBe(short.format(noon).replace(',', ''));
      expect(describeLagosDayInFull(day)).toBe(full.format(noon));
    }
  });

  it('reads only a calendar date', () => {
    expect(calendarParts('2026-11-27')).toMatchObject({ year: 2026, day: 27, monthShort: 'Nov' });
    expect(calendarParts('27/11/2026')).toBeNull();
    // What Date.parse refused before, refused still: no 13th month, no day 0 or 32.
    for (const day of ['2026-13-01', '2026-00-10', '2026-11-00', '2026-11-32']) {
      expect(Number.isNaN(Date.parse(`${day}T00:00:00Z`)), day).toBe(true);
      expect(calendarParts(day), day).toBeNull();
    }
    expect(calendarParts('')).toBeNull();
  });
});
