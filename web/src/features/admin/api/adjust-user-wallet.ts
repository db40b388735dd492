import type { AdjustmentRequest, AdminUserDetailResponse } from '@cashtips/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';

/** adjustmentResponseSchema (the contract exports the schema only). */
export interface AdjustmentResponse {
  success: true;
  message: string;
  mainWallet: number;
  bonusWallet: number;
}

/**
 * POST /api/admin/users/:id/adjust { wallet, amount, reason }: `amount` is signed naira, negative debits.
 * Refused with 422 INSUFFICIENT_BALANCE when a debit exceeds the balance, 400 with field errors. The server
 * moves the money once per `Idempotency-Key`, so a retry after a lost answer cannot adjust twice.
 */
export function adjustUserWallet(
  id: string,
  body: AdjustmentRequest,
  idempotencyKey: string,
): Promise<AdjustmentResponse> {
  return api.post<AdjustmentResponse>(`/admin/users/${encodeURIComponent(id)}/adjust`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export interface AdjustVariables {
  body: AdjustmentRequest;
  idempotencyKey: string;
}

export function useAdjustUserWallet(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: AdjustVariables) => adjustUserWallet(id, body, idempotencyKey),
    onSuccess: (result) => {
      // The answer carries both balances: show them at once, then refetch the ledger and lists.
      queryClient.setQueryData<AdminUserDetailResponse>(adminKeys.user(id), (current) =>
        current
          ? {
              ...current,
              user: { ...current.user, mainWallet: result.mainWallet, bonusWallet: result.bonusWallet },
            }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
  });
}
