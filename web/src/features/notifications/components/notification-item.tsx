import { type Notification, notificationMessages } from '@cashtips/contract/notifications';
import { useEffect, useId, useRef, useState } from 'react';
import { CheckIcon } from '../../../components/ui/icons/check-icon.tsx';
import { TrashIcon } from '../../../components/ui/icons/trash-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { arrivedWhen } from '../notification-rules.ts';

const typeDots = {
  success: 'bg-lime-400',
  info: 'bg-sky-400',
  warning: 'bg-amber-400',
  error: 'bg-red-400',
} as const;

const typeNames = { success: 'Success', info: 'Info', warning: 'Warning', error: 'Alert' } as const;

const iconButton =
  'flex size-11 shrink-0 items-center justify-center rounded-xl text-emerald-100/80 hover:bg-emerald-800 hover:text-white';

export interface NotificationItemProps {
  item: Notification;
  unread: boolean;
  /** Signed in: mark read and delete are offered (spec part 1 §6). */
  actions: boolean;
  now: Date;
  onMarkRead: (item: Notification) => void;
  onDelete: (item: Notification) => void;
  /** Called when the item's link is followed (the panel closes). */
  onOpen?: () => void;
  /** Its title's level: 3 under a panel's or widget's h2, 2 on the /notifications page. */
  headingLevel?: 2 | 3;
}

/**
 * One notification: its type, title, message and relative time; a dot and bold title while unread.
 * Following its link marks it read. Deleting asks the spec's question in place first.
 */
export function NotificationItem({
  item,
  unread,
  actions,
  now,
  onMarkRead,
  onDelete,
  onOpen,
  headingLevel = 3,
}: NotificationItemProps) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  const title = (
    <span className={unread ? 'font-bold text-white' : 'font-semibold text-emerald-50/90'}>{item.title}</span>
  );
  return (
    <article
      aria-labelledby={titleId}
      data-unread={unread || undefined}
      className={`flex gap-3 rounded-xl px-3 py-3 ${unread ? 'bg-emerald-800/45' : 'bg-emerald-950/40'}`}
    >
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2.5 shrink-0 rounded-full ${unread ? typeDots[item.type] : 'bg-emerald-700'}`}
      />
      <div className="min-w-0 flex-1">
        <Heading id={titleId} className="text-sm leading-snug break-words">
          <span className="sr-only">
            {unread ? 'Unread' : 'Read'} {typeNames[item.type].toLowerCase()}
            {item.broadcast ? ' announcement' : ''}:{' '}
          </span>
          {item.link ? (
            <Link
              to={item.link}
              className="rounded hover:underline"
              onClick={() => {
                if (unread && actions) onMarkRead(item);
                onOpen?.();
              }}
            >
              {title}
            </Link>
          ) : (
            title
          )}
        </Heading>
        <p className="mt-0.5 text-sm break-words text-emerald-100/80">{item.message}</p>
        <p className="mt-1 text-xs text-emerald-100/80">
          <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
            {arrivedWhen(item, now)}
          </time>
          {item.broadcast && <span> · For everyone</span>}
        </p>
        {confirming && (
          <div className="mt-2 flex flex-wrap items-center gap-2 rounded-lg border border-red-400/30 bg-red-500/10 p-2">
            <p className="w-full text-sm text-red-100">{notificationMessages.deleteConfirm}</p>
            <button
              type="button"
              className="btn min-h-10 bg-red-500 px-4 text-white hover:bg-red-400"
              onClick={() => {
                setConfirming(false);
                onDelete(item);
              }}
            >
              Delete
            </button>
            <button
              ref={cancelRef}
              type="button"
              className="btn btn-ghost min-h-10 px-4"
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
          </div>
        )}
      </div>
      {actions && !confirming && (
        <div className="-my-1 -mr-1 flex shrink-0 items-start">
          {unread && (
            <button
              type="button"
              className={iconButton}
              aria-label={`Mark read: ${item.title}`}
              title="Mark read"
              onClick={() => onMarkRead(item)}
            >
              <CheckIcon className="size-5" />
            </button>
          )}
          <button
            type="button"
            className={iconButton}
            aria-label={`Delete: ${item.title}`}
            title="Delete"
            onClick={() => setConfirming(true)}
          >
            <TrashIcon className="size-5" />
          </button>
        </div>
      )}
    </article>
  );
}
