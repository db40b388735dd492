import { describe, expect, it } from 'vitest';
import { isWholeKobo, nairaToKobo } from './money.ts';

describe('naira amounts', () => {
  it('are whole kobo: two decimals at most, with the rounding error decimals pick up in binary', () => {
    for (const good of [0, 1, 100, 0.01, 0.3, 0.1 + 0.2, 1500.5, 10_000_000.01, -250.75]) {
      expect(isWholeKobo(good), String(good)).toBe(true);
    }
    for (const bad of [1e-9, 0.001, 1.005, 0.3000001, Number.NaN, Number.POSITIVE_INFINITY, 1e300]) {
      expect(isWholeKobo(bad), String(bad)).toBe(false);
    }
  });

  it('convert to kobo exactly, and refuse what would round (1e-9 is not 0 kobo)', () => {
    expect(nairaToKobo(0.1 + 0.2)).toBe(30n);
    expect(nairaToKobo(1500.5)).toBe(150_050n);
    expect(() => nairaToKobo(1e-9)).toThrow(RangeError);
  });
});
