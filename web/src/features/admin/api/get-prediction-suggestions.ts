import type { SuggestionsResponse } from '@cashtips/contract/predictions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ADMIN_PAGE_SIZE, adminKeys, queryString, retryUnlessClientError } from './admin-query.ts';

export interface SuggestionsParams {
  /** Kickoffs from now to this many days ahead. */
  days: number;
  /** A modelled league's name ('Premier League'), or '' for every league. */
  league: string;
  page: number;
}

/**
 * GET /api/admin/predictions/suggestions?days=&league=&page=&limit=: upcoming registered matches, soonest
 * first, each with the model's probabilities and picks (or the reason it has none), and the latest fits.
 */
export function getPredictionSuggestions(
  { days, league, page }: SuggestionsParams,
  signal?: AbortSignal,
): Promise<SuggestionsResponse> {
  return api.get<SuggestionsResponse>(
    `/admin/predictions/suggestions${queryString({ days, league, page, limit: ADMIN_PAGE_SIZE })}`,
    { signal },
  );
}

export const predictionSuggestionsQueryOptions = (params: SuggestionsParams) =>
  queryOptions({
    queryKey: adminKeys.suggestionList(params),
    queryFn: ({ signal }) => getPredictionSuggestions(params, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function usePredictionSuggestions(params: SuggestionsParams) {
  return useQuery(predictionSuggestionsQueryOptions(params));
}
