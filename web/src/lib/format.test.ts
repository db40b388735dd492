import { describe, expect, it } from 'vitest';
import { formatNaira } from './format.ts';

describe('formatNaira', () => {
  it('shows whole naira with thousands separators', () => {
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(1500)).toBe('₦1,500');
    expect(formatNaira(1234567.6)).toBe('₦1,234,568');
    expect(formatNaira(-200)).toBe('-₦200');
  });
});
