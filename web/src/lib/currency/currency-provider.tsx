import { type CurrencyCode, isSupportedCurrency } from '@cashtips/contract/currency';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { geoQuery } from '../geo/get-geo.ts';
import { readStorage, storageKeys, writeStorage } from '../storage-keys.ts';
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
  const [stored] = useState(storedCurrency);
  const [currency, setCurrencyState] = useState<CurrencyCode>(stored ?? DEFAULT_CURRENCY);
  const chosen = useRef(stored !== null);

  const geo = useQuery({ ...geoQuery, enabled: stored === null });
  const detected = geo.data?.currency;
  useEffect(() => {
    if (chosen.current || !isSupportedCurrency(detected)) return;
    chosen.current = true;
    setCurrencyState(detected);
    writeStorage(storageKeys.currency, detected);
  }, [detected]);

  const setCurrency = useCallback((next: CurrencyCode) => {
    chosen.current = true;
    setCurrencyState(next);
    writeStorage(storageKeys.currency, next);
  }, []);

  const value = useMemo<CurrencySetting>(() => ({ currency, setCurrency }), [currency, setCurrency]);
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}
