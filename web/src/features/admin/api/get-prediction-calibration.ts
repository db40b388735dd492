import type { CalibrationResponse } from '@cashtips/contract/predictions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, retryUnlessClientError } from './admin-query.ts';

/**
 * GET /api/admin/predictions/calibration: settled model picks in buckets of posted probability against how
 * often they won, and the model's running RPS on finished matches beside the base rates'.
 */
export function getPredictionCalibration(signal?: AbortSignal): Promise<CalibrationResponse> {
  return api.get<CalibrationResponse>('/admin/predictions/calibration', { signal });
}

export const predictionCalibrationQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.calibration(),
    queryFn: ({ signal }) => getPredictionCalibration(signal),
    retry: retryUnlessClientError,
  });

export function usePredictionCalibration() {
  return useQuery(predictionCalibrationQueryOptions());
}
