import type { WalletBalancesResponse, WithdrawBonusRequest } from '@cashtips/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { setWalletBalances } from '../../../lib/wallets/get-wallet-balance.ts';

export interface WithdrawBonusInput extends WithdrawBonusRequest {
  idempotencyKey: string;
}

/** POST /api/wallet/withdraw-bonus: moves bonus to the main wallet; answers both new balances. */
export function withdrawBonus({
  idempotencyKey,
  ...body
}: WithdrawBonusInput): Promise<WalletBalancesResponse> {
  return api.post<WalletBalancesResponse>('/wallet/withdraw-bonus', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useWithdrawBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawBonus,
    onSuccess: (response) => {
      setWalletBalances(queryClient, response);
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.referrals });
    },
  });
}
