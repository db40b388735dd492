import { describe, expect, it } from 'vitest';
import { figureNumber, figuresSchema, roundedCount, siteSettingsUpdateSchema } from './site.ts';

describe('landing figures', () => {
  it('reads the number a typed figure claims, the largest when there are several', () => {
    expect(figureNumber('1,000+')).toBe(1000);
    expect(figureNumber('70%')).toBe(70);
    expect(figureNumber('73.6%')).toBe(73.6);
    expect(figureNumber('1.2k+')).toBe(1200);
    expect(figureNumber('2M users')).toBe(2_000_000);
    expect(figureNumber('500 thousand')).toBe(500_000);
    expect(figureNumber('from 10 to 1,500')).toBe(1500);
    expect(figureNumber('many')).toBeNull();
    expect(figureNumber('')).toBeNull();
  });

  it('rounds a count down to two significant figures, with a plus', () => {
    expect(roundedCount(0)).toBeNull();
    expect(roundedCount(1)).toBe('1+');
    expect(roundedCount(57)).toBe('57+');
    expect(roundedCount(100)).toBe('100+');
    expect(roundedCount(1_234)).toBe('1,200+');
    expect(roundedCount(1_299)).toBe('1,200+');
    expect(roundedCount(56_789)).toBe('56,000+');
    expect(roundedCount(1_999_999)).toBe('1,900,000+');
  });

  it('accepts an empty or null figure (measured), and refuses users or accuracy text without a number', () => {
    expect(figuresSchema.safeParse({ users: null, accuracy: '', satisfaction: null }).success).toBe(true);
    expect(
      figuresSchema.safeParse({ users: 'lots', accuracy: null, satisfaction: 'Happy' }).error?.issues,
    ).toEqual([expect.objectContaining({ path: ['users'], message: 'Include the number, e.g. 1,000+.' })]);
    expect(siteSettingsUpdateSchema.safeParse({ figures: { accuracy: 'high' } }).error?.issues).toEqual([
      expect.objectContaining({ path: ['figures', 'accuracy'], message: 'Include the number, e.g. 70%.' }),
    ]);
  });
});
