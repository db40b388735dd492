import type {
  AdminRolloverPlanResponse,
  RolloverPlanInput,
  RolloverPlanUpdate,
} from '@cashtips/contract/rollover';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';

/** POST /api/admin/rollover-plans (201). */
export function createRolloverPlan(body: RolloverPlanInput): Promise<AdminRolloverPlanResponse> {
  return api.post<AdminRolloverPlanResponse>('/admin/rollover-plans', body);
}

/** PATCH /api/admin/rollover-plans/:id with only the fields it changes; 409 below the active subscribers. */
export function updateRolloverPlan(id: string, body: RolloverPlanUpdate): Promise<AdminRolloverPlanResponse> {
  return api.patch<AdminRolloverPlanResponse>(`/admin/rollover-plans/${encodeURIComponent(id)}`, body);
}

/** The saved plan replaces its cached detail; lists, tips (they show the plan) and the audit log refetch. */
function planSaved(queryClient: QueryClient, { plan }: AdminRolloverPlanResponse) {
  queryClient.setQueryData<AdminRolloverPlanResponse>(adminKeys.rolloverPlan(plan._id), {
    success: true,
    plan,
  });
  void queryClient.invalidateQueries({ queryKey: adminKeys.rolloverPlanList() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.rolloverTips() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
}

/** Creates a plan when `id` is null, else edits it. */
export function useSaveRolloverPlan(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RolloverPlanInput) => (id ? updateRolloverPlan(id, body) : createRolloverPlan(body)),
    onSuccess: (saved) => planSaved(queryClient, saved),
  });
}

/** Takes a plan off sale ({ active: false }; running subscriptions go on) or puts it back on sale. */
export function useSetRolloverPlanActive(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => updateRolloverPlan(id, { active }),
    onSuccess: (saved) => planSaved(queryClient, saved),
  });
}
