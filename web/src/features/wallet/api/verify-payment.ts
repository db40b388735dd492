import type { VerifyPaymentResponse } from '@cashtips/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** How often a pending payment is checked again, and for how long before the page stops asking. */
export const VERIFY_POLL_INTERVAL_MS = 3000;
export const VERIFY_POLL_WINDOW_MS = 60_000;

/** GET /api/payments/verify/:reference: the deposit's status, confirmed with the provider by our server. */
export function verifyPayment(reference: string, signal?: AbortSignal): Promise<VerifyPaymentResponse> {
  return api.get<VerifyPaymentResponse>(
    `/payments/verify/${encodeURIComponent(reference)}`,
    signal ? { signal } : undefined,
  );
}

export const verifyPaymentQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: queryKeys.paymentVerification(reference),
    queryFn: ({ signal }) => verifyPayment(reference, signal),
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** Checks again every 3 s while the payment is pending, until `pollUntil` (a timestamp) has passed. */
export function useVerifyPayment(reference: string, pollUntil: number) {
  return useQuery({
    ...verifyPaymentQueryOptions(reference),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && Date.now() < pollUntil ? VERIFY_POLL_INTERVAL_MS : false,
  });
}
