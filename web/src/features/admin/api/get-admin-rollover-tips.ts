import type { AdminRolloverTipsResponse, TipResult } from '@cashtips/contract/rollover';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_PAGE_SIZE, adminKeys, queryString, retryUnlessClientError } from './admin-query.ts';

export interface AdminRolloverTipsParams {
  planId: string;
  /** A Lagos date, YYYY-MM-DD, or '' for every day. */
  day: string;
  result: TipResult | '';
  page: number;
}

/** GET /api/admin/rollover-tips?planId=&day=&result=&page=&limit= (newest day first). */
export function getAdminRolloverTips(
  { planId, day, result, page }: AdminRolloverTipsParams,
  signal?: AbortSignal,
): Promise<AdminRolloverTipsResponse> {
  return api.get<AdminRolloverTipsResponse>(
    `/admin/rollover-tips${queryString({ planId, day, result, page, limit: ADMIN_PAGE_SIZE })}`,
    { signal },
  );
}

export const adminRolloverTipsQueryOptions = (params: AdminRolloverTipsParams) =>
  queryOptions({
    queryKey: adminKeys.rolloverTipList(params),
    queryFn: ({ signal }) => getAdminRolloverTips(params, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useAdminRolloverTips(params: AdminRolloverTipsParams) {
  return useQuery(adminRolloverTipsQueryOptions(params));
}
