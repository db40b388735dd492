import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { readStorage, storageKeys } from './lib/storage-keys.ts';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

// A public page comes rendered for a visitor (decision 018). A signed-in user who still got one (a
// session from before the server knew of it) gets their own screens, rendered here, instead.
if (container.hasAttribute('data-server-rendered') && !readStorage(storageKeys.token)) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page: on a slow phone a tap or a scroll is answered while it runs, and the
  // page already shows its content, so nothing waits for it.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
