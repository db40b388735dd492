import type { RolloverSubscription } from '@cashtips/contract/rollover';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/rollover/my-subscriptions: the user's subscriptions, running ones first. */
export async function getMySubscriptions(signal?: AbortSignal): Promise<RolloverSubscription[]> {
  const body = await api.get<RolloverSubscription[]>(
    '/rollover/my-subscriptions',
    signal ? { signal } : undefined,
  );
  return Array.isArray(body) ? body : [];
}

export function useMySubscriptions() {
  return useQuery({
    queryKey: queryKeys.rolloverSubscriptions,
    queryFn: ({ signal }) => getMySubscriptions(signal),
  });
}

/** The plans the user follows now: their tips arrive unlocked. */
export function activePlanIds(subscriptions: readonly RolloverSubscription[] | undefined): Set<string> {
  return new Set((subscriptions ?? []).filter((item) => item.status === 'active').map((item) => item.planId));
}
