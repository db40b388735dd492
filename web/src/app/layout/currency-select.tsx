import { currencySymbols, isSupportedCurrency, supportedCurrencies } from '@cashtips/contract/currency';
import { useId } from 'react';
import { useUpdatePreference } from '../../features/profile/api/preferences.ts';
import { useCurrency } from '../../lib/currency/currency-context.ts';

/** The top bar's currency selector: changes how every amount is shown; money stays in naira. */
export function CurrencySelect() {
  const { currency, setCurrency } = useCurrency();
  // Signed in, the choice is also saved to the account (preferences), so it follows the user.
  const savePreference = useUpdatePreference();
  const id = useId();
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        Display currency
      </label>
      <select
        id={id}
        value={currency}
        onChange={(event) => {
          const next = event.target.value;
          if (!isSupportedCurrency(next)) return;
          setCurrency(next);
          savePreference.mutate({ key: 'currency', value: next });
        }}
        className="h-11 cursor-pointer rounded-xl [color-scheme:dark] border border-emerald-700 bg-emerald-900/60 pr-1.5 pl-2.5 text-sm font-semibold text-emerald-50 hover:border-emerald-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-lime-300/70"
      >
        {supportedCurrencies.map((code) => (
          <option key={code} value={code}>
            {currencySymbols[code]} {code}
          </option>
        ))}
      </select>
    </div>
  );
}
