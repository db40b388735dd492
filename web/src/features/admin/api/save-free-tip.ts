import type { AdminFreeTipResponse, FreeTipInput, FreeTipUpdate } from '@cashtips/contract/tips';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';

/** POST /api/admin/tips (201): its match is found (same teams, same Lagos day) or registered. */
export function createFreeTip(body: FreeTipInput): Promise<AdminFreeTipResponse> {
  return api.post<AdminFreeTipResponse>('/admin/tips', body);
}

/** PATCH /api/admin/tips/:id with only the fields that changed (retyped teams or kickoff move it to their match). */
export function updateFreeTip(id: string, body: FreeTipUpdate): Promise<AdminFreeTipResponse> {
  return api.patch<AdminFreeTipResponse>(`/admin/tips/${encodeURIComponent(id)}`, body);
}

/**
 * A saved or settled free tip replaces its cached detail; the tip lists, the matches (a tip may have
 * registered one, or been settled from one's score), the to-settle queue, the record and the audit log
 * refetch.
 */
export function freeTipSaved(queryClient: QueryClient, { tip }: AdminFreeTipResponse) {
  queryClient.setQueryData<AdminFreeTipResponse>(adminKeys.freeTip(tip._id), { success: true, tip });
  void queryClient.invalidateQueries({ queryKey: [...adminKeys.freeTips(), 'list'] });
  void queryClient.invalidateQueries({ queryKey: adminKeys.matches() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.toSettle() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.tipRecord() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
}

/** A new tip (`id: null`), or the changed fields of a posted one. */
export type SaveFreeTip = { id: null; body: FreeTipInput } | { id: string; body: FreeTipUpdate };

/** Posts a free tip when `id` is null, else edits it (an edit that changes nothing sends nothing). */
export function useSaveFreeTip(original?: AdminFreeTipResponse['tip']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: SaveFreeTip): Promise<AdminFreeTipResponse> => {
      if (save.id === null) return createFreeTip(save.body);
      // Nothing changed: nothing to send (an empty edit would only touch its update time).
      if (original && Object.keys(save.body).length === 0) return { success: true, tip: original };
      return updateFreeTip(save.id, save.body);
    },
    onSuccess: (saved) => freeTipSaved(queryClient, saved),
  });
}
