import type { Outcome } from '@cashtips/contract/matches';
import type { AdminFreeTipsResponse } from '@cashtips/contract/tips';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_PAGE_SIZE, adminKeys, queryString, retryUnlessClientError } from './admin-query.ts';

export interface AdminFreeTipsParams {
  result: Outcome | '';
  /** Matches a team, the league or the prediction. */
  q: string;
  page: number;
}

/** GET /api/admin/tips?result=&q=&page=&limit= (newest kickoff first). */
export function getAdminFreeTips(
  { result, q, page }: AdminFreeTipsParams,
  signal?: AbortSignal,
): Promise<AdminFreeTipsResponse> {
  return api.get<AdminFreeTipsResponse>(
    `/admin/tips${queryString({ result, q, page, limit: ADMIN_PAGE_SIZE })}`,
    { signal },
  );
}

export const adminFreeTipsQueryOptions = (params: AdminFreeTipsParams) =>
  queryOptions({
    queryKey: adminKeys.freeTipList(params),
    queryFn: ({ signal }) => getAdminFreeTips(params, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useAdminFreeTips(params: AdminFreeTipsParams) {
  return useQuery(adminFreeTipsQueryOptions(params));
}
