import type { BookingCodeResponse } from '@cashtips/contract/booking-codes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/booking-codes/:id: one code, full for its buyers, masked for everyone else. */
export async function getBookingCode(id: string, signal?: AbortSignal) {
  const response = await api.get<BookingCodeResponse>(
    `/booking-codes/${encodeURIComponent(id)}`,
    signal ? { signal } : undefined,
  );
  return response.code;
}

export const bookingCodeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.bookingCode(id),
    queryFn: ({ signal }) => getBookingCode(id, signal),
    // A missing code stays missing: no retry on 404.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });

export function useBookingCode(id: string) {
  return useQuery(bookingCodeQueryOptions(id));
}
