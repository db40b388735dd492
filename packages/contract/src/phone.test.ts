import { describe, expect, it } from 'vitest';
import { checkPhone, phoneMessages, phoneSchema } from './phone.ts';
import { registerRequestSchema } from './register.ts';

const messageFor = (input: string) => {
  const result = checkPhone(input);
  return result.ok ? undefined : result.message;
};

describe('the phone rule', () => {
  it('accepts a Nigerian mobile number and stores it as E.164 digits', () => {
    expect(phoneSchema.parse('+2348031234567')).toBe('2348031234567');
    expect(phoneSchema.parse('+234 (803) 123-4567')).toBe('2348031234567');
    // Digits alone are read as an international number, as the API has always taken them.
    expect(phoneSchema.parse('2348031234567')).toBe('2348031234567');
    expect(phoneSchema.parse('00234 803 123 4567')).toBe('2348031234567');
  });

  it('drops the trunk 0 of a national number written after its country code', () => {
    expect(phoneSchema.parse('+234 0803 123 4567')).toBe('2348031234567');
    expect(phoneSchema.parse('+44 07911 123456')).toBe('447911123456');
  });

  it('accepts numbers of other countries by their own plan', () => {
    expect(phoneSchema.parse('+1 202 555 0123')).toBe('12025550123');
    expect(phoneSchema.parse('+44 20 7946 0958')).toBe('442079460958');
  });

  it('refuses a Nigerian national number sent under another country, saying to choose the country first', () => {
    // What a Nigerian typing 0803 123 4567 while the picker shows +1 used to send.
    expect(checkPhone('+1 080 312 3456')).toEqual({
      ok: false,
      message: phoneMessages.nationalNumberFor('United States', '1'),
    });
    expect(messageFor('+1 0803 123 4567')).toBe(phoneMessages.nationalNumberFor('United States', '1'));
    expect(messageFor('+44 0803 123 4567')).toBe(phoneMessages.nationalNumberFor('United Kingdom', '44'));
  });

  it('refuses a national number without any country code', () => {
    expect(messageFor('0803 123 4567')).toBe(phoneMessages.nationalNumber);
  });

  it('refuses a country code that does not exist', () => {
    expect(messageFor('+8 031 234 5678')).toBe(phoneMessages.unknownCountryCode);
    expect(messageFor('+999 123 456 789')).toBe(phoneMessages.unknownCountryCode);
  });

  it('refuses a number its country cannot have, naming the country', () => {
    expect(messageFor('+234 803 123 456')).toBe(phoneMessages.invalidFor('Nigeria', '234'));
    // Nigerians write a 0 before their numbers, so a 0 here is no sign of a wrong country.
    expect(messageFor('+234 000 000 0000')).toBe(phoneMessages.invalidFor('Nigeria', '234'));
    expect(messageFor('+1 202')).toBe(phoneMessages.invalidFor('United States', '1'));
    expect(messageFor('+1 234 567 890 123 456')).toBe(phoneMessages.invalidFor('United States', '1'));
  });

  it('refuses text that is not a number, and an empty field', () => {
    expect(messageFor('0803abc4567')).toBe(phoneMessages.notANumber);
    expect(messageFor('')).toBe(phoneMessages.required);
    expect(messageFor('+')).toBe(phoneMessages.required);
    expect(phoneSchema.safeParse(42).error?.issues[0]?.message).toBe(phoneMessages.required);
  });

  it('is the sign-up form’s rule, reported on the phone field', () => {
    const result = registerRequestSchema.safeParse({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      phone: '+8 031 234 5678',
      password: 'Passw0rd!',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['phone'], message: phoneMessages.unknownCountryCode }),
    ]);
  });
});
