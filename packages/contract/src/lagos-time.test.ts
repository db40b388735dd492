import { describe, expect, it } from 'vitest';
import {
  addLagosDays,
  addLagosMonths,
  describeLagosDayInFull,
  isLagosDay,
  isoToLagosInput,
  lagosClockTime,
  lagosDay,
  lagosDayStart,
  lagosDaysBetween,
  lagosInputToIso,
  lagosMidnightEnding,
  nextLagosMidnight,
} from './lagos-time.ts';

describe('Lagos days', () => {
  it('adds calendar months in Lagos time, ending short months on their last day', () => {
    // 31 Mar 2026 23:30 Lagos (22:30 UTC) + 1 month: 30 Apr 23:30 Lagos.
    expect(addLagosMonths(new Date('2026-03-31T22:30:00Z'), 1).toISOString()).toBe(
      '2026-04-30T22:30:00.000Z',
    );
    // 31 Dec 2026 00:30 Lagos is still 30 Dec in UTC: + 2 months is 28 Feb 2027 00:30 Lagos.
    expect(addLagosMonths(new Date('2026-12-30T23:30:00Z'), 2).toISOString()).toBe(
      '2027-02-27T23:30:00.000Z',
    );
    expect(addLagosMonths(new Date('2026-11-27T10:00:00Z'), 60).toISOString()).toBe(
      '2031-11-27T10:00:00.000Z',
    );
    expect(addLagosMonths(new Date('2028-02-29T12:00:00Z'), 12).toISOString()).toBe(
      '2029-02-28T12:00:00.000Z',
    );
  });

  it('23:30 UTC is already tomorrow in Lagos, 22:59 UTC is still today', () => {
    expect(lagosDay(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
    expect(lagosDay(new Date('2026-03-01T22:59:59Z'))).toBe('2026-03-01');
    expect(lagosDay(new Date('2026-03-01T23:00:00Z'))).toBe('2026-03-02');
  });

  it('a Lagos day starts at 23:00 UTC the evening before; the next midnight follows from any instant', () => {
    expect(lagosDayStart('2026-03-02').toISOString()).toBe('2026-03-01T23:00:00.000Z');
    expect(nextLagosMidnight(new Date('2026-03-01T23:30:00Z')).toISOString()).toBe(
      '2026-03-02T23:00:00.000Z',
    );
    expect(nextLagosMidnight(new Date('2026-03-01T12:00:00Z')).toISOString()).toBe(
      '2026-03-01T23:00:00.000Z',
    );
  });

  it('counts days across month and year ends and leap days', () => {
    expect(addLagosDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addLagosDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(lagosDaysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(lagosDaysBetween('2026-01-02', '2026-01-01')).toBe(-1);
  });

  it('a run of 3 days from 1 March ends at the Lagos midnight starting 4 March', () => {
    expect(lagosMidnightEnding('2026-03-01', 3).toISOString()).toBe('2026-03-03T23:00:00.000Z');
  });

  it('recognises real dates only', () => {
    expect(isLagosDay('2026-02-28')).toBe(true);
    expect(isLagosDay('2026-02-30')).toBe(false);
    expect(isLagosDay('2026-2-3')).toBe(false);
  });

  it('shows wall-clock time in Lagos', () => {
    expect(lagosClockTime(new Date('2026-03-01T19:45:00Z'))).toBe('20:45');
  });
});

describe('Lagos datetime-local values', () => {
  it('sends a typed Lagos time with its +01:00 offset', () => {
    expect(lagosInputToIso('2025-03-01T18:00')).toBe('2025-03-01T18:00:00+01:00');
    expect(lagosInputToIso('')).toBe('');
  });

  it('shows a stored instant in Lagos time, across midnight', () => {
    expect(isoToLagosInput('2025-03-01T23:30:00.000Z')).toBe('2025-03-02T00:30');
    expect(isoToLagosInput('2025-03-01T18:00:00+01:00')).toBe('2025-03-01T18:00');
    expect(isoToLagosInput(null)).toBe('');
    expect(isoToLagosInput('not a date')).toBe('');
  });
});

describe('a Lagos day in words', () => {
  it('writes the weekday and month in full, on the calendar day given', () => {
    expect(describeLagosDayInFull('2026-11-27')).toBe('Friday 27 November');
    expect(describeLagosDayInFull('2027-01-01')).toBe('Friday 1 January');
  });
});
