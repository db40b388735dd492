import type { CheckCodeRequest, CheckCodeResponse } from '@cashtips/contract/bookmakers';
import { api } from '../../../lib/api-client.ts';

/** POST /api/booking-codes/check: the code's games as its bookmaker holds them now (20 checks an hour). */
export function checkCode(request: CheckCodeRequest): Promise<CheckCodeResponse> {
  return api.post('/booking-codes/check', request);
}
