import type {
  AdminWithdrawalResponse,
  AdminWithdrawalsResponse,
  RejectWithdrawalRequest,
} from '@cashtips/contract/payouts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';
import { adminOverviewKey } from './get-admin-overview.ts';

/** POST /api/admin/withdrawals/:id/approve: sends the transfer to the payout provider (audited). */
export function approveWithdrawal(id: string): Promise<AdminWithdrawalResponse> {
  return api.post<AdminWithdrawalResponse>(`/admin/withdrawals/${encodeURIComponent(id)}/approve`);
}

/** POST /api/admin/withdrawals/:id/reject { reason }: the money goes back; the user reads the reason (audited). */
export function rejectWithdrawal({
  id,
  ...body
}: RejectWithdrawalRequest & { id: string }): Promise<AdminWithdrawalResponse> {
  return api.post<AdminWithdrawalResponse>(`/admin/withdrawals/${encodeURIComponent(id)}/reject`, body);
}

/**
 * The row changes in place and stays, even when it no longer matches the list's status filter (an
 * approved one leaves the review queue): refetching now would drop it from under the admin's eyes. Lists
 * are refreshed when next shown; the overview's counts, the user's balances and the audit log at once.
 */
function reviewed(queryClient: QueryClient, { withdrawal }: AdminWithdrawalResponse): void {
  queryClient.setQueriesData<AdminWithdrawalsResponse>({ queryKey: adminKeys.withdrawals() }, (current) =>
    current
      ? {
          ...current,
          withdrawals: current.withdrawals.map((row) => (row._id === withdrawal._id ? withdrawal : row)),
        }
      : current,
  );
  void queryClient.invalidateQueries({ queryKey: adminKeys.withdrawals(), refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: adminOverviewKey });
  void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
}

export function useApproveWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveWithdrawal,
    onSuccess: (response) => reviewed(queryClient, response),
  });
}

export function useRejectWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectWithdrawal,
    onSuccess: (response) => reviewed(queryClient, response),
  });
}
