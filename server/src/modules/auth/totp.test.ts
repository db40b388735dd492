import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchingStep, otpauthUrl, timeStep, totpAt } from './totp.ts';

// RFC 6238 appendix B (SHA-1): the secret is the ASCII "12345678901234567890"; the RFC lists 8 digits,
// authenticator apps use the last 6 of the same truncated value.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors', () => {
    const vectors: [number, string][] = [
      [59, '287082'],
      [1111111109, '081804'],
      [1111111111, '050471'],
      [1234567890, '005924'],
      [2000000000, '279037'],
    ];
    for (const [seconds, code] of vectors)
      expect(totpAt(RFC_SECRET, new Date(seconds * 1000)), String(seconds)).toBe(code);
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    const secret = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 9].map((counter) => hotp(secret, counter))).toEqual([
      '755224',
      '287082',
      '359152',
      '520489',
    ]);
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });

  it('accepts one step of drift either side, and each step only after the last used one', () => {
    const now = new Date(1_800_000_000_000);
    const step = timeStep(now);
    const previous = totpAt(RFC_SECRET, new Date(now.getTime() - 30_000));
    const next = totpAt(RFC_SECRET, new Date(now.getTime() + 30_000));
    const old = totpAt(RFC_SECRET, new Date(now.getTime() - 90_000));
    expect(matchingStep(RFC_SECRET, previous, now, null)).toBe(step - 1);
    expect(matchingStep(RFC_SECRET, next, now, null)).toBe(step + 1);
    expect(matchingStep(RFC_SECRET, old, now, null)).toBeUndefined();
    expect(matchingStep(RFC_SECRET, totpAt(RFC_SECRET, now), now, step)).toBeUndefined();
    expect(matchingStep(RFC_SECRET, totpAt(RFC_SECRET, now), now, step - 1)).toBe(step);
  });

  it('writes the otpauth address apps read', () => {
    expect(otpauthUrl('JBSWY3DPEHPK3PXP', 'CashTips', 'ada@example.com')).toBe(
      'otpauth://totp/CashTips:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=CashTips&algorithm=SHA1&digits=6&period=30',
    );
  });
});
