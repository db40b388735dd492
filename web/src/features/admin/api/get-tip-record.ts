import type { TipRecordResponse } from '@cashtips/contract/tips';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, retryUnlessClientError } from './admin-query.ts';

/** GET /api/tips/record (public): the free tips' verified record, all time and over 30 and 90 days. */
export function getTipRecord(signal?: AbortSignal): Promise<TipRecordResponse> {
  return api.get<TipRecordResponse>('/tips/record', { signal });
}

export const tipRecordQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.tipRecord(),
    queryFn: ({ signal }) => getTipRecord(signal),
    retry: retryUnlessClientError,
  });

export function useTipRecord() {
  return useQuery(tipRecordQueryOptions());
}
