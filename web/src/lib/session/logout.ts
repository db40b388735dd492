import type { MessageResponse } from '@cashtips/contract/errors';
import { api } from '../api-client.ts';

/** POST /api/auth/logout ends the session on the server; the bearer is read synchronously at call time. */
export function logoutRequest(): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/logout');
}
