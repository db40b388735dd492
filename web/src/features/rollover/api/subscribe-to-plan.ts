import type { SubscribeResult } from '@cashtips/contract/rollover';
import type { WalletType } from '@cashtips/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { setWalletBalances } from '../../../lib/wallets/get-wallet-balance.ts';

/** POST /api/rollover-subscribe */
export function subscribeToPlan(planId: string, walletType: WalletType): Promise<SubscribeResult> {
  return api.post<SubscribeResult>('/rollover-subscribe', { planId, walletType });
}

/**
 * Subscribes; the answer's balances replace the wallets, and every rollover view (plans' slots, today's
 * tips now unlocked, the subscriptions) is fetched again, after a refusal too (full, already subscribed).
 */
export function useSubscribeToPlan(planId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.rollover });
  };
  return useMutation({
    mutationFn: (walletType: WalletType) => subscribeToPlan(planId, walletType),
    onSuccess: (response) => {
      // A partial answer (subscribed, its view not built) has no balances: the wallets are read again below.
      if ('subscription' in response) setWalletBalances(queryClient, response);
      refresh();
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallets });
    },
    onError: refresh,
  });
}
