import { notificationMessages } from '@cashtips/contract/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketServer } from '../../../testing/fake-socket-server.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { broadcast, listAnswer, notification } from '../../../testing/notification-fixtures.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

const forbiddenOnBroadcast = {
  status: 403,
  body: { success: false, code: 'FORBIDDEN', message: notificationMessages.broadcastReadHere },
};

async function openPanel(user: ReturnType<typeof renderApp>['user']) {
  const bell = await screen.findByRole('button', { name: /^Notifications/ });
  await user.click(bell);
  return screen.getByRole('region', { name: 'Notifications panel' });
}

describe('the bell and its panel', () => {
  it('badges unread and recent announcements, lists both newest first with relative times and the counts', async () => {
    signedInApi({
      'GET /api/notifications/broadcast': listAnswer([
        broadcast('b-new', 2, { title: 'Double odds weekend' }),
        broadcast('b-old', 24 * 10, { title: 'Old news' }),
      ]),
      'GET /api/notifications': listAnswer([
        notification('p-1', 0.2, { title: 'Deposit confirmed', type: 'success' }),
        notification('p-2', 30, { title: 'Code bought', read: true }),
      ]),
    });
    const { user } = renderApp('/dashboard');
    // Unread: Deposit confirmed, and the recent announcement; the 10-day-old one is unread but not badged.
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('2'));
    const panel = await openPanel(user);
    const titles = within(panel)
      .getAllByRole('article')
      .map((article) => within(article).getByRole('heading').textContent);
    expect(titles).toEqual([
      expect.stringContaining('Deposit confirmed'),
      expect.stringContaining('Double odds weekend'),
      expect.stringContaining('Code bought'),
      expect.stringContaining('Old news'),
    ]);
    const first = within(panel).getAllByRole('article')[0] as HTMLElement;
    expect(first).toHaveTextContent('Just now');
    expect(within(panel).getAllByRole('article')[1]).toHaveTextContent('2h ago');
    expect(within(panel).getAllByRole('article')[2]).toHaveTextContent('Yesterday');
    expect(panel).toHaveTextContent('3 unread • 4 total');
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeInTheDocument();
    // The bell toggles the panel closed again; Escape closes it too, returning focus to the bell.
    const bell = screen.getByRole('button', { name: /^Notifications/ });
    await user.click(bell);
    expect(screen.queryByRole('region', { name: 'Notifications panel' })).not.toBeInTheDocument();
    await user.click(bell);
    act(() =>
      within(screen.getByRole('region', { name: 'Notifications panel' }))
        .getByRole('button', { name: 'Mark all read' })
        .focus(),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications panel' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it("shows '9+' for more than nine", async () => {
    signedInApi({
      'GET /api/notifications/broadcast': listAnswer([]),
      'GET /api/notifications': listAnswer(
        Array.from({ length: 12 }, (_, index) => notification(`p${index}`, index)),
      ),
    });
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('9+'));
    expect(screen.getByRole('button', { name: 'Notifications, 9+ new' })).toBeInTheDocument();
  });

  it("says 'No notifications' and offers no 'Mark all read' on an empty list (a 404 is an empty list)", async () => {
    signedInApi({ 'GET /api/notifications/broadcast': listAnswer([]) });
    const { user } = renderApp('/dashboard');
    const panel = await openPanel(user);
    expect(await within(panel).findByText('No notifications')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    expect(panel).toHaveTextContent('0 unread • 0 total');
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('marks a broadcast read through the 403-then-broadcast route, and a personal one on its own', async () => {
    const { calls } = signedInApi({
      'GET /api/notifications/broadcast': listAnswer([broadcast('b1', 1, { title: 'Big match tonight' })]),
      'GET /api/notifications': listAnswer([notification('p1', 2, { title: 'Tip posted' })]),
      'PATCH /api/notifications/b1/read': forbiddenOnBroadcast,
      'PATCH /api/notifications/broadcast/b1/read': { body: { success: true } },
      'PATCH /api/notifications/p1/read': { body: { success: true } },
    });
    const { user } = renderApp('/dashboard');
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('2'));
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('button', { name: 'Mark read: Big match tonight' }));
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('1'));
    await user.click(within(panel).getByRole('button', { name: 'Mark read: Tip posted' }));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument());
    const patches = calls.filter((call) => call.method === 'PATCH').map((call) => call.path);
    expect(patches).toEqual([
      '/api/notifications/b1/read',
      '/api/notifications/broadcast/b1/read',
      '/api/notifications/p1/read',
    ]);
    expect(panel).toHaveTextContent('0 unread • 2 total');
    expect(within(panel).queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });

  it('marks all read at once, and deletes only after the confirmation', async () => {
    const { calls } = signedInApi({
      'GET /api/notifications/broadcast': listAnswer([broadcast('b1', 1)]),
      'GET /api/notifications': listAnswer([notification('p1', 2, { title: 'Your plan ends tomorrow' })]),
      'PATCH /api/notifications/read-all': { body: { success: true } },
      'DELETE /api/notifications/p1': { body: { success: true } },
    });
    const { user } = renderApp('/dashboard');
    const panel = await openPanel(user);
    await user.click(await within(panel).findByRole('button', { name: 'Mark all read' }));
    expect(panel).toHaveTextContent('0 unread • 2 total');
    expect(calls.some((call) => call.method === 'PATCH' && call.path === '/api/notifications/read-all')).toBe(
      true,
    );

    await user.click(within(panel).getByRole('button', { name: 'Delete: Your plan ends tomorrow' }));
    expect(within(panel).getByText(notificationMessages.deleteConfirm)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(panel).getByRole('button', { name: 'Delete: Your plan ends tomorrow' }));
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(panel).toHaveTextContent('0 unread • 1 total'));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/notifications/p1',
    ]);
  });

  it('puts a notification arriving on the socket at the top and raises the badge, without a reload', async () => {
    signedInApi({
      'GET /api/notifications/broadcast': listAnswer([]),
      'GET /api/notifications': listAnswer([notification('p1', 3, { title: 'Older', read: true })]),
    });
    const { user } = renderApp('/dashboard');
    const panel = await openPanel(user);
    await within(panel).findByText('Older');
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    expect(fakeSocketServer.connected()[0]?.auth).toEqual({ token: 'tok_123' });
    act(() => fakeSocketServer.emit('notification', broadcast('live', 0, { title: 'Flash sale on codes' })));
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('1'));
    const articles = within(panel).getAllByRole('article');
    expect(articles[0]).toHaveTextContent('Flash sale on codes');
    expect(articles[0]).toHaveTextContent('Just now');
    expect(panel).toHaveTextContent('1 unread • 2 total');
  });

  it('follows a link, marks it read and closes the panel', async () => {
    signedInApi({
      'GET /api/notifications/broadcast': listAnswer([]),
      'GET /api/notifications': listAnswer([
        notification('p1', 1, { title: 'New tip', link: '/my-rollover' }),
      ]),
      'PATCH /api/notifications/p1/read': { body: { success: true } },
      'GET /api/rollover/my-subscriptions': { body: { success: true, subscriptions: [] } },
      'GET /api/rollover/today': { body: { success: true, tips: [] } },
    });
    const { user } = renderApp('/dashboard');
    const panel = await openPanel(user);
    await user.click(await within(panel).findByRole('link', { name: /New tip/ }));
    await waitFor(() => expect(currentLocation()).toBe('/my-rollover'));
    expect(screen.queryByRole('region', { name: 'Notifications panel' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument());
  });

  it("says 'Server error while fetching notifications' on a 5xx and 'Could not fetch notifications' otherwise", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signedInApi({
      'GET /api/notifications/broadcast': { status: 500, body: { success: false, message: 'Boom' } },
      'GET /api/notifications': listAnswer([notification('p1', 1, { title: 'Still here' })]),
    });
    const first = renderApp('/dashboard');
    let panel = await openPanel(first.user);
    expect(await within(panel).findByRole('alert')).toHaveTextContent(notificationMessages.serverError);
    // A failed broadcast fetch leaves the personal items in place.
    expect(within(panel).getByText('Still here')).toBeInTheDocument();
    first.unmount();

    const { queryClient } = await import('../../../lib/query-client.ts');
    queryClient.clear();
    signedInApi({
      'GET /api/notifications/broadcast': { status: 400, body: { success: false, message: 'Bad' } },
    });
    const second = renderApp('/dashboard');
    panel = await openPanel(second.user);
    expect(await within(panel).findByRole('alert')).toHaveTextContent(notificationMessages.otherError);
  });
});

describe('the dashboard banner', () => {
  it('rotates every 5 s through up to 5 announcements of the last 7 days, lists them all, and stays dismissed', async () => {
    signedInApi({
      'GET /api/notifications/broadcast': listAnswer([
        broadcast('b1', 1, { title: 'First news' }),
        broadcast('b2', 5, { title: 'Second news' }),
        broadcast('old', 24 * 9, { title: 'Too old' }),
      ]),
    });
    const { user } = renderApp('/dashboard', { fakeTimers: true });
    const banner = await screen.findByRole('region', { name: 'Announcements' });
    expect(banner).toHaveTextContent('First news');
    expect(banner).toHaveTextContent('1 of 2');
    act(() => vi.advanceTimersByTime(5000));
    expect(banner).toHaveTextContent('Second news');
    act(() => vi.advanceTimersByTime(5000));
    expect(banner).toHaveTextContent('First news');

    await user.click(within(banner).getByRole('button', { name: 'View all' }));
    const dialog = screen.getByRole('dialog', { name: 'Announcements' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    expect(dialog).not.toHaveTextContent('Too old');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(within(banner).getByRole('button', { name: 'Dismiss announcements' }));
    expect(screen.queryByRole('region', { name: 'Announcements' })).not.toBeInTheDocument();
    // A newer announcement brings it back.
    act(() => fakeSocketServer.emit('notification', broadcast('b3', 0, { title: 'Fresh news' })));
    expect(await screen.findByRole('region', { name: 'Announcements' })).toHaveTextContent('Fresh news');
  });
});

describe('the Notifications widget and /notifications', () => {
  it('shows the unread count and a working Mark All as Read', async () => {
    const { calls } = signedInApi({
      'GET /api/notifications/broadcast': listAnswer([broadcast('b1', 1, { title: 'Weekend promo' })]),
      'GET /api/notifications': listAnswer([notification('p1', 2, { title: 'Deposit confirmed' })]),
      'PATCH /api/notifications/read-all': { body: { success: true } },
    });
    const { user } = renderApp('/dashboard');
    const widget = await screen.findByRole('region', { name: 'Notifications' }, { timeout: 15_000 });
    await waitFor(() => expect(widget).toHaveTextContent('2 unread'));
    expect(within(widget).getAllByRole('article')).toHaveLength(2);
    const markAll = within(widget).getByRole('button', { name: 'Mark All as Read' });
    expect(markAll).not.toHaveAttribute('aria-disabled');
    await user.click(markAll);
    expect(widget).toHaveTextContent('0 unread');
    expect(calls.filter((call) => call.path === '/api/notifications/read-all')).toHaveLength(1);
    // Still there with nothing unread, and a second tap asks nothing more.
    expect(markAll).toHaveAttribute('aria-disabled', 'true');
    await user.click(markAll);
    expect(calls.filter((call) => call.path === '/api/notifications/read-all')).toHaveLength(1);
    expect(within(widget).getByRole('link', { name: 'All notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('offers Mark All as Read with nothing unread too (spec), doing nothing then', async () => {
    const { calls } = signedInApi({
      'GET /api/notifications/broadcast': listAnswer([]),
      'GET /api/notifications': listAnswer([]),
    });
    const { user } = renderApp('/dashboard');
    const widget = await screen.findByRole('region', { name: 'Notifications' }, { timeout: 15_000 });
    await waitFor(() => expect(widget).toHaveTextContent('0 unread'));
    const markAll = within(widget).getByRole('button', { name: 'Mark All as Read' });
    expect(markAll).toHaveAttribute('aria-disabled', 'true');
    await user.click(markAll);
    expect(calls.filter((call) => call.path === '/api/notifications/read-all')).toHaveLength(0);
  });

  it('pages through the full history with its counts', async () => {
    const page = (number: number) => ({
      body: {
        success: true,
        notifications: [notification(`h${number}`, number, { title: `History item ${number}` })],
        page: number,
        limit: 20,
        total: 21,
        totalPages: 2,
        unread: 4,
      },
    });
    signedInApi({
      'GET /api/notifications/broadcast': listAnswer([]),
      'GET /api/notifications/history': (_body, url) => page(Number(url.searchParams.get('page'))),
    });
    const { user } = renderApp('/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByText('History item 1')).toBeInTheDocument();
    expect(screen.getByText('4 unread • 21 total')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('History item 2')).toBeInTheDocument();
  });
});

describe('the push switch', () => {
  it('says so and stays off where the browser cannot push', async () => {
    signedInApi({ 'GET /api/notifications/broadcast': listAnswer([]) });
    renderApp('/notifications');
    const toggle = await screen.findByRole('switch', { name: 'Push notifications' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(notificationMessages.pushUnsupported);
  });
});

/**
 * A browser that can push, as a test double (jsdom has no service workers or push): the permission
 * prompt answers `answer`; subscribing hands back a subscription on a push service's https endpoint.
 */
function installPushBrowser(
  permission: NotificationPermission,
  answer: NotificationPermission = 'granted',
  registered = false,
) {
  const state = {
    registered,
    permission,
    subscription: null as null | {
      endpoint: string;
      unsubscribe: () => Promise<boolean>;
      toJSON: () => unknown;
    },
  };
  const unsubscribe = vi.fn(async () => {
    state.subscription = null;
    return true;
  });
  const pushManager = {
    getSubscription: vi.fn(async () => state.subscription),
    subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
      expect(options.applicationServerKey).toBeInstanceOf(Uint8Array);
      state.subscription = {
        endpoint: 'https://push.example.net/send/abc',
        unsubscribe,
        toJSON: () => ({
          endpoint: 'https://push.example.net/send/abc',
          keys: { p256dh: 'BPk', auth: 'au' },
        }),
      };
      return state.subscription;
    }),
  };
  const registration = { pushManager };
  const register = vi.fn(async () => {
    state.registered = true;
    return registration;
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register,
      ready: Promise.resolve(registration),
      getRegistration: vi.fn(async () => (state.registered ? registration : undefined)),
    },
  });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: function PushManager() {} });
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: {
      get permission() {
        return state.permission;
      },
      requestPermission: vi.fn(async () => {
        state.permission = answer;
        return answer;
      }),
    },
  });
  return { register, pushManager, unsubscribe };
}

describe('the push switch in a browser that can push', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(window, 'PushManager');
    Reflect.deleteProperty(window, 'Notification');
  });

  it('is blocked, with the way out, when the browser denied notifications', async () => {
    installPushBrowser('denied');
    signedInApi({ 'GET /api/notifications/broadcast': listAnswer([]) });
    renderApp('/notifications');
    const toggle = await screen.findByRole('switch', { name: 'Push notifications' });
    await waitFor(() =>
      expect(toggle.closest('[data-push-state]')).toHaveAttribute('data-push-state', 'denied'),
    );
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/browser settings/);
  });

  it('turns on: asks, registers /push-sw.js, fetches the key, subscribes and posts it; turns off again', async () => {
    const browser = installPushBrowser('default');
    const { calls } = signedInApi({
      'GET /api/notifications/broadcast': listAnswer([]),
      'GET /api/notifications/push/vapid-public-key': {
        body: {
          success: true,
          publicKey:
            'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
        },
      },
      'POST /api/notifications/push/subscribe': { body: { success: true, message: 'Subscribed.' } },
      'DELETE /api/notifications/push/unsubscribe': { body: { success: true, message: 'Unsubscribed.' } },
    });
    const { user } = renderApp('/notifications');
    const toggle = await screen.findByRole('switch', { name: 'Push notifications' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(await screen.findByText(notificationMessages.pushEnabled)).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(browser.register).toHaveBeenCalledWith('/push-sw.js', { scope: '/' });
    const posted = calls.find((call) => call.path === '/api/notifications/push/subscribe');
    expect(posted?.body).toEqual({
      subscription: { endpoint: 'https://push.example.net/send/abc', keys: { p256dh: 'BPk', auth: 'au' } },
      userId: 'u_1',
    });

    await user.click(toggle);
    expect(await screen.findByText(notificationMessages.pushDisabled)).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(browser.unsubscribe).toHaveBeenCalled();
    const removed = calls.find((call) => call.path === '/api/notifications/push/unsubscribe');
    expect(removed?.method).toBe('DELETE');
    expect(removed?.body).toEqual({ endpoint: 'https://push.example.net/send/abc' });
  });

  it('warns when the permission is refused at the prompt', async () => {
    installPushBrowser('default', 'denied');
    const { calls } = signedInApi({ 'GET /api/notifications/broadcast': listAnswer([]) });
    const { user } = renderApp('/notifications');
    const toggle = await screen.findByRole('switch', { name: 'Push notifications' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByText(notificationMessages.pushDenied)).toBeInTheDocument();
    expect(toggle).toBeDisabled();
    expect(calls.some((call) => call.path.startsWith('/api/notifications/push/subscribe'))).toBe(false);
  });

  it('shows on when the server knows this browser’s subscription', async () => {
    const browser = installPushBrowser('granted', 'granted', true);
    await browser.pushManager.subscribe({ applicationServerKey: new Uint8Array(65) });
    const { calls } = signedInApi({
      'GET /api/notifications/broadcast': listAnswer([]),
      'GET /api/notifications/push/status': { body: { success: true, isSubscribed: true } },
    });
    renderApp('/notifications');
    const toggle = await screen.findByRole('switch', { name: 'Push notifications' });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(calls.find((call) => call.path === '/api/notifications/push/status')?.query.get('endpoint')).toBe(
      'https://push.example.net/send/abc',
    );
  });
});
