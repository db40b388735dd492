import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  Metadata,
  parsePhoneNumberFromString,
  parsePhoneNumberWithError,
} from 'libphonenumber-js/min';
import { z } from 'zod';

/*
 * The one phone rule (PRODUCT 4: stored as E.164 digits), for the server and the forms alike.
 * Validity is libphonenumber's (Google's metadata, maintained upstream), with its smallest metadata
 * build: this module and its metadata load only with the screens that ask for a phone (the web
 * build keeps them out of the shared contract chunk).
 */

export const PHONE_MAX_DIGITS = 15;

export const phoneMessages = {
  required: 'Phone number is required.',
  notANumber: 'Enter a valid phone number: digits only, with the country code.',
  unknownCountryCode: "That phone number's country code does not exist.",
  invalidFor: (country: string, callingCode: string) =>
    `Enter a valid phone number for ${country} (+${callingCode}).`,
  nationalNumber: 'Choose your country first: this looks like a national number (it starts with 0).',
  nationalNumberFor: (country: string, callingCode: string) =>
    `Choose your country first: this looks like a national number, not a valid number for ${country} (+${callingCode}).`,
} as const;

/** Spec: preferred phone countries us, gb, ng. */
const PREFERRED: readonly CountryCode[] = ['US', 'GB', 'NG'];

export type PhoneCheck = { ok: true; digits: string } | { ok: false; message: string };

let regionNames: Intl.DisplayNames | undefined;
const countryName = (country: CountryCode): string => {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return regionNames.of(country) ?? country;
};

/**
 * A phone number in international form (`+234 803 123 4567`, `2348031234567`, `00234…`; spaces,
 * dots, dashes and brackets allowed) checked against its country's numbering plan. Answers the
 * E.164 digits without the plus, or the message that says what is wrong. A trunk 0 after the
 * country code (`+234 0803…`, as Nigerians often write it) is dropped by the library.
 */
export function checkPhone(input: string): PhoneCheck {
  const compact = input.trim().replace(/[\s().-]/g, '');
  if (!compact || /^\+$/.test(compact)) return { ok: false, message: phoneMessages.required };
  if (!/^\+?\d+$/.test(compact)) return { ok: false, message: phoneMessages.notANumber };
  const digits = compact.replace(/^\+|^00/, '');
  // A national number with no country code at all: no country code starts with 0.
  if (/^0/.test(digits) && !compact.startsWith('00'))
    return { ok: false, message: phoneMessages.nationalNumber };
  let parsed: ReturnType<typeof parsePhoneNumberWithError>;
  try {
    parsed = parsePhoneNumberWithError(`+${digits}`);
  } catch (error) {
    // INVALID_COUNTRY: no country uses the leading digits; TOO_SHORT and the like: not a number yet.
    const reason = error instanceof Error ? error.message : '';
    return {
      ok: false,
      message: reason === 'INVALID_COUNTRY' ? phoneMessages.unknownCountryCode : phoneMessages.notANumber,
    };
  }
  if (parsed.isValid() && parsed.number.length - 1 <= PHONE_MAX_DIGITS) {
    return { ok: true, digits: parsed.number.slice(1) };
  }
  const callingCode = parsed.countryCallingCode;
  // The country the code belongs to (the main one for shared codes such as +1), for the message.
  const country = parsed.country ?? parsed.getPossibleCountries()[0] ?? countryOfCallingCode(callingCode);
  if (!country) return { ok: false, message: phoneMessages.notANumber };
  const name = countryName(country);
  const national = digits.slice(callingCode.length);
  return {
    ok: false,
    message: looksNational(national, country)
      ? phoneMessages.nationalNumberFor(name, callingCode)
      : phoneMessages.invalidFor(name, callingCode),
  };
}

/**
 * Whether digits typed after a country code look like a number written the national way, with a
 * trunk 0, under the wrong country: the country's own numbers never start with 0 after its code
 * (its trunk prefix is another digit, as +1's is 1), or the digits are a preferred country's
 * national number (0803 123 4567 under +44).
 */
function looksNational(national: string, country: CountryCode): boolean {
  if (!national.startsWith('0')) return false;
  const prefix = trunkPrefix(country);
  if (prefix !== undefined && prefix !== '0') return true;
  return PREFERRED.some((other) => parsePhoneNumberFromString(national, other)?.isValid() === true);
}

/** The digit a country writes before national numbers (0 in Nigeria, 1 in the US), if any. */
function trunkPrefix(country: CountryCode): string | undefined {
  const metadata = new Metadata();
  metadata.selectNumberingPlan(country);
  // In the library's numbering plans but not its types; should it go, the hint is not given.
  const plan = metadata.numberingPlan as { nationalPrefix?: () => string | undefined } | undefined;
  return plan?.nationalPrefix?.();
}

/**
 * A country that uses a calling code, for the message about a number too short to say which: one
 * of the product's preferred countries when it shares the code, else the first.
 */
function countryOfCallingCode(callingCode: string): CountryCode | undefined {
  const countries = getCountries().filter((country) => getCountryCallingCode(country) === callingCode);
  return countries.find((country) => PREFERRED.includes(country)) ?? countries[0];
}

/** A phone as a request gives it; the output is E.164 digits without the plus (`2348031234567`). */
export const phoneSchema = z.string({ error: phoneMessages.required }).transform((value, context) => {
  const result = checkPhone(value);
  if (result.ok) return result.digits;
  context.addIssue({ code: 'custom', message: result.message });
  return z.NEVER;
});
