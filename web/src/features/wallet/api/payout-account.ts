import type {
  BanksResponse,
  PayoutAccountLookupResponse,
  PayoutAccountRequest,
  PayoutAccountResponse,
} from '@cashtips/contract/payouts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/wallet/banks: the payout provider's Nigerian banks, sorted by name (the server caches them a day). */
export function getBanks(signal?: AbortSignal): Promise<BanksResponse> {
  return api.get<BanksResponse>('/wallet/banks', signal ? { signal } : undefined);
}

export const banksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.payoutBanks,
    queryFn: ({ signal }) => getBanks(signal),
    staleTime: 60 * 60 * 1000,
  });

export function useBanks() {
  return useQuery(banksQueryOptions());
}

/** GET /api/wallet/payout-account: the account withdrawals go to (its number masked), or null. */
export function getPayoutAccount(signal?: AbortSignal): Promise<PayoutAccountResponse> {
  return api.get<PayoutAccountResponse>('/wallet/payout-account', signal ? { signal } : undefined);
}

export const payoutAccountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.payoutAccount,
    queryFn: ({ signal }) => getPayoutAccount(signal),
    staleTime: 60 * 1000,
  });

export function usePayoutAccount() {
  return useQuery(payoutAccountQueryOptions());
}

/** POST /api/wallet/payout-account/lookup: the name the bank holds for the account, for the user to confirm. */
export function lookupPayoutAccount(
  bankCode: string,
  accountNumber: string,
  signal?: AbortSignal,
): Promise<PayoutAccountLookupResponse> {
  return api.post<PayoutAccountLookupResponse>(
    '/wallet/payout-account/lookup',
    { bankCode, accountNumber },
    signal ? { signal } : undefined,
  );
}

/**
 * The account name of a complete bank and number, asked once per pair: typing the number again, or
 * choosing the same bank back, shows the answer already given. A refusal (422 not found, 429 too many
 * lookups) is not retried behind the user's back: they change the number or press Try again.
 */
export function usePayoutAccountLookup(bankCode: string, accountNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.payoutLookup(bankCode, accountNumber),
    queryFn: ({ signal }) => lookupPayoutAccount(bankCode, accountNumber, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
    refetchOnWindowFocus: false,
  });
}

/** The answer of PUT /api/wallet/payout-account; a `message` is shown when the server sends one. */
export type SavePayoutAccountResponse = PayoutAccountResponse & { message?: string };

/** PUT /api/wallet/payout-account: sets or replaces the account, confirmed by the password (and the TOTP). */
export function savePayoutAccount(body: PayoutAccountRequest): Promise<SavePayoutAccountResponse> {
  return api.put<SavePayoutAccountResponse>('/wallet/payout-account', body);
}

export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutAccount,
    onSuccess: (response) => {
      queryClient.setQueryData<PayoutAccountResponse>(queryKeys.payoutAccount, {
        success: true,
        account: response.account,
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.payoutAccount });
      void queryClient.invalidateQueries({ queryKey: queryKeys.withdrawOptions });
    },
  });
}
