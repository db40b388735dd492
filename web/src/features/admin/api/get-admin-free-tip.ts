import type { AdminFreeTipResponse } from '@cashtips/contract/tips';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, retryUnlessClientError } from './admin-query.ts';

/** GET /api/admin/tips/:id: one free tip with its match and when it was settled. */
export function getAdminFreeTip(id: string, signal?: AbortSignal): Promise<AdminFreeTipResponse> {
  return api.get<AdminFreeTipResponse>(`/admin/tips/${encodeURIComponent(id)}`, { signal });
}

export const adminFreeTipQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.freeTip(id),
    queryFn: ({ signal }) => getAdminFreeTip(id, signal),
    retry: retryUnlessClientError,
  });

export function useAdminFreeTip(id: string) {
  return useQuery(adminFreeTipQueryOptions(id));
}
