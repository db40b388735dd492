import type { ClosingStatus } from '@cashtips/contract/data-rights';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/users/me/closing: whether the account can be closed now and, if not, the server's reason
 * (money in the main wallet, a withdrawal in progress, a money-back code not settled yet; PRODUCT 13).
 * Under the wallets key: it goes stale whenever money moves.
 */
export const closingStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.closingStatus,
    queryFn: ({ signal }) => api.get<ClosingStatus>('/users/me/closing', { signal }),
    select: (response) => response.refusal,
  });

/** The reason the account cannot be closed now: null when nothing is in the way, undefined while loading. */
export function useClosingRefusal() {
  return useQuery(closingStatusQueryOptions());
}
