import { notificationMessages } from '@cashtips/contract/notifications';
import { useEffect, useId, useRef, useState } from 'react';
import { BellIcon } from '../../../components/ui/icons/bell-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useCloseOnOutsidePointer } from '../../../lib/use-close-on-outside-pointer.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useNotificationActions, useNotificationFeed } from '../api/notifications.ts';
import { badgeCount, badgeLabel } from '../notification-rules.ts';
import { NotificationList } from './notification-list.tsx';

/**
 * The top bar's bell (spec part 1 §2): a badge with unread notifications and recent broadcasts ('9+'
 * above 9), and a panel it opens and closes — at most 20, newest first, 'Mark all read' while some
 * are unread, '{n} unread • {m} total'. Escape or a click outside also closes it.
 */
export function NotificationBell() {
  const { user } = useSession();
  const readerId = user?.id ?? null;
  const feed = useNotificationFeed();
  const { markAllRead, signedIn } = useNotificationActions();
  const now = useNow();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const panelId = useId();

  const badge = badgeLabel(badgeCount(feed.items, readerId, now));

  useCloseOnOutsidePointer(open, [panelRef, buttonRef], () => setOpen(false));
  useEffect(() => {
    if (!open) return;
    // Escape, wherever focus is: closes the panel and returns focus to the bell.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="relative flex size-11 items-center justify-center rounded-xl text-emerald-50 hover:bg-emerald-900/70"
      >
        <BellIcon className="size-6" />
        <span className="sr-only">Notifications{badge ? `, ${badge} new` : ''}</span>
        {badge && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute top-1 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-500 px-1 text-[0.7rem] leading-none font-bold text-white ring-2 ring-emerald-950"
          >
            {badge}
          </span>
        )}
      </button>
      <section
        ref={panelRef}
        id={panelId}
        aria-label="Notifications panel"
        data-over-fab=""
        hidden={!open}
        className="fixed inset-x-2 top-16 z-50 flex max-h-[calc(100dvh-5rem)] flex-col rounded-2xl border border-emerald-700 bg-emerald-900 shadow-2xl shadow-black/50 sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96 sm:max-h-[min(36rem,calc(100dvh-6rem))]"
      >
        <div className="flex items-center justify-between gap-2 border-b border-emerald-800 px-4 py-2">
          <h2 className="font-bold text-white">Notifications</h2>
          {signedIn && feed.unread > 0 && (
            <button
              type="button"
              className="min-h-11 rounded-lg px-2 text-sm font-semibold text-lime-300 hover:text-lime-200"
              onClick={() => void markAllRead()}
            >
              {notificationMessages.markAllRead}
            </button>
          )}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-2">
          {feed.error && (
            <p role="alert" className="mb-2 rounded-xl bg-red-500/10 px-3 py-2 text-sm text-red-200">
              {feed.error}{' '}
              <button type="button" className="font-semibold underline" onClick={feed.retry}>
                Retry
              </button>
            </p>
          )}
          {open && (
            <NotificationList items={feed.items} loading={feed.loading} onOpen={() => setOpen(false)} />
          )}
        </div>
        <div className="flex items-center justify-between gap-2 border-t border-emerald-800 px-4 py-1 text-xs text-emerald-200/75">
          <span>{notificationMessages.counts(feed.unread, feed.items.length)}</span>
          <Link
            to={paths.notifications}
            onClick={() => setOpen(false)}
            className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-lime-300 hover:text-lime-200"
          >
            See all
          </Link>
        </div>
      </section>
    </div>
  );
}
