import type { SettleRequest } from '@cashtips/contract/booking-codes';
import type { AdminFreeTipResponse } from '@cashtips/contract/tips';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { freeTipSaved } from './save-free-tip.ts';

/** POST /api/admin/tips/:id/settle { result, reason? } (a reason is needed to correct a result: 422). */
export function settleFreeTip(id: string, { result, reason }: SettleRequest): Promise<AdminFreeTipResponse> {
  return api.post<AdminFreeTipResponse>(`/admin/tips/${encodeURIComponent(id)}/settle`, {
    result,
    ...(reason ? { reason } : {}),
  });
}

export function useSettleFreeTip(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settlement: SettleRequest) => settleFreeTip(id, settlement),
    onSuccess: (settled) => freeTipSaved(queryClient, settled),
  });
}
