import type { CommunityResponse } from '@cashtips/contract/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/community: the community feed and this month's top referrers (opted-out people never appear). */
export function getCommunity(signal?: AbortSignal): Promise<CommunityResponse> {
  return api.get<CommunityResponse>('/community', signal ? { signal } : undefined);
}

export const communityQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.community,
    queryFn: ({ signal }) => getCommunity(signal),
  });

export function useCommunity() {
  return useQuery(communityQueryOptions());
}
