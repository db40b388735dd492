import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/booking-codes/purchased/:id (the purchase record's id). */
export function removePurchasedCode(purchaseId: string): Promise<{ success: boolean; message: string }> {
  return api.delete(`/booking-codes/purchased/${encodeURIComponent(purchaseId)}`);
}

export function useRemovePurchasedCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePurchasedCode,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.bookingCodes });
    },
  });
}
