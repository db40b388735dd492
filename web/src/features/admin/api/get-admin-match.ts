import type { AdminMatchDetailResponse } from '@cashtips/contract/matches';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, retryUnlessClientError } from './admin-query.ts';

/** GET /api/admin/matches/:id: the match and every game on it, with what each was read as and settled. */
export function getAdminMatch(id: string, signal?: AbortSignal): Promise<AdminMatchDetailResponse> {
  return api.get<AdminMatchDetailResponse>(`/admin/matches/${encodeURIComponent(id)}`, { signal });
}

export const adminMatchQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.match(id),
    queryFn: ({ signal }) => getAdminMatch(id, signal),
    retry: retryUnlessClientError,
  });

export function useAdminMatch(id: string) {
  return useQuery(adminMatchQueryOptions(id));
}
