import type { BookingCode, PurchasedCode } from '@cashtips/contract/booking-codes';
import type { LiveActivityEvent } from '@cashtips/contract/realtime';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSocketEvent } from '../../../lib/use-socket-event.ts';
import type { CodesPage } from './get-booking-codes.ts';

function withCount(code: BookingCode, event: LiveActivityEvent): BookingCode {
  if (code._id !== event.id) return code;
  return {
    ...code,
    buyerCount: event.count,
    ...(event.slotsLeft !== undefined && { slotsLeft: event.slotsLeft }),
    ...(event.soldOut !== undefined && { soldOut: event.soldOut }),
  };
}

function isCode(value: unknown): value is BookingCode {
  return typeof value === 'object' && value !== null && '_id' in value && 'buyerCount' in value;
}

function isPurchase(value: unknown): value is PurchasedCode {
  return typeof value === 'object' && value !== null && 'codeId' in value && 'code' in value;
}

/** Writes a live buyer count into every cached code view (lists, pages, detail, purchases). */
export function applyBuyerCount(queryClient: QueryClient, event: LiveActivityEvent): void {
  queryClient.setQueriesData<unknown>({ queryKey: queryKeys.bookingCodes }, (data: unknown) => {
    if (isCode(data)) return withCount(data, event);
    if (Array.isArray(data)) {
      return data.map((item: unknown) => {
        if (isPurchase(item)) return { ...item, code: withCount(item.code, event) };
        return isCode(item) ? withCount(item, event) : item;
      });
    }
    if (typeof data === 'object' && data !== null && 'codes' in data) {
      const page = data as CodesPage;
      return { ...page, codes: page.codes.map((code) => withCount(code, event)) };
    }
    return data;
  });
}

/** Live buyer counts (`live-activity` events), for visitors too: buyer counts are public. */
export function useLiveBuyerCounts(): void {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: LiveActivityEvent) => {
      if (event.type === 'bookingCode') applyBuyerCount(queryClient, event);
    },
    [queryClient],
  );
  useSocketEvent('live-activity', onEvent, { visitors: true });
}
