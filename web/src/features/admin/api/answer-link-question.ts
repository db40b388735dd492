import type { LinkAnswerResponse } from '@cashtips/contract/football';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';

export type LinkAnswer = { questionId: string } & ({ kind: 'link'; matchId: string } | { kind: 'register' });

/**
 * POST /api/admin/football/link-questions/:id/link { matchId } ("it is this match") or …/register ("it
 * is a match of its own").
 */
export function answerLinkQuestion(answer: LinkAnswer): Promise<LinkAnswerResponse> {
  const base = `/admin/football/link-questions/${encodeURIComponent(answer.questionId)}`;
  return answer.kind === 'link'
    ? api.post<LinkAnswerResponse>(`${base}/link`, { matchId: answer.matchId })
    : api.post<LinkAnswerResponse>(`${base}/register`);
}

/** After an answer: the questions, the provider's counts and the match lists are read again. */
export function useAnswerLinkQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerLinkQuestion,
    onSettled: () => {
      for (const queryKey of [adminKeys.linkQuestions(), adminKeys.footballStatus(), adminKeys.matches()])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
