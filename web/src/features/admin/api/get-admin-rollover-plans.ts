import type { AdminRolloverPlansResponse } from '@cashtips/contract/rollover';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, retryUnlessClientError } from './admin-query.ts';

/** GET /api/admin/rollover-plans: every plan, on sale first, with subscribers, revenue and results. */
export function getAdminRolloverPlans(signal?: AbortSignal): Promise<AdminRolloverPlansResponse> {
  return api.get<AdminRolloverPlansResponse>('/admin/rollover-plans', { signal });
}

export const adminRolloverPlansQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.rolloverPlanList(),
    queryFn: ({ signal }) => getAdminRolloverPlans(signal),
    retry: retryUnlessClientError,
  });

export function useAdminRolloverPlans() {
  return useQuery(adminRolloverPlansQueryOptions());
}
