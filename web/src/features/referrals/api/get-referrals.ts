import type { ReferralsResponse } from '@cashtips/contract/referrals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/users/referrals: the user's code and link, referral figures and referred users. */
export function getReferrals(signal?: AbortSignal): Promise<ReferralsResponse> {
  return api.get<ReferralsResponse>('/users/referrals', signal ? { signal } : undefined);
}

export const referralsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.referrals,
    queryFn: ({ signal }) => getReferrals(signal),
  });

export function useReferrals() {
  return useQuery(referralsQueryOptions());
}
