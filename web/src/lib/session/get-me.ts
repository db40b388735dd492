import { api } from '../api-client.ts';

/** GET /api/auth/me: the answer is checked by the caller, since a malformed one also ends the session. */
export function getMe(signal?: AbortSignal): Promise<unknown> {
  return api.get<unknown>('/auth/me', signal ? { signal } : undefined);
}
