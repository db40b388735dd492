import type { AdminDeposit, AdminDepositsResponse } from '@cashtips/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';

/** adminDepositVerifyResponseSchema (the contract exports the schema only). */
export interface AdminDepositVerifyResponse {
  success: true;
  message: string;
  deposit: AdminDeposit;
}

/** POST /api/admin/deposits/:id/verify: asks the provider and credits the wallet if it was paid. */
export function verifyDeposit(id: string): Promise<AdminDepositVerifyResponse> {
  return api.post<AdminDepositVerifyResponse>(`/admin/deposits/${encodeURIComponent(id)}/verify`);
}

export function useVerifyDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyDeposit,
    onSuccess: ({ deposit }) => {
      // The row changes in place and stays, even when it no longer matches the list's status filter:
      // refetching now would drop it, and its message with it. Lists are refreshed when next shown.
      queryClient.setQueriesData<AdminDepositsResponse>({ queryKey: adminKeys.deposits() }, (current) =>
        current
          ? { ...current, deposits: current.deposits.map((row) => (row._id === deposit._id ? deposit : row)) }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.deposits(), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
  });
}
