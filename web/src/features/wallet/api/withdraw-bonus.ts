import type { WalletBalancesResponse, WithdrawBonusRequest } from '@cashtips/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { setWalletBalances } from '../../../lib/wallets/get-wallet-balance.ts';

/**
 * A fresh Idempotency-Key for one withdrawal: sending the same request again (a retry after a lost answer)
 * moves the money once. Not crypto.randomUUID, which pages served over plain http lack.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

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
