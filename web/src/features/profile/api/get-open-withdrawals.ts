import { openWithdrawalStatuses, type WithdrawalsResponse } from '@cashtips/contract/payouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Open withdrawals are recent: the newest page holds any that are still in review or processing. */
const NEWEST = 20;

const isOpen = (status: string) => (openWithdrawalStatuses as readonly string[]).includes(status);

/**
 * GET /api/wallet/withdrawals, newest first: whether one is still in progress, which stops the account
 * from being closed (PRODUCT 13). Under the withdrawals key, so it refreshes whenever money moves.
 */
export const openWithdrawalsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.withdrawals, 'open'] as const,
    queryFn: ({ signal }) =>
      api.get<WithdrawalsResponse>(`/wallet/withdrawals?page=1&limit=${NEWEST}`, { signal }),
    select: (response) => response.withdrawals.filter((withdrawal) => isOpen(withdrawal.status)).length,
  });

/** How many withdrawals are in progress (undefined while loading). */
export function useOpenWithdrawalCount() {
  return useQuery(openWithdrawalsQueryOptions());
}
