import type { PurchaseResult } from '@cashtips/contract/booking-codes';
import type { WalletType } from '@cashtips/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { setWalletBalances } from '../../../lib/wallets/get-wallet-balance.ts';

/** POST /api/booking-codes/purchase/:id */
export function purchaseBookingCode(id: string, walletType: WalletType): Promise<PurchaseResult> {
  return api.post<PurchaseResult>(`/booking-codes/purchase/${encodeURIComponent(id)}`, { walletType });
}

/**
 * Buys a code; the answer's balances replace the wallets, and every code view is fetched again. A
 * partial answer (bought, but the server could not build the code's view) reads the code again.
 */
export function usePurchaseBookingCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (walletType: WalletType) => purchaseBookingCode(id, walletType),
    onSuccess: (response) => {
      if ('code' in response) {
        setWalletBalances(queryClient, response);
        queryClient.setQueryData(queryKeys.bookingCode(id), response.code);
      } else void queryClient.invalidateQueries({ queryKey: queryKeys.bookingCode(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bookingCodes });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallets });
    },
    onError: () => {
      // Sold out, already bought or expired meanwhile: show the code as it is now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.bookingCode(id) });
    },
  });
}
