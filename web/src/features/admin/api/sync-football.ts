import type { SyncNowResponse } from '@cashtips/contract/football';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';
import { adminOverviewKey } from './get-admin-overview.ts';

/**
 * POST /api/admin/football/sync: reads the followed leagues' fixtures now (today and the next 7 days)
 * instead of waiting for the daily sync. 422 when no provider is configured.
 */
export function syncFootball(): Promise<SyncNowResponse> {
  return api.post<SyncNowResponse>('/admin/football/sync');
}

export function useSyncFootball() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncFootball,
    // New fixtures, links and moved kickoffs show in every match list, the counts and the picker.
    onSettled: () => {
      for (const queryKey of [adminKeys.footballStatus(), adminKeys.matches(), adminOverviewKey]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
