import type { InsightsResponse } from '@cashtips/contract/predictions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/predictions/insights: the model's most probable pick on each of today's (Lagos) free-tip matches. */
export function getInsights(signal?: AbortSignal): Promise<InsightsResponse> {
  return api.get<InsightsResponse>('/predictions/insights', signal ? { signal } : undefined);
}

export const insightsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.insights,
    queryFn: ({ signal }) => getInsights(signal),
  });

export function useInsights() {
  return useQuery(insightsQueryOptions());
}
