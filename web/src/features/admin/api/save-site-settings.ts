import type { SiteSettingsResponse, SiteSettingsUpdate } from '@cashtips/contract/site';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';

/** PUT /api/admin/settings (partial); 400 with field errors such as `community.telegram`. */
export function saveSiteSettings(body: SiteSettingsUpdate): Promise<SiteSettingsResponse> {
  return api.put<SiteSettingsResponse>('/admin/settings', body);
}

export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSiteSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData<SiteSettingsResponse>(adminKeys.siteSettings(), saved);
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
  });
}
