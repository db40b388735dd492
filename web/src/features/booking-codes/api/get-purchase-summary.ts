import type { PurchaseSummary } from '@cashtips/contract/booking-codes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/booking-codes/purchased/summary: My Codes figures over every purchase the user made,
 * including those taken off the list (removing a card does not undo what was bought).
 */
export function getPurchaseSummary(signal?: AbortSignal): Promise<PurchaseSummary> {
  return api.get<PurchaseSummary>('/booking-codes/purchased/summary', signal ? { signal } : undefined);
}

export const purchaseSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.purchaseSummary,
    queryFn: ({ signal }) => getPurchaseSummary(signal),
  });

export function usePurchaseSummary() {
  return useQuery(purchaseSummaryQueryOptions());
}
