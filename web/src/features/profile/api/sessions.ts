import type { RevokeOthersResponse, SessionsResponse, SessionView } from '@cashtips/contract/account';
import type { MessageResponse } from '@cashtips/contract/errors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';

/** This device first, then the most recently active. */
export function orderSessions(sessions: readonly SessionView[]): SessionView[] {
  return [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt),
  );
}

/** GET /api/auth/sessions: the signed-in user's sessions (login history). */
export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) => api.get<SessionsResponse>('/auth/sessions', { signal }),
    select: (response) => orderSessions(response.sessions),
  });
}

/** DELETE /api/auth/sessions/:id: signs that session out; it leaves the list at once. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageResponse>(`/auth/sessions/${encodeURIComponent(id)}`),
    onSuccess: (_response, id) => {
      queryClient.setQueryData<SessionsResponse>(accountKeys.sessions, (previous) =>
        previous
          ? { ...previous, sessions: previous.sessions.filter((session) => session._id !== id) }
          : previous,
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    },
  });
}

/** POST /api/auth/sessions/revoke-others: every session but this one. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RevokeOthersResponse>('/auth/sessions/revoke-others'),
    onSuccess: () => {
      queryClient.setQueryData<SessionsResponse>(accountKeys.sessions, (previous) =>
        previous
          ? { ...previous, sessions: previous.sessions.filter((session) => session.current) }
          : previous,
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    },
  });
}
