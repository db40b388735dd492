import type { SettleRequest } from '@cashtips/contract/booking-codes';
import type { AdminRolloverTipResponse } from '@cashtips/contract/rollover';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tipSaved } from './save-rollover-tip.ts';

/** POST /api/admin/rollover-tips/:id/settle { result, reason? } (a reason is needed to correct a result). */
export function settleRolloverTip(
  id: string,
  { result, reason }: SettleRequest,
): Promise<AdminRolloverTipResponse> {
  return api.post<AdminRolloverTipResponse>(`/admin/rollover-tips/${encodeURIComponent(id)}/settle`, {
    result,
    ...(reason ? { reason } : {}),
  });
}

export function useSettleRolloverTip(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settlement: SettleRequest) => settleRolloverTip(id, settlement),
    onSuccess: (settled) => tipSaved(queryClient, settled),
  });
}
