/**
 * The site's one service worker: offline copies of pages and assets, and web push. Registered at this
 * address and scope by every page and by the push toggle alike; a second address would make a second
 * registration, and push subscriptions belong to the registration they were made with.
 */
export const SERVICE_WORKER_URL = '/push-sw.js';
export const SERVICE_WORKER_SCOPE = '/';

/**
 * Registers the worker once the page has loaded and the browser is idle, so its download and its
 * install (which fetches /offline.html) never compete with the page's own first paint. Called from the
 * route layouts' effects, never from the entry (decision 003). Registering again is a no-op for the
 * browser. A failure is only logged: the site works without the worker.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const { serviceWorker } = navigator;
  // A page the worker did not load went past its cache: the first visit, or a hard reload.
  const uncached = !serviceWorker.controller;
  const register = async () => {
    try {
      await serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
      if (!uncached) return;
      const registration = await serviceWorker.ready;
      // The hashed files this page loaded, for the worker to keep with the page (push-sw.js, 'save-page').
      const assets = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
        .map((url) => url.pathname);
      registration.active?.postMessage({ type: 'save-page', assets });
    } catch (error) {
      console.warn('Could not register the service worker', error);
    }
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
