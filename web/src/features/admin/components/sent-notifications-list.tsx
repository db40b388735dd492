import type { AdminNotification, NotificationType } from '@cashtips/contract/notifications';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useWithdrawAdminNotification } from '../api/withdraw-admin-notification.ts';
import { formatDateTime } from '../utils/format.ts';
import { Badge } from './badge.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DateTime } from './date-time.tsx';
import { CardFigures, Figure } from './figure.tsx';
import { notificationTypeLabels } from './notification-draft.ts';
import { bodyCell, bodyRow, card, cardList, headCell, tableClass, tableFrame } from './table-styles.ts';

const typeTones = {
  info: 'muted',
  success: 'lime',
  warning: 'amber',
  error: 'rose',
} as const satisfies Record<NotificationType, 'lime' | 'amber' | 'rose' | 'muted'>;

function TypeBadge({ type }: { type: NotificationType }) {
  return <Badge tone={typeTones[type]}>{notificationTypeLabels[type]}</Badge>;
}

/** Who it went to: 'Everyone', the user's email or the plan's name (gone once the user or plan is deleted). */
function Audience({ notification }: { notification: AdminNotification }) {
  if (notification.audience === 'broadcast')
    return <span className="font-semibold text-white">Everyone</span>;
  const user = notification.audience === 'user';
  return (
    <>
      <span className="block font-semibold break-all text-white">
        {notification.audienceLabel ?? (user ? 'A deleted user' : 'A deleted plan')}
      </span>
      <span className="block text-xs text-emerald-200/60">{user ? 'One user' : 'Plan subscribers'}</span>
    </>
  );
}

/** A broadcast is one notification everyone reads; the others count the users they went to. */
const recipientsText = (notification: AdminNotification) =>
  notification.audience === 'broadcast' ? 'All users' : formatCount(notification.recipients);

function Content({ notification }: { notification: AdminNotification }) {
  return (
    <>
      <p className="mt-0.5 line-clamp-2 text-sm break-words text-emerald-100/80">{notification.message}</p>
      {notification.link && (
        <p className="mt-1 text-xs break-all text-emerald-200/70">
          Opens <span className="font-mono">{notification.link}</span>
        </p>
      )}
    </>
  );
}

function WithdrawButton({ notification, onClick }: { notification: AdminNotification; onClick: () => void }) {
  return (
    <Button
      variant="secondary"
      className="min-h-9 border-rose-400/50 px-3 text-rose-200 hover:bg-rose-500/10"
      aria-label={`Withdraw “${notification.title}”`}
      onClick={onClick}
    >
      Withdraw
    </Button>
  );
}

/**
 * What admins sent, as a table on desktop and cards on phones, newest first. Withdraw (after a
 * confirmation) takes one back for everyone it went to; a refusal is said above the list.
 */
export function SentNotificationsList({ notifications }: { notifications: AdminNotification[] }) {
  const mutation = useWithdrawAdminNotification();
  const [withdrawing, setWithdrawing] = useState<AdminNotification | null>(null);
  const [error, setError] = useState<string | null>(null);

  const ask = (notification: AdminNotification) => {
    setError(null);
    setWithdrawing(notification);
  };

  const onConfirm = async () => {
    if (!withdrawing) return;
    try {
      const answer = await mutation.mutateAsync(withdrawing._id);
      toast.success(answer.message);
    } catch (failed) {
      setError(errorMessage(failed, 'The notification was not withdrawn. Please try again.'));
    } finally {
      setWithdrawing(null);
    }
  };

  return (
    <>
      <div className={error ? 'mb-3' : ''}>
        <FormAlert message={error} />
      </div>
      <div className={tableFrame}>
        <table className={tableClass}>
          <caption className="sr-only">Sent notifications, newest first</caption>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Notification
              </th>
              <th scope="col" className={headCell}>
                Type
              </th>
              <th scope="col" className={headCell}>
                Audience
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Recipients
              </th>
              <th scope="col" className={headCell}>
                Sent
              </th>
              <th scope="col" className={headCell}>
                By
              </th>
              <th scope="col" className={headCell}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {notifications.map((notification) => (
              <tr key={notification._id} className={bodyRow}>
                <th scope="row" className={`${bodyCell} max-w-96 min-w-56 font-normal`}>
                  <span className="block font-semibold break-words text-white">{notification.title}</span>
                  <Content notification={notification} />
                </th>
                <td className={bodyCell}>
                  <TypeBadge type={notification.type} />
                </td>
                <td className={`${bodyCell} max-w-56`}>
                  <Audience notification={notification} />
                </td>
                <td className={`${bodyCell} text-right whitespace-nowrap tabular-nums`}>
                  {recipientsText(notification)}
                </td>
                <td className={`${bodyCell} text-emerald-100/85`}>
                  <DateTime iso={notification.createdAt} />
                </td>
                <td className={`${bodyCell} max-w-48 text-xs break-all text-emerald-100/80`}>
                  {notification.createdBy ?? '—'}
                </td>
                <td className={`${bodyCell} text-right`}>
                  <WithdrawButton notification={notification} onClick={() => ask(notification)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={cardList} aria-label="Sent notifications">
        {notifications.map((notification) => (
          <li key={notification._id} className={card}>
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-semibold break-words text-white">{notification.title}</p>
              <TypeBadge type={notification.type} />
            </div>
            <Content notification={notification} />
            <div className="mt-2 text-sm">
              <Audience notification={notification} />
            </div>
            <CardFigures>
              <Figure label="Recipients">{recipientsText(notification)}</Figure>
              <Figure label="Sent" wide>
                {formatDateTime(notification.createdAt)}
              </Figure>
              <Figure label="By" wide>
                <span className="break-all">{notification.createdBy ?? '—'}</span>
              </Figure>
            </CardFigures>
            <div className="mt-3 flex flex-col">
              <WithdrawButton notification={notification} onClick={() => ask(notification)} />
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw this notification?"
        confirmLabel="Withdraw"
        tone="danger"
        busy={mutation.isPending}
        onConfirm={() => void onConfirm()}
        onCancel={() => setWithdrawing(null)}
      >
        <p>Its readers will no longer see it.</p>
        <p className="mt-2 break-words">“{withdrawing?.title}”</p>
      </ConfirmDialog>
    </>
  );
}
