import { WALLET_POLL_INTERVAL_MS } from '@cashtips/contract/wallet';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useSession } from '../session/session-context.ts';
import { useSocketEvent } from '../use-socket-event.ts';
import { setWalletBalances, walletBalanceQueryOptions } from './get-wallet-balance.ts';

/**
 * Keeps the wallet balances current while signed in, whatever screen is open: seeded from the user
 * whenever it changes, refreshed every 30 s, and replaced at once by the server's `wallet` event.
 * Mounted once, by the signed-in layout.
 */
export function useWalletSync(): void {
  const { token, user } = useSession();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (user) setWalletBalances(queryClient, user);
  }, [user, queryClient]);

  useQuery({
    ...walletBalanceQueryOptions(),
    enabled: Boolean(token),
    initialData: user ? { mainWallet: user.mainWallet, bonusWallet: user.bonusWallet } : undefined,
    refetchInterval: WALLET_POLL_INTERVAL_MS,
    // Spec: wallet fetch failures are silent; the last known balances stay on screen.
    retry: false,
  });

  const onWalletEvent = useCallback(
    (balances: { mainWallet: number; bonusWallet: number }) => setWalletBalances(queryClient, balances),
    [queryClient],
  );
  useSocketEvent('wallet', onWalletEvent);
}
