import type { CloseAccountRequest } from '@cashtips/contract/data-rights';
import type { MessageResponse } from '@cashtips/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/users/me/delete/check: the closing's first step. The server checks the password, the
 * second factor (without spending it) and what holds the account open; nothing is closed.
 */
export function checkAccountClosing(body: CloseAccountRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/users/me/delete/check', body);
}

export function useCheckAccountClosing() {
  return useMutation({ mutationFn: checkAccountClosing });
}

/** POST /api/users/me/delete: closes the account; every session ends, this one too. */
export function closeAccount(body: CloseAccountRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/users/me/delete', body);
}

export function useCloseAccount() {
  return useMutation({ mutationFn: closeAccount });
}
