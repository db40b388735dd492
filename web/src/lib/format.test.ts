import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatLagosDateTime,
  formatLagosTime,
  formatNaira,
  formatNairaExact,
} from './format.ts';

describe('formatNaira', () => {
  it('shows whole naira with thousands separators', () => {
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(1500)).toBe('₦1,500');
    expect(formatNaira(1234567.6)).toBe('₦1,234,568');
    expect(formatNaira(-200)).toBe('-₦200');
  });

  it('keeps the kobo of an amount paid out, and only when there are some', () => {
    expect(formatNairaExact(5000)).toBe('₦5,000');
    expect(formatNairaExact(5000.5)).toBe('₦5,000.50');
    expect(formatNairaExact(1234.567)).toBe('₦1,234.57');
    expect(formatNairaExact(-20.05)).toBe('-₦20.05');
  });
});

describe('times and dates', () => {
  // 23:30 UTC is already the next day in Lagos (UTC+1): a device on UTC would show the wrong day and hour.
  const lateKickoff = '2026-11-28T23:30:00.000Z';

  it('shows a time in Lagos time and says so, whatever the device’s zone', () => {
    expect(formatLagosTime(lateKickoff)).toBe('00:30 Lagos time');
    expect(formatDateTime(lateKickoff)).toBe('29 Nov 2026, 00:30 Lagos time');
    expect(formatLagosDateTime(lateKickoff)).toBe('29 Nov 2026, 00:30');
  });

  it('dates an instant by its Lagos day', () => {
    expect(formatDate(lateKickoff)).toBe('29 Nov 2026');
  });

  it('gives nothing for a date it cannot read', () => {
    expect(formatDateTime('soon')).toBe('');
    expect(formatLagosTime('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
