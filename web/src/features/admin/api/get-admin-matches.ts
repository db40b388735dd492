import type { AdminMatchesResponse, matchViews } from '@cashtips/contract/matches';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_PAGE_SIZE, adminKeys, queryString, retryUnlessClientError } from './admin-query.ts';

/** awaiting: kicked off over 2 hours ago, no result, games still pending (the server's default). */
export type MatchView = (typeof matchViews)[number];

export interface AdminMatchesParams {
  view: MatchView;
  /** Matches a team or the league. */
  q: string;
  /** A Lagos date, YYYY-MM-DD, or '' for every day. */
  day: string;
  page: number;
}

/** GET /api/admin/matches?view=&q=&day=&page=&limit= (awaiting and upcoming oldest first, else newest). */
export function getAdminMatches(
  { view, q, day, page }: AdminMatchesParams,
  signal?: AbortSignal,
): Promise<AdminMatchesResponse> {
  return api.get<AdminMatchesResponse>(
    `/admin/matches${queryString({ view, q, day, page, limit: ADMIN_PAGE_SIZE })}`,
    { signal },
  );
}

export const adminMatchesQueryOptions = (params: AdminMatchesParams) =>
  queryOptions({
    queryKey: adminKeys.matchList(params),
    queryFn: ({ signal }) => getAdminMatches(params, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useAdminMatches(params: AdminMatchesParams) {
  return useQuery(adminMatchesQueryOptions(params));
}
