import type { PaymentOptionsResponse } from '@cashtips/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/payments/options: enabled providers and the deposit and withdrawal limits. */
export function getPaymentOptions(signal?: AbortSignal): Promise<PaymentOptionsResponse> {
  return api.get<PaymentOptionsResponse>('/payments/options', signal ? { signal } : undefined);
}

export const paymentOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.paymentOptions,
    queryFn: ({ signal }) => getPaymentOptions(signal),
    staleTime: 5 * 60 * 1000,
  });

export function usePaymentOptions() {
  return useQuery(paymentOptionsQueryOptions());
}
