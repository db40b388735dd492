import type { MatchSearchResponse } from '@cashtips/contract/matches';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, queryString, retryUnlessClientError } from './admin-query.ts';

/**
 * GET /api/admin/matches/search?q=: up to 10 registered matches not yet played (from 2 hours ago on),
 * soonest first, whose teams or league hold every word of `q`, with their provider link.
 */
export function searchMatches(q: string, signal?: AbortSignal): Promise<MatchSearchResponse> {
  return api.get<MatchSearchResponse>(`/admin/matches/search${queryString({ q })}`, { signal });
}

export const matchSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminKeys.matchSearch(q),
    queryFn: ({ signal }) => searchMatches(q, signal),
    // The last matches stay listed while the next search runs, so the list does not flicker shut.
    placeholderData: keepPreviousData,
    // Fixtures change with a sync, not by the second.
    staleTime: 30_000,
    retry: retryUnlessClientError,
  });

export function useMatchSearch(q: string, enabled: boolean) {
  return useQuery({ ...matchSearchQueryOptions(q), enabled });
}
