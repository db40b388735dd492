import type { MessageResponse } from '@cashtips/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';

/** DELETE /api/admin/tips/:id */
export function deleteFreeTip(id: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/admin/tips/${encodeURIComponent(id)}`);
}

export function useDeleteFreeTip(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteFreeTip(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: adminKeys.freeTip(id) });
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.freeTips(), 'list'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.matches() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.toSettle() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.tipRecord() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
  });
}
