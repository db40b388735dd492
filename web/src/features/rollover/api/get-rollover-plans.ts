import type { RolloverPlan, RolloverPlanResponse } from '@cashtips/contract/rollover';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/rollover-plans: active plans, most recently updated first (public). */
export async function getRolloverPlans(signal?: AbortSignal): Promise<RolloverPlan[]> {
  const body = await api.get<RolloverPlan[]>('/rollover-plans', signal ? { signal } : undefined);
  // Spec: only plans with both a price and a duration are offered.
  return Array.isArray(body) ? body.filter((plan) => plan.price > 0 && plan.duration > 0) : [];
}

export function useRolloverPlans() {
  return useQuery({
    queryKey: queryKeys.rolloverPlans,
    queryFn: ({ signal }) => getRolloverPlans(signal),
  });
}

/** GET /api/rollover/plans/:id */
export async function getRolloverPlan(id: string, signal?: AbortSignal): Promise<RolloverPlan> {
  const body = await api.get<RolloverPlanResponse>(
    `/rollover/plans/${encodeURIComponent(id)}`,
    signal ? { signal } : undefined,
  );
  return body.plan;
}

export function useRolloverPlan(id: string) {
  return useQuery({
    queryKey: queryKeys.rolloverPlan(id),
    queryFn: ({ signal }) => getRolloverPlan(id, signal),
    enabled: id !== '',
  });
}
