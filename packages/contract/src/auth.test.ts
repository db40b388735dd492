import { describe, expect, it } from 'vitest';
import { isStrongPassword } from './auth.ts';
import { koboToNaira, nairaToKobo } from './money.ts';
import { registerRequestSchema } from './register.ts';

describe('password rule', () => {
  it.each([
    ['Passw0rd!', true],
    ['passw0rd!', false],
    ['PASSW0RD!', false],
    ['Password!', false],
    ['Passw0rdd', false],
    ['Pa0!', false],
  ])('%s strong: %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });
});

describe('registration', () => {
  it('trims and lower-cases the email and upper-cases the referral code', () => {
    const parsed = registerRequestSchema.parse({
      firstName: ' Ada ',
      lastName: 'Obi',
      email: '  Ada@Example.COM ',
      phone: '2348031234567',
      password: 'Passw0rd!',
      referralCode: 'ab12cd34',
    });
    expect(parsed).toMatchObject({ firstName: 'Ada', email: 'ada@example.com', referralCode: 'AB12CD34' });
  });

  it('rejects unknown fields', () => {
    const result = registerRequestSchema.safeParse({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      phone: '2348031234567',
      password: 'Passw0rd!',
      role: 'admin',
    });
    expect(result.success).toBe(false);
  });
});

describe('money', () => {
  it('converts kobo and naira exactly and refuses fractions of a kobo', () => {
    expect(koboToNaira(150_050n)).toBe(1500.5);
    expect(nairaToKobo(1500.5)).toBe(150_050n);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30n);
    expect(() => nairaToKobo(1.005)).toThrow(RangeError);
  });
});

describe('unsafe input', () => {
  const base = {
    firstName: 'Ada',
    lastName: 'Obi',
    email: 'ada@example.com',
    phone: '2348031234567',
    password: 'Passw0rd!',
  };

  it('refuses control characters and bidirectional overrides in names', () => {
    for (const firstName of ['A\u0000da', 'Ada\u202e', 'A\nda']) {
      const result = registerRequestSchema.safeParse({ ...base, firstName });
      expect(result.success, JSON.stringify(firstName)).toBe(false);
    }
  });

  it('ignores a malformed referral code instead of refusing the sign-up', () => {
    expect(
      registerRequestSchema.parse({ ...base, referralCode: 'bad code\u0000' }).referralCode,
    ).toBeUndefined();
    expect(registerRequestSchema.parse({ ...base, referralCode: 'cash-tips' }).referralCode).toBe(
      'CASH-TIPS',
    );
  });
});
