import { describe, expect, it } from 'vitest';
import { bookmakerUrl } from './booking-codes.ts';
import { ownValue } from './own.ts';

describe('ownValue', () => {
  it("answers a table's own entries and nothing Object.prototype holds", () => {
    const table: Record<string, string> = { sportybet: 'https://www.sportybet.com/ng/' };
    expect(ownValue(table, 'sportybet')).toBe('https://www.sportybet.com/ng/');
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'missing'])
      expect(ownValue(table, key)).toBeUndefined();
  });

  it('gives a bookmaker named after a prototype member no link', () => {
    for (const name of ['__proto__', 'constructor', 'toString', ' Constructor '])
      expect(bookmakerUrl(name)).toBeNull();
    expect(bookmakerUrl(' Sporty Bet ')).toBe('https://www.sportybet.com/ng/');
  });
});
