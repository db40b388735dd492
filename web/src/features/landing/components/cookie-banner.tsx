import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { readStorage, storageKeys, writeStorage } from '../../../lib/storage-keys.ts';
import { useBrowserValue } from '../../../lib/use-browser-value.ts';

const acceptedBefore = () => readStorage(storageKeys.cookieAccepted) === 'true';

export function CookieBanner() {
  // Hidden in the server's HTML: it shows once the browser knows the visitor has not accepted yet.
  const acceptedEarlier = useBrowserValue(acceptedBefore, true);
  const [accepted, setAccepted] = useState(false);
  if (acceptedEarlier || accepted) return null;

  const accept = () => {
    writeStorage(storageKeys.cookieAccepted, 'true');
    setAccepted(true);
  };

  return (
    <section
      aria-label="Cookie notice"
      className="fixed right-20 bottom-4 left-3 z-40 flex items-center gap-3 rounded-2xl border border-emerald-700 bg-emerald-900/95 p-3 shadow-2xl shadow-black/50 backdrop-blur sm:right-auto sm:max-w-md md:bottom-6 md:left-6"
    >
      <p className="text-xs leading-5 text-emerald-50">
        We use essential cookies and local storage to keep you signed in. No ad trackers.
      </p>
      <Button className="shrink-0 px-4" onClick={accept}>
        Accept
      </Button>
    </section>
  );
}
