import type { MessageResponse } from '@cashtips/contract/errors';
import type { RegisterRequest } from '@cashtips/contract/register';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/register creates or updates the pending account and emails an OTP. */
export function register(body: RegisterRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/register', body);
}
