import type { VerifyOtpRequest } from '@cashtips/contract/auth';
import type { MessageResponse } from '@cashtips/contract/errors';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/verify-otp confirms the email with the emailed code. */
export function verifyOtp(body: VerifyOtpRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/verify-otp', body);
}
