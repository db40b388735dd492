import type { AdminWithdrawalsResponse, WithdrawalStatus } from '@cashtips/contract/payouts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_PAGE_SIZE, adminKeys, queryString, retryUnlessClientError } from './admin-query.ts';

export interface AdminWithdrawalsParams {
  /** '' for every status. */
  status: WithdrawalStatus | '';
  /** One user's withdrawals (their admin page, or the queue opened from it); '' for everyone's. */
  userId: string;
  page: number;
  limit?: number;
}

/** GET /api/admin/withdrawals?status=&userId=&page=&limit= */
export function getAdminWithdrawals(
  { status, userId, page, limit = ADMIN_PAGE_SIZE }: AdminWithdrawalsParams,
  signal?: AbortSignal,
): Promise<AdminWithdrawalsResponse> {
  return api.get<AdminWithdrawalsResponse>(
    `/admin/withdrawals${queryString({ status, userId, page, limit })}`,
    { signal },
  );
}

export const adminWithdrawalsQueryOptions = (params: AdminWithdrawalsParams) =>
  queryOptions({
    queryKey: adminKeys.withdrawalList(params),
    queryFn: ({ signal }) => getAdminWithdrawals(params, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useAdminWithdrawals(params: AdminWithdrawalsParams) {
  return useQuery(adminWithdrawalsQueryOptions(params));
}
