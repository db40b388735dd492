import type { AdminOverviewResponse } from '@cashtips/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, retryUnlessClientError } from './admin-query.ts';

/** The overview's key, under the admin prefix (so signing out or an admin-wide invalidation covers it). */
export const adminOverviewKey = [...adminKeys.all, 'overview'] as const;

/** GET /api/admin/overview: counts, and 90 Lagos days of sign-ups, deposits and revenue (naira), oldest first. */
export function getAdminOverview(signal?: AbortSignal): Promise<AdminOverviewResponse> {
  return api.get<AdminOverviewResponse>('/admin/overview', { signal });
}

export const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: adminOverviewKey,
    queryFn: ({ signal }) => getAdminOverview(signal),
    retry: retryUnlessClientError,
  });

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions());
}
