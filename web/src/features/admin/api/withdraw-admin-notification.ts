import type { MessageResponse } from '@cashtips/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';
import { adminNotificationKeys } from './get-admin-notifications.ts';

/** DELETE /api/admin/notifications/:id: withdraws it for everyone it went to. */
export function withdrawAdminNotification(id: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/admin/notifications/${encodeURIComponent(id)}`);
}

/** Withdraws, then the sent list and the audit log refetch. */
export function useWithdrawAdminNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawAdminNotification,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminNotificationKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
  });
}
