import type { LoginRequest, LoginResponse } from '@cashtips/contract/auth';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/login. The answer is checked by the caller: a missing token is its own error. */
export function login(body: LoginRequest): Promise<Partial<LoginResponse>> {
  return api.post<Partial<LoginResponse>>('/auth/login', body);
}
