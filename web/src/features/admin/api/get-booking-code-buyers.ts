import type { CodeBuyersResponse } from '@cashtips/contract/booking-codes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, retryUnlessClientError } from './admin-query.ts';

export type CodeBuyer = CodeBuyersResponse['buyers'][number];

/** GET /api/admin/booking-codes/:id/buyers: the real buyers, who paid what from which wallet, when. */
export function getBookingCodeBuyers(id: string, signal?: AbortSignal): Promise<CodeBuyersResponse> {
  return api.get<CodeBuyersResponse>(`/admin/booking-codes/${encodeURIComponent(id)}/buyers`, { signal });
}

export const bookingCodeBuyersQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.bookingCodeBuyers(id),
    queryFn: ({ signal }) => getBookingCodeBuyers(id, signal),
    retry: retryUnlessClientError,
  });

export function useBookingCodeBuyers(id: string) {
  return useQuery(bookingCodeBuyersQueryOptions(id));
}
