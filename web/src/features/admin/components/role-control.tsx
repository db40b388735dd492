import type { AdminUserDetailResponse } from '@cashtips/contract/admin';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useUpdateUserRole } from '../api/update-user-role.ts';
import { RoleBadge } from './badge.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** Make a user an admin or take the role away, after a confirmation. Admins cannot demote themselves. */
export function RoleControl({ user }: { user: AdminUserDetailResponse['user'] }) {
  const { user: me } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const mutation = useUpdateUserRole(user._id);
  const promote = user.role !== 'admin';
  const isSelf = me?._id === user._id;

  const onConfirm = async () => {
    try {
      const result = await mutation.mutateAsync(promote ? 'admin' : 'user');
      setSuccess(
        result.user.role === 'admin'
          ? `${user.email} is now an admin.`
          : `${user.email} is no longer an admin.`,
      );
    } catch (caught) {
      setError(errorMessage(caught, 'The role could not be changed. Please try again.'));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section aria-labelledby="role-title" className="card p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="role-title" className="text-base font-bold text-white">
          Role
        </h2>
        <RoleBadge role={user.role} />
      </div>
      <p className="mt-1 text-sm text-emerald-100/70">
        Admins can open this area: see every user, adjust wallets and verify deposits.
      </p>
      <div className="mt-4">
        <Button
          variant="secondary"
          className="w-full"
          disabled={!promote && isSelf}
          aria-describedby={!promote && isSelf ? 'role-self-note' : undefined}
          onClick={() => {
            setError(null);
            setSuccess(null);
            setConfirming(true);
          }}
        >
          {promote ? 'Make admin' : 'Remove admin'}
        </Button>
        {!promote && isSelf && (
          <p id="role-self-note" className="mt-2 text-xs text-emerald-200/70">
            You cannot remove your own admin role; another admin can.
          </p>
        )}
        {/* Always present (live regions), spaced only when they hold a message. */}
        <div className={error ? 'mt-3' : ''}>
          <FormAlert message={error} />
        </div>
        <div className={success ? 'mt-3' : ''}>
          <FormAlert tone="success" message={success} />
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={promote ? `Make ${user.email} an admin?` : `Remove the admin role from ${user.email}?`}
        confirmLabel={promote ? 'Make admin' : 'Remove admin'}
        tone={promote ? 'primary' : 'danger'}
        busy={mutation.isPending}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
      >
        {promote
          ? 'They will see every user, adjust wallets and verify deposits. The change is recorded in the audit log.'
          : 'They keep their account and wallets but can no longer open the admin area. The change is recorded in the audit log.'}
      </ConfirmDialog>
    </section>
  );
}
