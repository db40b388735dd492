import type {
  Withdrawal,
  WithdrawalsResponse,
  WithdrawOptionsResponse,
  WithdrawRequest,
  WithdrawResponse,
} from '@cashtips/contract/payouts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { type WalletBalances, walletBalanceQueryOptions } from '../../../lib/wallets/get-wallet-balance.ts';

export const WITHDRAWALS_PAGE_SIZE = 10;

/** GET /api/wallet/withdraw-options: whether payouts run, the minimum, the daily maximum and what is left of it. */
export function getWithdrawOptions(signal?: AbortSignal): Promise<WithdrawOptionsResponse> {
  return api.get<WithdrawOptionsResponse>('/wallet/withdraw-options', signal ? { signal } : undefined);
}

export const withdrawOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.withdrawOptions,
    queryFn: ({ signal }) => getWithdrawOptions(signal),
    staleTime: 30 * 1000,
  });

export function useWithdrawOptions() {
  return useQuery(withdrawOptionsQueryOptions());
}

export interface CreateWithdrawalInput extends WithdrawRequest {
  idempotencyKey: string;
}

/**
 * POST /api/wallet/withdraw: takes the amount out of the main wallet at once (held until paid). The same
 * `Idempotency-Key` again answers the same withdrawal, so a retry after a lost answer never takes twice.
 */
export function createWithdrawal({
  idempotencyKey,
  ...body
}: CreateWithdrawalInput): Promise<WithdrawResponse> {
  return api.post<WithdrawResponse>('/wallet/withdraw', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** The main wallet of an answer at once (the bonus wallet does not move), then everything money touches. */
function mainWalletChanged(queryClient: QueryClient, mainWallet: number): void {
  queryClient.setQueryData<WalletBalances>(walletBalanceQueryOptions().queryKey, (current) =>
    current ? { ...current, mainWallet } : current,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.wallets });
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSuccess: (response) => mainWalletChanged(queryClient, response.mainWallet),
  });
}

/** GET /api/wallet/withdrawals: the user's own, newest first. */
export function getWithdrawals(
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<WithdrawalsResponse> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  return api.get<WithdrawalsResponse>(`/wallet/withdrawals?${query}`, signal ? { signal } : undefined);
}

export const withdrawalsQueryOptions = (limit = WITHDRAWALS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: queryKeys.withdrawalPages(limit),
    queryFn: ({ pageParam, signal }) => getWithdrawals(pageParam, limit, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });

/** Pages added by Load more; all of them are refetched together when a withdrawal changes. */
export function useWithdrawals(limit = WITHDRAWALS_PAGE_SIZE) {
  return useInfiniteQuery(withdrawalsQueryOptions(limit));
}

/** Puts a withdrawal's new state into every loaded page at once (a cancel's answer, a `withdrawal` event). */
export function replaceWithdrawal(queryClient: QueryClient, withdrawal: Withdrawal): void {
  queryClient.setQueriesData<InfiniteData<WithdrawalsResponse>>(
    { queryKey: queryKeys.withdrawals },
    (current) =>
      current && {
        ...current,
        pages: current.pages.map((page) => ({
          ...page,
          withdrawals: page.withdrawals.map((row) => (row._id === withdrawal._id ? withdrawal : row)),
        })),
      },
  );
}

/** POST /api/wallet/withdrawals/:id/cancel: only while in review; the money goes back to the main wallet. */
export function cancelWithdrawal(id: string): Promise<WithdrawResponse> {
  return api.post<WithdrawResponse>(`/wallet/withdrawals/${encodeURIComponent(id)}/cancel`);
}

export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSuccess: (response) => {
      replaceWithdrawal(queryClient, response.withdrawal);
      mainWalletChanged(queryClient, response.mainWallet);
    },
  });
}
