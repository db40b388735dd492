import type {
  DepositLimitsResponse,
  DepositLimitsUpdate,
  RestrictionResponse,
  SelfExclusionRequest,
  TimeOutRequest,
} from '@cashtips/contract/protection';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session/session-context.ts';

/** The Responsible gambling tab's own data (nothing outside the profile reads it). */
export const depositLimitsKey = ['account', 'deposit-limits'] as const;

/**
 * GET /api/users/me/limits: the limits, what each still allows and any waiting raise. Read afresh on
 * each visit: what is left changes with every deposit.
 */
export function useDepositLimits() {
  return useQuery({
    queryKey: depositLimitsKey,
    queryFn: ({ signal }) => api.get<DepositLimitsResponse>('/users/me/limits', { signal }),
    select: (response) => response.limits,
    staleTime: 0,
  });
}

/** PUT /api/users/me/limits with the changed limits only; the answer replaces the cached ones. */
export function useUpdateDepositLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DepositLimitsUpdate) => api.put<DepositLimitsResponse>('/users/me/limits', body),
    onSuccess: (response) => {
      queryClient.setQueryData(depositLimitsKey, response);
      // The deposit form says what the limits leave.
      void queryClient.invalidateQueries({ queryKey: queryKeys.paymentOptions });
    },
  });
}

/**
 * The answer's restriction goes on the session's user at once: every screen (deposit, buy, subscribe)
 * reads it from there (useRestriction).
 */
function useApplyRestriction() {
  const { user, updateUser } = useSession();
  return (response: RestrictionResponse) => {
    if (user) updateUser({ ...user, restriction: response.restriction });
  };
}

/** POST /api/users/me/time-out { days }. */
export function useTakeTimeOut() {
  const applyRestriction = useApplyRestriction();
  return useMutation({
    mutationFn: (body: TimeOutRequest) => api.post<RestrictionResponse>('/users/me/time-out', body),
    onSuccess: applyRestriction,
  });
}

/** POST /api/users/me/self-exclusion { months, password }. */
export function useSelfExclude() {
  const applyRestriction = useApplyRestriction();
  return useMutation({
    mutationFn: (body: SelfExclusionRequest) =>
      api.post<RestrictionResponse>('/users/me/self-exclusion', body),
    onSuccess: applyRestriction,
  });
}
