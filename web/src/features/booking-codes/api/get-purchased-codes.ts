import type { PurchasedCode } from '@cashtips/contract/booking-codes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/booking-codes/purchased: the signed-in user's purchases, each with its full code. */
export async function getPurchasedCodes(signal?: AbortSignal): Promise<PurchasedCode[]> {
  const body = await api.get<PurchasedCode[]>('/booking-codes/purchased', signal ? { signal } : undefined);
  return Array.isArray(body) ? body : [];
}

export const purchasedCodesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.purchasedCodes,
    queryFn: ({ signal }) => getPurchasedCodes(signal),
  });

export function usePurchasedCodes() {
  return useQuery(purchasedCodesQueryOptions());
}

/** GET /api/booking/purchased: the same records, read by the purchased-code detail (/booking/:id). */
export async function getBookingPurchased(signal?: AbortSignal): Promise<PurchasedCode[]> {
  const body = await api.get<PurchasedCode[]>('/booking/purchased', signal ? { signal } : undefined);
  return Array.isArray(body) ? body : [];
}

export function useBookingPurchased() {
  return useQuery({
    queryKey: queryKeys.bookingPurchased,
    queryFn: ({ signal }) => getBookingPurchased(signal),
  });
}
