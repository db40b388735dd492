// CashTips' service worker, registered at the site root (/push-sw.js, scope /) for every visitor
// (lib/offline/register-service-worker.ts) and by the push toggle. Its address stays the one push
// subscriptions were made with: a browser's subscription belongs to the registration of this URL.
// Two jobs:
//  - push: shows each push the server sends ({ title, body, url, tag }) and, on a click, focuses a tab
//    already on that address or opens one;
//  - offline: keeps a copy of each page visited and of the hashed assets, and answers from them when
//    the network cannot be reached, or with /offline.html for a page never saved.
// Plain JavaScript: the browser loads it as is, outside the app's bundle.

// Bump when what is cached, or how, changes: the new worker's activate deletes the older caches.
const VERSION = 1;
const PAGES = `cashtips-pages-v${VERSION}`;
const ASSETS = `cashtips-assets-v${VERSION}`;
const OFFLINE_URL = '/offline.html';
// Caches are kept in the order entries were last stored, oldest first; past these counts the oldest go.
// Hashed assets pile up with each release, and a phone's storage is small.
const MAX_PAGES = 40;
const MAX_ASSETS = 150;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(PAGES)
      // 'reload': from the network, never from the HTTP cache, so a new worker has the current page.
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: 'reload' })))
      // The previous worker handles no fetch that this one would answer differently mid-visit, so the
      // new one takes over at once rather than after every tab of the site has been closed.
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = [PAGES, ASSETS];
      const names = await caches.keys();
      await Promise.all(names.filter((name) => !current.includes(name)).map((name) => caches.delete(name)));
      // The page request starts while the worker is still waking up, instead of after it.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      // Pages open since before the install are controlled now, so they too work offline next time.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  // Anything that is not a plain read (a payment, a purchase, a sign-in) goes to the server, untouched.
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The API and the live socket carry private data and money: never answered from, nor kept in, a cache.
  if (isUnder(url.pathname, '/api') || isUnder(url.pathname, '/socket.io')) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event, url));
    return;
  }
  // Built files are named by their content's hash: a stored one can never be out of date.
  if (url.pathname.startsWith('/assets/')) event.respondWith(asset(event));
  // Everything else (icons, the manifest, this worker) is left to the browser's HTTP cache.
});

function isUnder(pathname, prefix) {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * Network first, so a visitor online always sees today's tips; the copy kept is what they are shown
 * offline. Keyed by path only: the last version of a page seen, whatever its query string, and one
 * entry per page however many tracking links lead to it.
 */
async function page(event, url) {
  const key = pageKey(url);
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    if (savable(url, response)) {
      const copy = response.clone();
      event.waitUntil(store(PAGES, key, copy, MAX_PAGES));
    }
    return response;
  } catch {
    const saved =
      (await caches.match(key, { cacheName: PAGES, ignoreVary: true })) ||
      (await caches.match(OFFLINE_URL, { cacheName: PAGES, ignoreVary: true }));
    return saved || Response.error();
  }
}

function pageKey(url) {
  return new URL(url.pathname, url.origin).href;
}

function savable(url, response) {
  return (
    response.status === 200 &&
    // A redirected answer cannot be replayed for a navigation, and 'basic' means our own origin's.
    response.type === 'basic' &&
    !response.redirected &&
    (response.headers.get('content-type') || '').startsWith('text/html') &&
    // The server's word that an answer must not be kept anywhere.
    !/no-store/.test(response.headers.get('cache-control') || '') &&
    // The admin area holds other users' data: not left on a device.
    !isUnder(url.pathname, '/admin')
  );
}

/** Cache first: a hashed file never changes, and the one a saved page asks for must be there offline. */
async function asset(event) {
  const saved = await caches.match(event.request, { cacheName: ASSETS, ignoreVary: true });
  if (saved) return saved;
  const response = await fetch(event.request);
  if (response.status === 200 && response.type === 'basic') {
    event.waitUntil(store(ASSETS, event.request, response.clone(), MAX_ASSETS));
  }
  return response;
}

/** Stores an entry as the newest, then drops the oldest past `max` (the offline page is never dropped). */
async function store(cacheName, key, response, max) {
  const cache = await caches.open(cacheName);
  await cache.put(key, response);
  const keys = (await cache.keys()).filter((request) => !request.url.endsWith(OFFLINE_URL));
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((request) => cache.delete(request)));
}

// The first page of a visit loads before the worker exists, so none of it passed through the fetch
// handler above. Once the worker controls it, the page (register-service-worker.ts) sends the hashed
// files it loaded; the worker keeps them and a fresh copy of the page, so that it opens offline too.
self.addEventListener('message', (event) => {
  const client = event.source;
  if (event.data?.type !== 'save-page' || !client || !('url' in client)) return;
  event.waitUntil(saveFirstPage(new URL(client.url), event.data.assets));
});

async function saveFirstPage(url, assets) {
  if (url.origin !== self.location.origin || isUnder(url.pathname, '/api')) return;
  const files = (Array.isArray(assets) ? assets : [])
    .map((asset) => new URL(asset, self.location.origin))
    .filter((asset) => asset.origin === self.location.origin && asset.pathname.startsWith('/assets/'));
  await Promise.all([
    fetch(url.href, { headers: { Accept: 'text/html' } }).then(
      (response) => savable(url, response) && store(PAGES, pageKey(url), response, MAX_PAGES),
      () => undefined,
    ),
    ...files.map(async (file) => {
      if (await caches.match(file.href, { cacheName: ASSETS, ignoreVary: true })) return;
      // Just loaded and immutable: the browser's HTTP cache answers, the network is not used again.
      const response = await fetch(file.href).catch(() => undefined);
      if (response?.status === 200 && response.type === 'basic') {
        await store(ASSETS, file.href, response, MAX_ASSETS);
      }
    }),
  ]);
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'CashTips', body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'CashTips';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag || undefined,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: data.url || '/dashboard' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/dashboard', self.location.origin);
  // Only our own pages: a push can never send the user to another site.
  const url =
    target.origin === self.location.origin ? target.href : new URL('/dashboard', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === url && 'focus' in client) return client.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
