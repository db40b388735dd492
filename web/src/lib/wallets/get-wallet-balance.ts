import { type BalanceResponse, WALLET_POLL_INTERVAL_MS, type WalletType } from '@cashtips/contract/wallet';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';
import { useSession } from '../session/session-context.ts';

/**
 * The signed-in user's two wallets, shared by every screen that shows or spends money. Lives in lib, not in
 * a feature, because buying, subscribing and depositing (different features) all read and update it.
 */
export interface WalletBalances {
  mainWallet: number;
  bonusWallet: number;
}

/** GET /api/wallets/balance */
export async function getWalletBalance(signal?: AbortSignal): Promise<WalletBalances> {
  const response = await api.get<BalanceResponse>('/wallets/balance', signal ? { signal } : undefined);
  return { mainWallet: response.mainWallet, bonusWallet: response.bonusWallet };
}

export const walletBalanceQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.walletBalance,
    queryFn: ({ signal }) => getWalletBalance(signal),
    staleTime: WALLET_POLL_INTERVAL_MS,
  });

/** Balances as known now: the server's latest answer or event, else the signed-in user's figures. */
export function useWalletBalances(): WalletBalances {
  const { user } = useSession();
  const { data } = useQuery({
    ...walletBalanceQueryOptions(),
    initialData: user ? { mainWallet: user.mainWallet, bonusWallet: user.bonusWallet } : undefined,
  });
  return data ?? { mainWallet: 0, bonusWallet: 0 };
}

/**
 * The wallet a payment starts from (spec part 2, plan subscription): the main wallet when it covers the
 * price, else the bonus wallet when that does, else none. Every purchase and subscription offers this
 * choice first and lets the user change it before paying.
 */
export function payingWallet(price: number, balances: WalletBalances): WalletType | null {
  if (balances.mainWallet >= price) return 'main';
  if (balances.bonusWallet >= price) return 'bonus';
  return null;
}

/** Replaces the cached balances (a server answer or a `wallet` event carrying both). */
export function setWalletBalances(queryClient: QueryClient, balances: WalletBalances): void {
  queryClient.setQueryData<WalletBalances>(queryKeys.walletBalance, {
    mainWallet: balances.mainWallet,
    bonusWallet: balances.bonusWallet,
  });
}

/**
 * Lowers one wallet at once after a spend the server accepted, before the next refresh confirms it;
 * a balance never shows below 0.
 */
export function deductLocally(queryClient: QueryClient, wallet: WalletType, amount: number): void {
  queryClient.setQueryData<WalletBalances>(queryKeys.walletBalance, (current) => {
    if (!current || !Number.isFinite(amount) || amount <= 0) return current;
    const key = wallet === 'main' ? 'mainWallet' : 'bonusWallet';
    return { ...current, [key]: Math.max(0, current[key] - amount) };
  });
}
