import { ACTIVITY_PAGE_SIZE, type ActivityPageResponse } from '@cashtips/contract/account';
import type { ActivityItem } from '@cashtips/contract/referrals';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { widgetLimit } from '../../../components/ui/widget.tsx';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSocketEvent } from '../../../lib/use-socket-event.ts';

/**
 * The widget always asks for the full (non-compact) count and shows fewer when compact, so switching
 * the compact view never refetches or flashes a skeleton.
 */
export const RECENT_ACTIVITY_LIMIT = widgetLimit(false);

/** GET /api/users/activity-log?limit=N: the newest N items, newest first (an array). */
export function getRecentActivity(limit: number, signal?: AbortSignal): Promise<ActivityItem[]> {
  return api.get<ActivityItem[]>(`/users/activity-log?limit=${limit}`, signal ? { signal } : undefined);
}

export function useRecentActivity(limit = RECENT_ACTIVITY_LIMIT) {
  return useQuery({
    queryKey: queryKeys.activityRecent(limit),
    queryFn: ({ signal }) => getRecentActivity(limit, signal),
    // Items added while another screen was open were not heard live (see useLiveActivity): ask on every visit.
    staleTime: 0,
  });
}

/** GET /api/users/activity?page=N: the whole history, newest first, ACTIVITY_PAGE_SIZE a page. */
export function getActivityPage(page: number, signal?: AbortSignal): Promise<ActivityPageResponse> {
  return api.get<ActivityPageResponse>(
    `/users/activity?page=${page}&limit=${ACTIVITY_PAGE_SIZE}`,
    signal ? { signal } : undefined,
  );
}

export function useActivityPage(page: number) {
  return useQuery({
    queryKey: queryKeys.activityPage(page),
    queryFn: ({ signal }) => getActivityPage(page, signal),
    // The page being left stays on screen while the next one loads, so the list does not collapse.
    placeholderData: keepPreviousData,
  });
}

/** Puts a new item at the top of every cached recent list, each kept to its own size, never twice. */
export function prependActivity(queryClient: QueryClient, item: ActivityItem): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [...queryKeys.activity, 'recent'] })) {
    const limit = query.queryKey[2];
    queryClient.setQueryData<ActivityItem[]>(query.queryKey, (cached) =>
      cached
        ? [item, ...cached.filter((existing) => existing.id !== item.id)].slice(
            0,
            typeof limit === 'number' ? limit : undefined,
          )
        : cached,
    );
  }
}

/**
 * An `activity` event (something happened to the user's money, codes or plans) tops the recent lists
 * at once; the figures and the history pages it changes are fetched again. Mounted by the screens
 * that show activity; the others ask again when they open (staleTime 0).
 */
export function useLiveActivity(): void {
  const queryClient = useQueryClient();
  useSocketEvent('activity', (item) => {
    prependActivity(queryClient, item);
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats });
    void queryClient.invalidateQueries({ queryKey: [...queryKeys.activity, 'page'] });
  });
}
