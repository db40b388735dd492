import type { HoldResponse } from '@cashtips/contract/football';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { holdChanged } from './hold-match.ts';

/** DELETE /api/admin/matches/:id/hold: the provider's result is recorded again (409 when not held). */
export function releaseMatch(id: string): Promise<HoldResponse> {
  return api.delete<HoldResponse>(`/admin/matches/${encodeURIComponent(id)}/hold`);
}

export function useReleaseMatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => releaseMatch(id),
    onSuccess: (answer) => holdChanged(queryClient, id, answer),
  });
}
