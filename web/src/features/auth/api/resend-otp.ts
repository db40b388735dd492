import type { ResendOtpRequest } from '@cashtips/contract/auth';
import type { MessageResponse } from '@cashtips/contract/errors';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/resend-otp mails a new verification code to an unverified account. */
export function resendOtp(body: ResendOtpRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/resend-otp', body);
}
