import type { AdminBookingCodeResponse, SettleRequest } from '@cashtips/contract/booking-codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';

/** POST /api/admin/booking-codes/:id/settle { result, reason? } (a reason is needed to correct a result). */
export function settleBookingCode(
  id: string,
  { result, reason }: SettleRequest,
): Promise<AdminBookingCodeResponse> {
  return api.post<AdminBookingCodeResponse>(`/admin/booking-codes/${encodeURIComponent(id)}/settle`, {
    result,
    ...(reason ? { reason } : {}),
  });
}

export function useSettleBookingCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settlement: SettleRequest) => settleBookingCode(id, settlement),
    onSuccess: ({ code }) => {
      queryClient.setQueryData<AdminBookingCodeResponse>(adminKeys.bookingCode(id), { success: true, code });
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.bookingCodes(), 'list'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.matches() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.toSettle() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
  });
}
