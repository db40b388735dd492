import type { AdminBookingCodeResponse } from '@cashtips/contract/booking-codes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, retryUnlessClientError } from './admin-query.ts';

/** GET /api/admin/booking-codes/:id: the full code with its real buyers and revenue. */
export function getAdminBookingCode(id: string, signal?: AbortSignal): Promise<AdminBookingCodeResponse> {
  return api.get<AdminBookingCodeResponse>(`/admin/booking-codes/${encodeURIComponent(id)}`, { signal });
}

export const adminBookingCodeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.bookingCode(id),
    queryFn: ({ signal }) => getAdminBookingCode(id, signal),
    retry: retryUnlessClientError,
  });

export function useAdminBookingCode(id: string) {
  return useQuery(adminBookingCodeQueryOptions(id));
}
