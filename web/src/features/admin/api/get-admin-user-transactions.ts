import type { PageInfo, WalletTransaction } from '@cashtips/contract/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_PAGE_SIZE, adminKeys, queryString, retryUnlessClientError } from './admin-query.ts';

/** adminUserTransactionsResponseSchema (the contract exports the schema only). */
export interface AdminUserTransactionsResponse extends PageInfo {
  success: true;
  transactions: WalletTransaction[];
}

/** GET /api/admin/users/:id/transactions?page=&limit=: the user's ledger, newest first. */
export function getAdminUserTransactions(
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<AdminUserTransactionsResponse> {
  return api.get<AdminUserTransactionsResponse>(
    `/admin/users/${encodeURIComponent(id)}/transactions${queryString({ page, limit: ADMIN_PAGE_SIZE })}`,
    { signal },
  );
}

export const adminUserTransactionsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.userTransactions(id, { page }),
    queryFn: ({ signal }) => getAdminUserTransactions(id, page, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useAdminUserTransactions(id: string, page: number) {
  return useQuery(adminUserTransactionsQueryOptions(id, page));
}
