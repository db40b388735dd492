import type { FreeTip } from '@cashtips/contract/tips';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/tips?type=free: today's (Lagos) free tips, public. */
export async function getFreeTips(signal?: AbortSignal): Promise<FreeTip[]> {
  const body = await api.get<FreeTip[]>('/tips?type=free', signal ? { signal } : undefined);
  return Array.isArray(body) ? body : [];
}

export function useFreeTips() {
  return useQuery({ queryKey: queryKeys.freeTips, queryFn: ({ signal }) => getFreeTips(signal) });
}
