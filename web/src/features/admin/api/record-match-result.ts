import type {
  AdminMatchDetailResponse,
  MatchResultRequest,
  MatchResultResponse,
} from '@cashtips/contract/matches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, resultsChanged } from './admin-query.ts';

/**
 * POST /api/admin/matches/:id/result { status, homeGoals, awayGoals, reason? }: settles every game on the
 * match that is read from the score, and the items those decide. Changing a recorded result needs a reason
 * (422, field `reason`); the same result again answers `changed: false`.
 */
export function recordMatchResult(id: string, body: MatchResultRequest): Promise<MatchResultResponse> {
  return api.post<MatchResultResponse>(`/admin/matches/${encodeURIComponent(id)}/result`, body);
}

export function useRecordMatchResult(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchResultRequest) => recordMatchResult(id, body),
    onSuccess: ({ match, games }) => {
      queryClient.setQueryData<AdminMatchDetailResponse>(adminKeys.match(id), {
        success: true,
        match,
        games,
      });
      resultsChanged(queryClient);
    },
  });
}
