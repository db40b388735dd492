import type { PaymentOptionsResponse } from '@cashtips/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/payments/options: enabled providers and the deposit and withdrawal limits; for a signed-in
 * user, the most they may deposit now within their own limits (PRODUCT 13).
 */
export function getPaymentOptions(signal?: AbortSignal): Promise<PaymentOptionsResponse> {
  return api.get<PaymentOptionsResponse>('/payments/options', signal ? { signal } : undefined);
}

export const paymentOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.paymentOptions,
    queryFn: ({ signal }) => getPaymentOptions(signal),
    staleTime: 5 * 60 * 1000,
  });

/** `fresh`: read again on each opening (the deposit form: what the user's limits leave moves). */
export function usePaymentOptions({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({ ...paymentOptionsQueryOptions(), ...(fresh && { refetchOnMount: 'always' as const }) });
}
