import { type CurrencyCode, isSupportedCurrency } from '@cashtips/contract/currency';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { geoQuery } from '../geo/get-geo.ts';
import { readStorage, storageKeys, writeStorage } from '../storage-keys.ts';
import { useBrowserValue } from '../use-browser-value.ts';
import { CurrencyContext, type CurrencySetting } from './currency-context.ts';

export const DEFAULT_CURRENCY: CurrencyCode = 'NGN';

function storedCurrency(): CurrencyCode | null {
  const value = readStorage(storageKeys.currency);
  return isSupportedCurrency(value) ? value : null;
}

/**
 * The display currency: the stored choice, else naira; with nothing stored, the visitor's location (asked
 * of our server once) picks it when it is a supported currency.
 */
export function CurrencyProvider({ children }: { children: ReactNode }) {
  // Naira in the server's HTML and while it hydrates; the stored choice in the render after.
  const stored = useBrowserValue(storedCurrency, null);
  const [picked, setPicked] = useState<CurrencyCode | null>(null);

  const geo = useQuery({ ...geoQuery, enabled: stored === null && picked === null });
  const detected = isSupportedCurrency(geo.data?.currency) ? geo.data.currency : null;
  useEffect(() => {
    if (stored === null && picked === null && detected) writeStorage(storageKeys.currency, detected);
  }, [stored, picked, detected]);

  const setCurrency = useCallback((next: CurrencyCode) => {
    setPicked(next);
    writeStorage(storageKeys.currency, next);
  }, []);

  const currency = picked ?? stored ?? detected ?? DEFAULT_CURRENCY;
  const value = useMemo<CurrencySetting>(() => ({ currency, setCurrency }), [currency, setCurrency]);
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}
