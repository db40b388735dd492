import { StrictMode } from 'react';
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
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
