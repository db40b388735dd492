import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';

/** The answer of the contract's `fitRequestResponseSchema`. */
export interface FitRequestResponse {
  success: true;
  message: string;
}

/** POST /api/admin/predictions/fit: queues a refit of every modelled league; the answer says so in words. */
export function requestModelFit(): Promise<FitRequestResponse> {
  return api.post<FitRequestResponse>('/admin/predictions/fit');
}

/** The refit runs as a job: the suggestions and calibration refetch now, and again when they are next opened. */
export function useRefitModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestModelFit,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.predictions() }),
  });
}
