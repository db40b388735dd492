import type { AdminNotificationRequest, AdminNotificationResponse } from '@cashtips/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';
import { adminNotificationKeys } from './get-admin-notifications.ts';

/**
 * POST /api/admin/notifications (201): to everyone (neither `userId` nor `planId`), to one user, or to
 * every user with a running subscription to a plan. The answer's `message` says who it went to.
 */
export function sendAdminNotification(body: AdminNotificationRequest): Promise<AdminNotificationResponse> {
  return api.post<AdminNotificationResponse>('/admin/notifications', body);
}

/** Sends, then the sent list and the audit log refetch. */
export function useSendAdminNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAdminNotification,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminNotificationKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
  });
}
