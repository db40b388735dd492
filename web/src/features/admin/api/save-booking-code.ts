import type { AdminBookingCodeResponse, BookingCodeInput } from '@cashtips/contract/booking-codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';

/** POST /api/admin/booking-codes (201). */
export function createBookingCode(body: BookingCodeInput): Promise<AdminBookingCodeResponse> {
  return api.post<AdminBookingCodeResponse>('/admin/booking-codes', body);
}

/** PATCH /api/admin/booking-codes/:id with the fields of bookingCodeUpdateSchema. */
export function updateBookingCode(
  id: string,
  body: Partial<BookingCodeInput>,
): Promise<AdminBookingCodeResponse> {
  return api.patch<AdminBookingCodeResponse>(`/admin/booking-codes/${encodeURIComponent(id)}`, body);
}

/** Creates a code when `id` is null, else edits it; either way the lists and the audit log are refreshed. */
export function useSaveBookingCode(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingCodeInput) => (id ? updateBookingCode(id, body) : createBookingCode(body)),
    onSuccess: ({ code }) => {
      queryClient.setQueryData<AdminBookingCodeResponse>(adminKeys.bookingCode(code._id), {
        success: true,
        code,
      });
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.bookingCodes(), 'list'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.matches() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.toSettle() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
  });
}
