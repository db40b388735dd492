import type { DepositRequest, DepositResponse } from '@cashtips/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { setWalletBalances } from '../../../lib/wallets/get-wallet-balance.ts';

export interface CreateDepositInput extends DepositRequest {
  idempotencyKey: string;
}

/**
 * POST /api/wallet/deposit: a pending deposit and the provider's checkout page, or a settled one. The
 * same `Idempotency-Key` again answers the same deposit, so a retry after a lost answer never makes a
 * second one (or credits twice with the test provider).
 */
export function createDeposit({ idempotencyKey, ...body }: CreateDepositInput): Promise<DepositResponse> {
  return api.post<DepositResponse>('/wallet/deposit', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** On a settled deposit the wallets take the answer's balances at once, then refresh with the history. */
export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeposit,
    onSuccess: (response) => {
      // A deposit, paid or still being paid, counts against the user's limits: what is left moved.
      void queryClient.invalidateQueries({ queryKey: queryKeys.paymentOptions });
      if (response.status !== 'success') return;
      setWalletBalances(queryClient, response);
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.referrals });
    },
  });
}
