import type { LoginRequest, LoginResponse, TwoFactorChallengeResponse } from '@cashtips/contract/auth';
import { api } from '../../../lib/api-client.ts';

/** Either answer of the login, every field unchecked: a session (token, user) or a two-factor challenge. */
export type LoginAnswer = Partial<LoginResponse & TwoFactorChallengeResponse>;

/**
 * POST /api/auth/login: a session, or, for an account with two-factor sign-in on, a challenge to answer
 * with a code (`isTwoFactorChallenge`). The answer is checked by the caller: a missing token is its own
 * error.
 */
export function login(body: LoginRequest): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/auth/login', body);
}
