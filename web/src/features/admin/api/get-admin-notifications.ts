import type { AdminNotificationsResponse } from '@cashtips/contract/notifications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_PAGE_SIZE, adminKeys, queryString, retryUnlessClientError } from './admin-query.ts';

/** Query keys of what admins sent; sending and withdrawing invalidate `all`. */
export const adminNotificationKeys = {
  all: [...adminKeys.all, 'notifications'] as const,
  list: (params: object) => [...adminNotificationKeys.all, 'list', params] as const,
};

export interface AdminNotificationsParams {
  page: number;
}

/** GET /api/admin/notifications?page=&limit= (newest first). */
export function getAdminNotifications(
  { page }: AdminNotificationsParams,
  signal?: AbortSignal,
): Promise<AdminNotificationsResponse> {
  return api.get<AdminNotificationsResponse>(
    `/admin/notifications${queryString({ page, limit: ADMIN_PAGE_SIZE })}`,
    { signal },
  );
}

export const adminNotificationsQueryOptions = (params: AdminNotificationsParams) =>
  queryOptions({
    queryKey: adminNotificationKeys.list(params),
    queryFn: ({ signal }) => getAdminNotifications(params, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useAdminNotifications(params: AdminNotificationsParams) {
  return useQuery(adminNotificationsQueryOptions(params));
}
