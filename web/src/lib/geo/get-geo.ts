import type { GeoResponse } from '@cashtips/contract/currency';
import { api } from '../api-client.ts';
import { visitorSpecific } from '../server-render/query-meta.ts';

/**
 * GET /api/geo: the visitor's country and currency, looked up by our server from the request's address.
 * The browser never calls a third-party location service. Plain (no TanStack import) because the
 * register page, which ships without TanStack Query, uses it too.
 */
export function getGeo(signal?: AbortSignal): Promise<GeoResponse> {
  return api.get<GeoResponse>('/geo', signal ? { signal } : undefined);
}

/**
 * Query options for the signed-in area: a location does not change during a visit. The key is spelled here,
 * not in query-keys.ts, so the register page loads nothing more for its phone country.
 */
export const geoQuery = {
  queryKey: ['geo'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getGeo(signal),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  meta: visitorSpecific,
} as const;
