import type { ResetPasswordRequest } from '@cashtips/contract/auth';
import type { MessageResponse } from '@cashtips/contract/errors';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/reset-password sets a new password with the emailed code. */
export function resetPassword(body: ResetPasswordRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/reset-password', body);
}
