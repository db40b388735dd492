import { NOTIFICATION_LIMITS } from '@cashtips/contract/notifications';
import { useEffect, useMemo, useState } from 'react';
import { CloseIcon } from '../../../components/ui/icons/close-icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { readStorage, storageKeys, writeStorage } from '../../../lib/storage-keys.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useNotificationFeed } from '../api/notifications.ts';
import { arrivedWhen, bannerItems } from '../notification-rules.ts';

const tones = {
  success: 'border-lime-400/40 bg-lime-400/10',
  info: 'border-sky-400/40 bg-sky-400/10',
  warning: 'border-amber-400/40 bg-amber-400/10',
  error: 'border-red-400/40 bg-red-400/10',
} as const;

/**
 * The dashboard's banner (spec part 2): up to 5 broadcasts of the last 7 days, newest first, one at
 * a time, moving on every 5 s (paused while pointed at or focused). Dismissed, it stays hidden until
 * a newer broadcast arrives; 'View all' lists them in a modal.
 */
export function NotificationBanner() {
  const feed = useNotificationFeed();
  const now = useNow();
  const items = useMemo(() => bannerItems(feed.broadcasts, now), [feed.broadcasts, now]);
  const newestId = items[0]?._id ?? null;
  const [dismissedId, setDismissedId] = useState(() => readStorage(storageKeys.dismissedBanner));
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [showAll, setShowAll] = useState(false);

  const visible = items.length > 0 && newestId !== dismissedId;
  const current = items[index % Math.max(items.length, 1)];

  useEffect(() => {
    if (!visible || paused || items.length < 2) return;
    const timer = window.setInterval(
      () => setIndex((value) => (value + 1) % items.length),
      NOTIFICATION_LIMITS.bannerRotationMs,
    );
    return () => window.clearInterval(timer);
  }, [visible, paused, items.length]);

  if (!visible || !current) return null;
  const position = (index % items.length) + 1;

  return (
    <section
      aria-label="Announcements"
      data-testid="notification-banner"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={`flex items-start gap-3 rounded-2xl border px-4 py-3 ${tones[current.type]}`}
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words">
          <span className="font-bold text-white">{current.title}</span>{' '}
          <span className="text-emerald-50/85">{current.message}</span>
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-emerald-100/80">
          <time dateTime={current.createdAt}>{arrivedWhen(current, now)}</time>
          {items.length > 1 && (
            <span>
              {position} of {items.length}
            </span>
          )}
          <button
            type="button"
            className="min-h-11 rounded-lg font-semibold text-lime-300 hover:text-lime-200 sm:min-h-8"
            onClick={() => setShowAll(true)}
          >
            View all
          </button>
        </p>
      </div>
      <button
        type="button"
        aria-label="Dismiss announcements"
        className="-mt-1 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-xl text-emerald-100 hover:bg-emerald-900/60"
        onClick={() => {
          if (newestId) writeStorage(storageKeys.dismissedBanner, newestId);
          setDismissedId(newestId);
        }}
      >
        <CloseIcon className="size-5" />
      </button>
      <Modal open={showAll} onClose={() => setShowAll(false)} title="Announcements">
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={item._id} className={`rounded-xl border px-3 py-3 ${tones[item.type]}`}>
              <p className="font-bold break-words text-white">{item.title}</p>
              <p className="mt-0.5 text-sm break-words text-emerald-50/85">{item.message}</p>
              <p className="mt-1 text-xs text-emerald-100/80">
                <time dateTime={item.createdAt}>{arrivedWhen(item, now)}</time>
              </p>
            </li>
          ))}
        </ul>
      </Modal>
    </section>
  );
}
