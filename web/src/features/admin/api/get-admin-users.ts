import type { AdminUsersResponse } from '@cashtips/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_PAGE_SIZE, adminKeys, queryString, retryUnlessClientError } from './admin-query.ts';

export interface AdminUsersParams {
  q: string;
  page: number;
}

/** GET /api/admin/users?q=&page=&limit=: search by email, name or phone; balances in naira. */
export function getAdminUsers(
  { q, page }: AdminUsersParams,
  signal?: AbortSignal,
): Promise<AdminUsersResponse> {
  return api.get<AdminUsersResponse>(`/admin/users${queryString({ q, page, limit: ADMIN_PAGE_SIZE })}`, {
    signal,
  });
}

export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: adminKeys.userList(params),
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    // The previous page stays on screen while the next one loads, so the table never collapses.
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery(adminUsersQueryOptions(params));
}
