import type { ItemKind, ToSettleResponse } from '@cashtips/contract/matches';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_PAGE_SIZE, adminKeys, queryString, retryUnlessClientError } from './admin-query.ts';

export interface ToSettleParams {
  kind: ItemKind | '';
  page: number;
}

/** GET /api/admin/to-settle?kind=&page=&limit=: items pending 2 hours after their last kickoff, oldest first. */
export function getToSettle({ kind, page }: ToSettleParams, signal?: AbortSignal): Promise<ToSettleResponse> {
  return api.get<ToSettleResponse>(`/admin/to-settle${queryString({ kind, page, limit: ADMIN_PAGE_SIZE })}`, {
    signal,
  });
}

export const toSettleQueryOptions = (params: ToSettleParams) =>
  queryOptions({
    queryKey: adminKeys.toSettleList(params),
    queryFn: ({ signal }) => getToSettle(params, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useToSettle(params: ToSettleParams) {
  return useQuery(toSettleQueryOptions(params));
}
