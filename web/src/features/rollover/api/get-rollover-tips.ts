import { PAGE_HEADERS } from '@cashtips/contract/booking-codes';
import type { RolloverTip } from '@cashtips/contract/rollover';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, requestWithHeaders } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/rollover/today: today's (Lagos) tips of every plan, locked unless the user subscribes. */
export async function getTodaysRolloverTips(signal?: AbortSignal): Promise<RolloverTip[]> {
  const body = await api.get<RolloverTip[]>('/rollover/today', signal ? { signal } : undefined);
  return Array.isArray(body) ? body : [];
}

export function useTodaysRolloverTips() {
  return useQuery({
    queryKey: queryKeys.rolloverToday,
    queryFn: ({ signal }) => getTodaysRolloverTips(signal),
  });
}

export const ROLLOVER_TIPS_PAGE_SIZE = 12;

export interface RolloverTipsPage {
  tips: RolloverTip[];
  totalPages: number;
}

/** GET /api/rollover/all: every recent tip, newest first, a page at a time (X-Total-Pages). */
export async function getRolloverTipsPage(page: number, signal?: AbortSignal): Promise<RolloverTipsPage> {
  const { body, headers } = await requestWithHeaders<RolloverTip[]>(
    'GET',
    `/rollover/all?page=${page}&limit=${ROLLOVER_TIPS_PAGE_SIZE}`,
    signal ? { signal } : {},
  );
  const totalPages = Number(headers.get(PAGE_HEADERS.totalPages) ?? 1);
  return {
    tips: Array.isArray(body) ? body : [],
    totalPages: Number.isFinite(totalPages) && totalPages >= 1 ? totalPages : 1,
  };
}

export function useRolloverTipsPage(page: number) {
  return useQuery({
    queryKey: queryKeys.rolloverAll(page),
    queryFn: ({ signal }) => getRolloverTipsPage(page, signal),
    placeholderData: keepPreviousData,
  });
}
