import type { AdminUser, AdminUserDetailResponse } from '@cashtips/contract/admin';
import type { UserRole } from '@cashtips/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-query.ts';

/** adminUserResponseSchema (the contract exports the schema only). */
export interface AdminUserResponse {
  success: true;
  user: AdminUser;
}

/** PATCH /api/admin/users/:id { role }; 422 when an admin tries to remove their own admin role. */
export function updateUserRole(id: string, role: UserRole): Promise<AdminUserResponse> {
  return api.patch<AdminUserResponse>(`/admin/users/${encodeURIComponent(id)}`, { role });
}

export function useUpdateUserRole(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: UserRole) => updateUserRole(id, role),
    onSuccess: (result) => {
      queryClient.setQueryData<AdminUserDetailResponse>(adminKeys.user(id), (current) =>
        current ? { ...current, user: { ...current.user, ...result.user } } : current,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
  });
}
