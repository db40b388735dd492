import type {
  AdminRolloverTipResponse,
  RolloverTipInput,
  RolloverTipUpdate,
} from '@cashtips/contract/rollover';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';

/** POST /api/admin/rollover-tips (201); 409 when the plan already has its daily post limit of tips that day. */
export function createRolloverTip(body: RolloverTipInput): Promise<AdminRolloverTipResponse> {
  return api.post<AdminRolloverTipResponse>('/admin/rollover-tips', body);
}

/** PATCH /api/admin/rollover-tips/:id (the plan is fixed once posted; moving day respects the post limit). */
export function updateRolloverTip(id: string, body: RolloverTipUpdate): Promise<AdminRolloverTipResponse> {
  return api.patch<AdminRolloverTipResponse>(`/admin/rollover-tips/${encodeURIComponent(id)}`, body);
}

/**
 * A saved or settled tip replaces its cached detail; the tip lists, the plans (their results and success
 * rate) and the audit log refetch.
 */
export function tipSaved(queryClient: QueryClient, { tip }: AdminRolloverTipResponse) {
  queryClient.setQueryData<AdminRolloverTipResponse>(adminKeys.rolloverTip(tip._id), { success: true, tip });
  void queryClient.invalidateQueries({ queryKey: [...adminKeys.rolloverTips(), 'list'] });
  void queryClient.invalidateQueries({ queryKey: adminKeys.rolloverPlans() });
  // Its games are on matches: their waiting items and the to-settle queue change with it.
  void queryClient.invalidateQueries({ queryKey: adminKeys.matches() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.toSettle() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
}

export type SaveRolloverTip = { id: null; body: RolloverTipInput } | { id: string; body: RolloverTipUpdate };

/** Posts a tip when `id` is null, else edits it. */
export function useSaveRolloverTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveRolloverTip) =>
      save.id === null ? createRolloverTip(save.body) : updateRolloverTip(save.id, save.body),
    onSuccess: (saved) => tipSaved(queryClient, saved),
  });
}
