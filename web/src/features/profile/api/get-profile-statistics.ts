import type { ProfileStatistics } from '@cashtips/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';

/** GET /api/users/me/statistics: the profile's figures over everything the user ever bought. */
export function getProfileStatistics(signal?: AbortSignal): Promise<ProfileStatistics> {
  return api.get<ProfileStatistics>('/users/me/statistics', signal ? { signal } : undefined);
}

/** Read afresh on every visit: purchases and results elsewhere in the app change these figures. */
export function useProfileStatistics() {
  return useQuery({
    queryKey: accountKeys.statistics,
    queryFn: ({ signal }) => getProfileStatistics(signal),
    staleTime: 0,
  });
}
