import type { AdminBookingCodesResponse, CodeCategory, CodeResult } from '@cashtips/contract/booking-codes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_PAGE_SIZE, adminKeys, queryString, retryUnlessClientError } from './admin-query.ts';

export type BookingCodeStatus = 'active' | 'expired';

export interface AdminBookingCodesParams {
  category: CodeCategory | '';
  status: BookingCodeStatus | '';
  result: CodeResult | '';
  /** Matches the code, the bookmaker, a team or a league. */
  q: string;
  page: number;
}

/** GET /api/admin/booking-codes?page=&limit=&category=&result=&status=&q= */
export function getAdminBookingCodes(
  { category, status, result, q, page }: AdminBookingCodesParams,
  signal?: AbortSignal,
): Promise<AdminBookingCodesResponse> {
  return api.get<AdminBookingCodesResponse>(
    `/admin/booking-codes${queryString({ category, status, result, q, page, limit: ADMIN_PAGE_SIZE })}`,
    { signal },
  );
}

export const adminBookingCodesQueryOptions = (params: AdminBookingCodesParams) =>
  queryOptions({
    queryKey: adminKeys.bookingCodeList(params),
    queryFn: ({ signal }) => getAdminBookingCodes(params, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useAdminBookingCodes(params: AdminBookingCodesParams) {
  return useQuery(adminBookingCodesQueryOptions(params));
}
