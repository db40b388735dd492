import type { HoldRequest, HoldResponse } from '@cashtips/contract/football';
import type { AdminMatchDetailResponse } from '@cashtips/contract/matches';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';
import { adminOverviewKey } from './get-admin-overview.ts';

/**
 * POST /api/admin/matches/:id/hold { reason? }: no automatic result for the match until it is released
 * (409 when it is already held).
 */
export function holdMatch(id: string, { reason }: HoldRequest): Promise<HoldResponse> {
  return api.post<HoldResponse>(`/admin/matches/${encodeURIComponent(id)}/hold`, reason ? { reason } : {});
}

/**
 * After a hold or a release: the match page shows the match as it now stands (its games are unchanged),
 * and the lists, the provider's counts and the overview's "waiting for you" refetch.
 */
export function holdChanged(queryClient: QueryClient, id: string, { match }: HoldResponse): void {
  queryClient.setQueryData<AdminMatchDetailResponse>(adminKeys.match(id), (current) =>
    current ? { ...current, match } : current,
  );
  for (const queryKey of [[...adminKeys.matches(), 'list'], adminKeys.footballStatus(), adminOverviewKey]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

export function useHoldMatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HoldRequest) => holdMatch(id, body),
    onSuccess: (answer) => holdChanged(queryClient, id, answer),
  });
}
