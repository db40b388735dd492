import type { DashboardStats } from '@cashtips/contract/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/*
 * The dashboard's figures, one request for every widget that shows them. Lives in lib, not in a
 * feature, because the dashboard's own widgets and the rollover feature's plans widget (and any
 * profile statistics) read the same answer, and features do not import each other.
 */

/** GET /api/users/dashboard-stats: every figure computed by the server from the user's own rows. */
export function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return api.get<DashboardStats>('/users/dashboard-stats', signal ? { signal } : undefined);
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dashboardStats,
    queryFn: ({ signal }) => getDashboardStats(signal),
    // Purchases, subscriptions and results elsewhere in the app change these figures without telling
    // this cache (the live `activity` event is only heard where activity is shown), so every visit to
    // the dashboard asks again, showing the figures it has meanwhile.
    staleTime: 0,
  });

/**
 * The figures; `undefined` while loading, `null` once the load has failed (spec: a failed load is
 * not shown as an error, the widgets show empty values).
 */
export function useDashboardStats(): DashboardStats | null | undefined {
  const query = useQuery(dashboardStatsQueryOptions());
  if (query.data) return query.data;
  return query.isError ? null : undefined;
}
