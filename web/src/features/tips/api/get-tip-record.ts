import type { TipRecordResponse } from '@cashtips/contract/tips';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/tips/record: the free tips' record, the last 30 and 90 days, and week by week. */
export function getTipRecord(signal?: AbortSignal): Promise<TipRecordResponse> {
  return api.get<TipRecordResponse>('/tips/record', signal ? { signal } : undefined);
}

export function useTipRecord() {
  return useQuery({ queryKey: queryKeys.tipRecord, queryFn: ({ signal }) => getTipRecord(signal) });
}
