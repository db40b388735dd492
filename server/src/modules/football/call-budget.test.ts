import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../integrations/football/provider.ts';
import { ManualClock } from '../../lib/clock.ts';
import { CallBudget } from './football.service.ts';

const quota = (dayRemaining: number | null, minuteRemaining: number | null = 10) => ({
  dayLimit: dayRemaining === null ? null : 100,
  dayRemaining,
  minuteLimit: 10,
  minuteRemaining,
  minuteResetSeconds: null,
});

describe('the call budget read from the provider’s quota headers', () => {
  it('lets odds spend only above a reserve kept for live scores', () => {
    const budget = new CallBudget(new ManualClock(new Date('2026-11-21T12:00:00Z')));
    budget.note(quota(40));
    expect(budget.allows(20, false)).toBe(true);
    expect(budget.spare()).toBe(30);
    budget.note(quota(12));
    expect(budget.allows(5, false)).toBe(false);
    expect(budget.allows(5, true)).toBe(true);
    expect(budget.spare()).toBe(2);
  });

  it('spreads the last calls of the day over what is left of it, and waits out a spent minute or day', () => {
    const clock = new ManualClock(new Date('2026-11-21T12:00:00Z'));
    const budget = new CallBudget(clock);
    budget.note(quota(50));
    expect(budget.nextDelayMs(60_000)).toBe(60_000);
    // 6 calls left, 12 hours to the UTC midnight reset: one round every 2 hours.
    budget.note(quota(6));
    expect(budget.nextDelayMs(60_000)).toBe(2 * 3600_000);
    budget.note(quota(50, 0));
    expect(budget.allows(1, true)).toBe(false);
    expect(budget.nextDelayMs(1000)).toBe(60_000);
    clock.advance(60_000);
    expect(budget.allows(1, true)).toBe(true);
    budget.refused(new ProviderError('quota', 'spent'));
    expect(budget.pausedUntil()?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    budget.refused(new ProviderError('rate', 'slow down', 37));
    expect(budget.pausedUntil()?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });
});
