// CashTips push worker, registered at the site root (/push-sw.js, scope /). It shows each push the
// server sends ({ title, body, url, tag }) and, on a click, focuses a tab already on that address or
// opens one. Plain JavaScript: the browser loads it as is, outside the app's bundle.
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

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
