import type { ChangePasswordRequest } from '@cashtips/contract/account';
import type { MessageResponse } from '@cashtips/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';

/** POST /api/auth/change-password: the server ends every other session and keeps this one. */
export function changePassword(body: ChangePasswordRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/change-password', body);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The other sessions are gone: the login history must not keep showing them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
