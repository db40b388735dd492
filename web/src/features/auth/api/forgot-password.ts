import type { ForgotPasswordRequest } from '@cashtips/contract/auth';
import type { MessageResponse } from '@cashtips/contract/errors';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/forgot-password answers the same whether or not the account exists. */
export function forgotPassword(body: ForgotPasswordRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/forgot-password', body);
}
