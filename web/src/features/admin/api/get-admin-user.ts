import type { AdminUserDetailResponse } from '@cashtips/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, retryUnlessClientError } from './admin-query.ts';

/** GET /api/admin/users/:id: the user, who referred them, and their recent deposits. */
export function getAdminUser(id: string, signal?: AbortSignal): Promise<AdminUserDetailResponse> {
  return api.get<AdminUserDetailResponse>(`/admin/users/${encodeURIComponent(id)}`, { signal });
}

export const adminUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => getAdminUser(id, signal),
    retry: retryUnlessClientError,
  });

export function useAdminUser(id: string) {
  return useQuery(adminUserQueryOptions(id));
}
