import type { ProviderStatus } from '@cashtips/contract/football';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, retryUnlessClientError } from './admin-query.ts';

/** The provider polls every minute while matches are played: the panel follows it as often. */
const REFRESH_MS = 60_000;

/**
 * GET /api/admin/football/status: the football data provider (null when none is configured), the
 * leagues it follows, its last sync and poll, the calls left, its last error, and how many registered
 * matches are linked to it, in play, and waiting for an admin.
 */
export function getFootballStatus(signal?: AbortSignal): Promise<ProviderStatus> {
  return api.get<ProviderStatus>('/admin/football/status', { signal });
}

export const footballStatusQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.footballStatus(),
    queryFn: ({ signal }) => getFootballStatus(signal),
    refetchInterval: REFRESH_MS,
    retry: retryUnlessClientError,
  });

export function useFootballStatus() {
  return useQuery(footballStatusQueryOptions());
}
