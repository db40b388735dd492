import type { WalletTransactionsResponse } from '@cashtips/contract/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const TRANSACTIONS_PAGE_SIZE = 10;

/** GET /api/wallet/transactions: the ledger history of both wallets, newest first, one page at a time. */
export function getWalletTransactions(
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<WalletTransactionsResponse> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  return api.get<WalletTransactionsResponse>(
    `/wallet/transactions?${query}`,
    signal ? { signal } : undefined,
  );
}

export const walletTransactionsQueryOptions = (page: number, limit = TRANSACTIONS_PAGE_SIZE) =>
  queryOptions({
    queryKey: queryKeys.walletTransactionsPage(page, limit),
    queryFn: ({ signal }) => getWalletTransactions(page, limit, signal),
  });

/** The previous page stays on screen while the next one loads, so the list never collapses. */
export function useWalletTransactions(page: number, limit = TRANSACTIONS_PAGE_SIZE) {
  return useQuery({ ...walletTransactionsQueryOptions(page, limit), placeholderData: keepPreviousData });
}
