import type { ProfileResponse } from '@cashtips/contract/account';
import type { ProfileUpdate } from '@cashtips/contract/profile-update';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session-context.ts';

/** PATCH /api/users/me: only the fields that changed; the answer's user replaces the session's. */
export function updateProfile(body: ProfileUpdate): Promise<ProfileResponse> {
  return api.patch<ProfileResponse>('/users/me', body);
}

export function useUpdateProfile() {
  const { updateUser } = useSession();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (response) => updateUser(response.user),
  });
}
