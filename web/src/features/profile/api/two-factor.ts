import type {
  TwoFactorDisableRequest,
  TwoFactorEnableRequest,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
} from '@cashtips/contract/account';
import type { MessageResponse } from '@cashtips/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session-context.ts';

/** The session user with two-factor on or off, as the server just confirmed. */
function useSetTwoFactor() {
  const { user, updateUser } = useSession();
  return (enabled: boolean) => {
    if (user) updateUser({ ...user, twoFactorEnabled: enabled });
  };
}

/** POST /api/auth/2fa/setup: a new secret and its QR code; nothing changes until it is confirmed. */
export function useTwoFactorSetup() {
  return useMutation({
    mutationFn: () => api.post<TwoFactorSetupResponse>('/auth/2fa/setup'),
  });
}

/** POST /api/auth/2fa/enable: the first code from the app turns it on and brings the recovery codes. */
export function useEnableTwoFactor() {
  const setTwoFactor = useSetTwoFactor();
  return useMutation({
    mutationFn: (body: TwoFactorEnableRequest) => api.post<TwoFactorEnableResponse>('/auth/2fa/enable', body),
    onSuccess: () => setTwoFactor(true),
  });
}

/** POST /api/auth/2fa/disable: the password and a code (or a recovery code) turn it off. */
export function useDisableTwoFactor() {
  const setTwoFactor = useSetTwoFactor();
  return useMutation({
    mutationFn: (body: TwoFactorDisableRequest) => api.post<MessageResponse>('/auth/2fa/disable', body),
    onSuccess: () => setTwoFactor(false),
  });
}
