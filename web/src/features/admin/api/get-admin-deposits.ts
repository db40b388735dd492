import type { AdminDepositsResponse } from '@cashtips/contract/admin';
import type { DepositStatus, PaymentProvider } from '@cashtips/contract/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_PAGE_SIZE, adminKeys, queryString, retryUnlessClientError } from './admin-query.ts';

export interface AdminDepositsParams {
  status: DepositStatus | '';
  provider: PaymentProvider | '';
  /** Matches a reference or a user's email. */
  q: string;
  page: number;
}

/** GET /api/admin/deposits?status=&provider=&q=&page=&limit= */
export function getAdminDeposits(
  { status, provider, q, page }: AdminDepositsParams,
  signal?: AbortSignal,
): Promise<AdminDepositsResponse> {
  return api.get<AdminDepositsResponse>(
    `/admin/deposits${queryString({ status, provider, q, page, limit: ADMIN_PAGE_SIZE })}`,
    { signal },
  );
}

export const adminDepositsQueryOptions = (params: AdminDepositsParams) =>
  queryOptions({
    queryKey: adminKeys.depositList(params),
    queryFn: ({ signal }) => getAdminDeposits(params, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useAdminDeposits(params: AdminDepositsParams) {
  return useQuery(adminDepositsQueryOptions(params));
}
