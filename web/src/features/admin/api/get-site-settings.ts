import type { SiteSettingsResponse } from '@cashtips/contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, retryUnlessClientError } from './admin-query.ts';

/** GET /api/admin/settings: the landing page's figures and the community links. */
export function getSiteSettings(signal?: AbortSignal): Promise<SiteSettingsResponse> {
  return api.get<SiteSettingsResponse>('/admin/settings', { signal });
}

export const siteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.siteSettings(),
    queryFn: ({ signal }) => getSiteSettings(signal),
    retry: retryUnlessClientError,
  });

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}
