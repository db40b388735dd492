import type { PastTipsResponse } from '@cashtips/contract/tips';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/tips/past: settled and earlier free tips, newest first, with the record. */
export function getPastTips(page: number, limit: number, signal?: AbortSignal): Promise<PastTipsResponse> {
  return api.get<PastTipsResponse>(`/tips/past?page=${page}&limit=${limit}`, signal ? { signal } : undefined);
}

export function usePastTips(page: number, limit: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.pastTips(page, limit),
    queryFn: ({ signal }) => getPastTips(page, limit, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
