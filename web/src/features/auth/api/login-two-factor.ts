import type { LoginTwoFactorRequest } from '@cashtips/contract/account';
import type { LoginResponse } from '@cashtips/contract/auth';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/auth/login/2fa: the login's challenge and a code from the authenticator app (or a recovery
 * code) bring the session, as a login without two-factor does. Checked by the caller like `login`.
 */
export function loginTwoFactor(body: LoginTwoFactorRequest): Promise<Partial<LoginResponse>> {
  return api.post<Partial<LoginResponse>>('/auth/login/2fa', body);
}
