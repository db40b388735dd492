import type { LiveMatchesResponse } from '@cashtips/contract/football';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/matches/live: today's (Lagos) registered matches with their live state; public, and with a
 * session each match also lists the viewer's codes and tips on it (`yours`).
 */
export async function getLiveMatches(signal?: AbortSignal): Promise<LiveMatchesResponse> {
  const body = await api.get<LiveMatchesResponse>('/matches/live', signal ? { signal } : undefined);
  return { ...body, matches: Array.isArray(body?.matches) ? body.matches : [] };
}

export const liveMatchesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.liveMatches,
    queryFn: ({ signal }) => getLiveMatches(signal),
    // Scores arrive by socket; this only brings in matches registered since (a fixtures sync, an
    // admin's new tip) and catches up if the socket was down.
    refetchInterval: 5 * 60_000,
  });

export function useLiveMatches() {
  return useQuery(liveMatchesQueryOptions());
}
