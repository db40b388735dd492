import { describe, expect, it } from 'vitest';
import { isoToLagosInput, lagosInputToIso } from './lagos-time.ts';

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
