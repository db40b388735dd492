import type { AdminRolloverPlanResponse } from '@cashtips/contract/rollover';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, retryUnlessClientError } from './admin-query.ts';

/** GET /api/admin/rollover-plans/:id: one plan with its figures. */
export function getAdminRolloverPlan(id: string, signal?: AbortSignal): Promise<AdminRolloverPlanResponse> {
  return api.get<AdminRolloverPlanResponse>(`/admin/rollover-plans/${encodeURIComponent(id)}`, { signal });
}

export const adminRolloverPlanQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.rolloverPlan(id),
    queryFn: ({ signal }) => getAdminRolloverPlan(id, signal),
    retry: retryUnlessClientError,
  });

export function useAdminRolloverPlan(id: string) {
  return useQuery(adminRolloverPlanQueryOptions(id));
}
