import type { MessageResponse } from '@cashtips/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';

/** DELETE /api/admin/rollover-tips/:id */
export function deleteRolloverTip(id: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/admin/rollover-tips/${encodeURIComponent(id)}`);
}

export function useDeleteRolloverTip(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteRolloverTip(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: adminKeys.rolloverTip(id) });
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.rolloverTips(), 'list'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.rolloverPlans() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
  });
}
