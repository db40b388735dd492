import type { RateMap, RatesResponse } from '@cashtips/contract/currency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

const HOUR_MS = 60 * 60 * 1000;

/** GET /api/rates: units of each currency per naira (NGN = 1), fetched and cached by our server. */
export async function getRates(signal?: AbortSignal): Promise<RateMap> {
  const response = await api.get<RatesResponse>('/rates', signal ? { signal } : undefined);
  return response.rates;
}

export const ratesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.rates,
    queryFn: ({ signal }) => getRates(signal),
    staleTime: HOUR_MS,
    gcTime: 2 * HOUR_MS,
    refetchOnWindowFocus: false,
  });

/** Rates are only needed to show another currency than naira. */
export function useRates(enabled: boolean): RateMap | undefined {
  return useQuery({ ...ratesQueryOptions(), enabled }).data;
}
