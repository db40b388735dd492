import type { LiveActivityEvent } from '@cashtips/contract/realtime';
import type { RolloverPlan, RolloverTip } from '@cashtips/contract/rollover';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSocketEvent } from '../../../lib/use-socket-event.ts';
import type { RolloverTipsPage } from './get-rollover-tips.ts';

type PlanFigures = Pick<RolloverPlan, '_id' | 'subscriberCount' | 'slotsLeft'>;

function withFigures<T extends PlanFigures>(plan: T, event: LiveActivityEvent): T {
  if (plan._id !== event.id) return plan;
  return {
    ...plan,
    subscriberCount: event.count,
    ...(event.slotsLeft !== undefined && { slotsLeft: event.slotsLeft }),
  };
}

const isTip = (value: unknown): value is RolloverTip =>
  typeof value === 'object' && value !== null && 'planId' in value && 'plan' in value;
const isPlan = (value: unknown): value is RolloverPlan =>
  typeof value === 'object' && value !== null && 'subscriberCount' in value && 'postLimit' in value;

function updateItem(item: unknown, event: LiveActivityEvent): unknown {
  if (isTip(item)) return { ...item, plan: withFigures(item.plan, event) };
  if (isPlan(item)) return withFigures(item, event);
  return item;
}

/** Writes a plan's live subscriber count and slots into every cached rollover view. */
export function applySubscriberCount(queryClient: QueryClient, event: LiveActivityEvent): void {
  queryClient.setQueriesData<unknown>({ queryKey: queryKeys.rollover }, (data: unknown) => {
    if (Array.isArray(data)) return data.map((item: unknown) => updateItem(item, event));
    if (typeof data === 'object' && data !== null && 'tips' in data) {
      const page = data as RolloverTipsPage;
      return { ...page, tips: page.tips.map((tip) => updateItem(tip, event) as RolloverTip) };
    }
    return updateItem(data, event);
  });
}

/** Live subscriber counts (`live-activity` events of type rolloverPlan) on the session's socket. */
export function useLiveSubscriberCounts(): void {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: LiveActivityEvent) => {
      if (event.type === 'rolloverPlan') applySubscriberCount(queryClient, event);
    },
    [queryClient],
  );
  useSocketEvent('live-activity', onEvent);
}
