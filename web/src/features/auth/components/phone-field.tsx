import { PHONE_MAX_DIGITS } from '@cashtips/contract/phone';
import {
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
  memo,
  type RefObject,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  buildCountryData,
  type CountryData,
  type CountryIso2,
  type CustomFlagImage,
  defaultCountries,
  PhoneInput,
  type PhoneInputRefType,
  parseCountry,
} from 'react-international-phone';
import 'react-international-phone/style.css';
import './phone-field.css';
import { FieldError } from '../../../components/ui/text-field.tsx';
import { getGeo } from '../../../lib/geo/get-geo.ts';
import { useHydrated } from '../../../lib/use-browser-value.ts';
import { browserSettings, countryFromBrowser } from './phone-country-detection.ts';

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
/** Spec: "default us until detected"; the visitor's country, asked of our server, replaces it. */
export const DEFAULT_COUNTRY: CountryIso2 = 'us';
const knownCountries = new Set<string>(countries.map((country) => parseCountry(country).iso2));

/**
 * The phone field as the server renders it, drawn like the library's: the library's own markup holds a
 * country menu of ~240 lazily loaded flag images (which would fill the sign-up page's HTML, and a lazy
 * image in the first screen is a browser warning), and nothing can be typed or chosen before the app
 * runs anyway. The library's field takes its place in the first render after hydration.
 */
function ServerPhoneInput({
  id,
  errorId,
  invalid,
  inputRef,
  onFocus,
}: {
  id: string;
  errorId: string;
  invalid: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  /** A tap on the look-alike asks for the real field at once. */
  onFocus: () => void;
}) {
  const country = defaultCountries.map(parseCountry).find((candidate) => candidate.iso2 === DEFAULT_COUNTRY);
  const prefix = 'react-international-phone';
  return (
    <div className={`${prefix}-input-container phone-field ${invalid ? 'phone-field-invalid' : ''}`}>
      <div className={`${prefix}-country-selector`}>
        <button type="button" aria-label="Country selector" className={`${prefix}-country-selector-button`}>
          <div className={`${prefix}-country-selector-button__button-content`}>
            <img
              className={`${prefix}-flag-emoji ${prefix}-country-selector-button__flag-emoji`}
              src={flags.find((flag) => flag.iso2 === DEFAULT_COUNTRY)?.src}
              draggable={false}
              alt=""
            />
            <div className={`${prefix}-country-selector-button__dropdown-arrow`} />
          </div>
        </button>
      </div>
      <input
        ref={inputRef}
        id={id}
        type="tel"
        name="phone"
        autoComplete="tel"
        required
        readOnly
        onFocus={onFocus}
        value={`+${country?.dialCode ?? ''} `}
        className={`${prefix}-input`}
        aria-describedby={errorId}
      />
    </div>
  );
}

/**
 * Nigeria (+234) and the UK (+44) write national numbers with a trunk 0 (0801…, 07911…) that is not part
 * of the international number: one such 0 right after the dial code is dropped.
 */
const TRUNK_ZERO = /^(234|44)0/;

/** Digits only, without a trunk 0, at most PHONE_MAX_DIGITS digits, as `+<digits>`. */
export function toE164(raw: string): string {
  return `+${raw.replace(/\D/g, '').replace(TRUNK_ZERO, '$1').slice(0, PHONE_MAX_DIGITS)}`;
}

/** A pasted number in international form: `+234…` or `00234…`. */
const INTERNATIONAL = /^\s*(\+|00)/;

interface PhoneFieldProps {
  value: string;
  onChange: (phone: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** Shown and focusable but not editable; the country list is closed to changes. */
  readOnly?: boolean;
}

/**
 * Phone with country picker; the value is E.164 (`+2348012345678`), digits only, at most 15 digits.
 * Memoised: its country list is large and must not re-render on every keystroke in other fields.
 */
export const PhoneField = memo(function PhoneField({
  value,
  onChange,
  error,
  disabled,
  readOnly = false,
}: PhoneFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const inputRef = useRef<PhoneInputRefType>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  // Drawn by the browser itself (no server HTML to hydrate): the library's field at once. After
  // hydrating the server's look-alike, the library's field (a country list of ~245 options, ~1,000
  // elements) replaces it in a transition, which React renders in slices between the browser's other
  // work, instead of in the one long task of the render that follows hydration.
  const [libraryFieldAtOnce] = useState(hydrated);
  const [libraryFieldAfterHydration, setLibraryFieldAfterHydration] = useState(false);
  const lookAlikeRef = useRef<HTMLInputElement>(null);
  // Focus in the look-alike (tapped before the app ran, or while the library's field was on its way)
  // moves to the library's field when it arrives: the look-alike's input leaves the page with it, and
  // what the user types next would otherwise go nowhere.
  const focusWhenReady = useRef(false);
  const wantLibraryFieldNow = useCallback(() => {
    focusWhenReady.current = true;
    setLibraryFieldAfterHydration(true);
  }, []);
  useEffect(() => {
    if (libraryFieldAtOnce) return;
    if (lookAlikeRef.current !== null && document.activeElement === lookAlikeRef.current)
      wantLibraryFieldNow();
    else startTransition(() => setLibraryFieldAfterHydration(true));
  }, [libraryFieldAtOnce, wantLibraryFieldNow]);
  const libraryField = libraryFieldAtOnce || libraryFieldAfterHydration;
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!libraryField || !focusWhenReady.current || !input) return;
    focusWhenReady.current = false;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, [libraryField]);
  const readOnlyRef = useRef(readOnly);
  useEffect(() => {
    readOnlyRef.current = readOnly;
  }, [readOnly]);

  // The library's field starts on the country the browser's time zone or languages point to (the
  // spec's default when they name none): known at once, so a number typed before our server answers is
  // read in the right country. Our server's country (from the visitor's address) replaces it, once per
  // visit of the page and only while no number is typed; it is asked for at once, not after the field.
  const startCountry = useMemo(
    () =>
      (libraryField ? countryFromBrowser(browserSettings(), knownCountries) : undefined) ?? DEFAULT_COUNTRY,
    [libraryField],
  );
  const [serverCountry, setServerCountry] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    getGeo(controller.signal)
      .then(({ countryCode }) => countryCode?.toLowerCase())
      .catch(() => undefined)
      .then((fromServer) => {
        if (!controller.signal.aborted && fromServer && knownCountries.has(fromServer))
          setServerCountry(fromServer);
      });
    return () => controller.abort();
  }, []);
  useEffect(() => {
    const phone = inputRef.current;
    if (!libraryField || !serverCountry || !phone || readOnlyRef.current) return;
    const { country, phone: typed } = phone.state;
    const nationalDigits = typed.replace(/\D/g, '').length - country.dialCode.length;
    if (nationalDigits <= 0 && country.iso2 !== serverCountry)
      phone.setCountry(serverCountry, { focusOnInput: false });
  }, [libraryField, serverCountry]);

  const change = useCallback(
    (phone: string) => {
      if (!readOnly) onChange(toE164(phone));
    },
    [onChange, readOnly],
  );

  /**
   * Runs before the library reads the input. No dial code starts with 0, so a national number typed
   * into a field emptied of its dial code (0801…) gets the selected country's dial code back first.
   */
  const onChangeCapture = (event: ChangeEvent<HTMLDivElement>) => {
    const input = event.target as unknown as HTMLInputElement;
    const country = inputRef.current?.state.country;
    if (input.type === 'tel' && country && /^\D*0/.test(input.value)) {
      input.value = `+${country.dialCode} ${input.value.replace(/\D/g, '')}`;
    }
  };

  /**
   * The library would append pasted text to the dial code already shown (+1 +234… becomes +1 234…).
   * An international number replaces the whole value (the country follows its dial code); a national
   * one replaces an empty or fully selected national part, after the selected country's dial code.
   */
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (readOnly || !inputRef.current) return;
    const text = event.clipboardData.getData('text');
    const digits = text.replace(/\D/g, '');
    const { dialCode } = inputRef.current.state.country;
    const nationalStart = input.value.indexOf(dialCode) + dialCode.length;
    const nationalEmpty = input.value.replace(/\D/g, '').length <= dialCode.length;
    const nationalSelected =
      (input.selectionStart ?? 0) <= nationalStart + 1 && (input.selectionEnd ?? 0) >= input.value.length;
    if (!digits) {
      event.preventDefault();
    } else if (INTERNATIONAL.test(text)) {
      event.preventDefault();
      onChange(toE164(text.trim().startsWith('00') ? digits.slice(2) : digits));
    } else if (nationalEmpty || nationalSelected) {
      event.preventDefault();
      onChange(toE164(`${dialCode}${digits}`));
    }
  };

  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Escape' && target.getAttribute('role') === 'listbox') {
      // The closing list is hidden with focus inside it; give focus back to the country button.
      queueMicrotask(() =>
        wrapperRef.current?.querySelector<HTMLElement>('[aria-label="Country selector"]')?.focus(),
      );
    } else if (readOnly && (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
      // The library's undo would change a read-only number.
      event.stopPropagation();
    }
  };

  return (
    <div ref={wrapperRef} onKeyDownCapture={onKeyDownCapture} onChangeCapture={onChangeCapture}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-emerald-50">
        Phone number
      </label>
      {libraryField ? (
        <PhoneInput
          className={`phone-field ${error ? 'phone-field-invalid' : ''}`}
          defaultCountry={startCountry as CountryIso2}
          preferredCountries={PREFERRED_COUNTRIES}
          countries={countries}
          flags={flags}
          value={value}
          disabled={disabled}
          hideDropdown={readOnly}
          ref={inputRef}
          onChange={change}
          inputProps={{
            id,
            name: 'phone',
            autoComplete: 'tel',
            required: true,
            readOnly,
            onPaste,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': errorId,
          }}
        />
      ) : (
        <ServerPhoneInput
          id={id}
          errorId={errorId}
          invalid={Boolean(error)}
          inputRef={lookAlikeRef}
          onFocus={wantLibraryFieldNow}
        />
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
});
