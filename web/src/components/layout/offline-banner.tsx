import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Says so while the browser is offline: what is on screen is the copy the service worker saved on the
 * last visit. The server, and the first render that hydrates its HTML, take "online" (the server
 * snapshot), so the markup matches; the browser's own answer comes right after. The status region is
 * always there, empty while online, so that screen readers announce the text when it appears.
 * Placed by the `.offline-banner` class (index.css): long utility strings would cost the landing page's
 * JavaScript budget.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  return (
    <div role="status">
      {!online && (
        // data-over-fab: the Telegram button steps aside (index.css); it cannot open offline anyway.
        <p data-over-fab="" className="offline-banner">
          <strong className="font-semibold text-amber-200">You are offline.</strong> This page shows what was
          saved on your last visit and will update when you are back online.
        </p>
      )}
    </div>
  );
}
