import { type CurrencyCode, convertAmount, formatMoney } from '@cashtips/contract/currency';
import { useCallback } from 'react';
import { useCurrency } from './currency-context.ts';
import { useRates } from './get-rates.ts';

export interface Money {
  /** The currency amounts are shown in now (naira until the rates for another one have arrived). */
  currency: CurrencyCode;
  /** A naira amount in the chosen currency; `signed` puts a + before credits. */
  format: (naira: number, options?: { signed?: boolean }) => string;
}

/** The one formatter of money on signed-in screens, so the currency selector changes every amount. */
export function useMoney(): Money {
  const { currency: chosen } = useCurrency();
  const rates = useRates(chosen !== 'NGN');
  const currency: CurrencyCode = chosen !== 'NGN' && rates ? chosen : 'NGN';

  const format = useCallback(
    (naira: number, options?: { signed?: boolean }) => {
      const value = currency === 'NGN' || !rates ? naira : convertAmount(naira, 'NGN', currency, rates);
      const text = formatMoney(value, currency);
      return options?.signed && value > 0 ? `+${text}` : text;
    },
    [currency, rates],
  );

  return { currency, format };
}
