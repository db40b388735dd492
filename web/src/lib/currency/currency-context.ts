import type { CurrencyCode } from '@cashtips/contract/currency';
import { createContext, useContext } from 'react';

export interface CurrencySetting {
  /** The currency money is shown in; money is always kept and charged in naira. */
  currency: CurrencyCode;
  setCurrency: (currency: CurrencyCode) => void;
}

export const CurrencyContext = createContext<CurrencySetting | null>(null);

export function useCurrency(): CurrencySetting {
  const setting = useContext(CurrencyContext);
  if (!setting) throw new Error('useCurrency must be used inside <CurrencyProvider>');
  return setting;
}
