import type { MessageResponse } from '@cashtips/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';

/** DELETE /api/admin/rollover-plans/:id (its tips go with it); 409 once anyone has subscribed. */
export function deleteRolloverPlan(id: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/admin/rollover-plans/${encodeURIComponent(id)}`);
}

export function useDeleteRolloverPlan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteRolloverPlan(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: adminKeys.rolloverPlan(id) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.rolloverPlanList() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.rolloverTips() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
  });
}
