import type { CheckCodeRequest, CheckCodeResponse } from '@cashtips/contract/bookmakers';
import { api } from '../../../lib/api-client.ts';

/** POST /api/admin/booking-codes/preview: a code's legs as its bookmaker holds them, to fill the form from. */
export function previewBookingCode(request: CheckCodeRequest): Promise<CheckCodeResponse> {
  return api.post<CheckCodeResponse>('/admin/booking-codes/preview', request);
}
