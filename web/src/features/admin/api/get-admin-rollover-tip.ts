import type { AdminRolloverTipResponse } from '@cashtips/contract/rollover';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, retryUnlessClientError } from './admin-query.ts';

/** GET /api/admin/rollover-tips/:id: one tip, unlocked (code, predictions, note). */
export function getAdminRolloverTip(id: string, signal?: AbortSignal): Promise<AdminRolloverTipResponse> {
  return api.get<AdminRolloverTipResponse>(`/admin/rollover-tips/${encodeURIComponent(id)}`, { signal });
}

export const adminRolloverTipQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.rolloverTip(id),
    queryFn: ({ signal }) => getAdminRolloverTip(id, signal),
    retry: retryUnlessClientError,
  });

export function useAdminRolloverTip(id: string) {
  return useQuery(adminRolloverTipQueryOptions(id));
}
