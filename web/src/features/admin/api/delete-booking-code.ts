import type { MessageResponse } from '@cashtips/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';

/** DELETE /api/admin/booking-codes/:id; 409 (with the reason) when the code already has buyers. */
export function deleteBookingCode(id: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/admin/booking-codes/${encodeURIComponent(id)}`);
}

export function useDeleteBookingCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteBookingCode(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: adminKeys.bookingCode(id) });
      queryClient.removeQueries({ queryKey: adminKeys.bookingCodeBuyers(id) });
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.bookingCodes(), 'list'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
  });
}
