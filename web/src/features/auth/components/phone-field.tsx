import { PHONE_MAX_DIGITS } from '@cashtips/contract/auth';
import { memo, useId } from 'react';
import {
  buildCountryData,
  type CountryData,
  type CountryIso2,
  type CustomFlagImage,
  defaultCountries,
  PhoneInput,
  parseCountry,
} from 'react-international-phone';
import 'react-international-phone/style.css';
import './phone-field.css';
import { FieldError } from '../../../components/ui/text-field.tsx';

// Self-hosted flags: emitted as files (not inlined into JS) and never fetched from a CDN.
const flagUrls = import.meta.glob<string>('@flags/*.svg', {
  eager: true,
  query: '?no-inline',
  import: 'default',
});
const flags: CustomFlagImage[] = Object.entries(flagUrls).map(([file, src]) => ({
  iso2: file.slice(file.lastIndexOf('/') + 1, -'.svg'.length).toLowerCase(),
  src,
}));

/** Cuts a format mask so that dial code plus number never exceed PHONE_MAX_DIGITS digits. */
function clampMask(mask: string, room: number): string {
  let kept = 0;
  let end = 0;
  for (let i = 0; i < mask.length && kept < room; i++) {
    if (mask[i] === '.') kept++;
    end = i + 1;
  }
  return mask.slice(0, end);
}

const countries: CountryData[] = defaultCountries.map((data) => {
  const country = parseCountry(data);
  const room = PHONE_MAX_DIGITS - country.dialCode.length;
  const format =
    country.format === undefined
      ? '.'.repeat(Math.min(12, room))
      : typeof country.format === 'string'
        ? clampMask(country.format, room)
        : Object.fromEntries(
            Object.entries(country.format).map(([key, mask]) => [key, clampMask(mask, room)]),
          );
  return buildCountryData({ ...country, format: format as typeof country.format });
});

export const PREFERRED_COUNTRIES: CountryIso2[] = ['us', 'gb', 'ng'];
export const DEFAULT_COUNTRY: CountryIso2 = 'us';

interface PhoneFieldProps {
  value: string;
  onChange: (phone: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * Phone with country picker; the value is E.164 (`+2348012345678`), digits only, at most 15 digits.
 * Memoised: its country list is large and must not re-render on every keystroke in other fields.
 */
export const PhoneField = memo(function PhoneField({ value, onChange, error, disabled }: PhoneFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-emerald-50">
        Phone number
      </label>
      <PhoneInput
        className={`phone-field ${error ? 'phone-field-invalid' : ''}`}
        defaultCountry={DEFAULT_COUNTRY}
        preferredCountries={PREFERRED_COUNTRIES}
        countries={countries}
        flags={flags}
        value={value}
        disabled={disabled}
        onChange={(phone) => onChange(`+${phone.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS)}`)}
        inputProps={{
          id,
          name: 'phone',
          autoComplete: 'tel',
          required: true,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': errorId,
        }}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
});
