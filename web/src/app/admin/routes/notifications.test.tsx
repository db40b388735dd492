import type { AdminUser } from '@cashtips/contract/admin';
import type { AdminNotification, AdminNotificationRequest } from '@cashtips/contract/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import {
  adaAsAdminSees,
  adminNotification,
  adminRolloverPlan,
  pageInfo,
  planIds,
  requestedUrls,
  signInAsAdmin,
} from '../../../testing/admin-fixtures.ts';
import { type MockRoute, pending, type RecordedCall } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

/** Ada with a UUID, as the send request's userId must be one. */
const ada: AdminUser = { ...adaAsAdminSees, _id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' };
const tunde: AdminUser = {
  ...adaAsAdminSees,
  _id: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
  email: 'adaeze@example.com',
  firstName: 'Adaeze',
  lastName: 'Okoro',
};

const toAda = adminNotification({
  _id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  title: 'Your deposit is confirmed',
  message: 'We credited ₦5,000 to your main wallet.',
  type: 'success',
  link: null,
  audience: 'user',
  audienceLabel: 'ada@example.com',
  recipients: 1,
  createdAt: '2025-02-28T15:30:00.000Z',
});
const toPlan = adminNotification({
  _id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  title: 'Today’s tip is delayed',
  message: 'The lineups are late; the tip comes within the hour.',
  type: 'warning',
  link: '/my-rollover',
  audience: 'plan',
  audienceLabel: 'Daily 2 odds',
  recipients: 12,
  createdAt: '2025-02-27T08:00:00.000Z',
  createdBy: null,
});

const failure = { status: 500, body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' } };

/**
 * The screen with a server that keeps what is sent: POST adds to the top of the list (as the server
 * answers it) and DELETE of a listed one removes it, so a refresh of the list shows the change.
 */
function openNotifications(initial: AdminNotification[] = [], routes: Record<string, MockRoute> = {}) {
  let sent = [...initial];
  const api = signInAsAdmin({
    'GET /api/admin/notifications': () => ({
      body: { success: true, notifications: sent, ...pageInfo(sent.length) },
    }),
    'POST /api/admin/notifications': (body) => {
      const request = body as AdminNotificationRequest;
      const audience = request.userId ? 'user' : request.planId ? 'plan' : 'broadcast';
      const notification = adminNotification({
        _id: '9f8e7d6c-5b4a-4938-8271-605f4e3d2c1b',
        title: request.title,
        message: request.message,
        type: request.type ?? 'info',
        link: request.link ?? null,
        audience,
        audienceLabel: audience === 'user' ? ada.email : audience === 'plan' ? 'Daily 2 odds' : null,
        recipients: audience === 'plan' ? 12 : 1,
        createdAt: '2025-03-02T12:00:00.000Z',
      });
      sent = [notification, ...sent];
      const message =
        audience === 'user'
          ? `Sent to ${ada.email}.`
          : audience === 'plan'
            ? 'Sent to 12 subscribers of Daily 2 odds.'
            : 'Broadcast to everyone.';
      return { status: 201, body: { success: true, message, notification } };
    },
    'GET /api/admin/users': (_body, url) => ({
      body: {
        success: true,
        users: url.searchParams.get('q') === 'nobody' ? [] : [ada, tunde],
        ...pageInfo(url.searchParams.get('q') === 'nobody' ? 0 : 2),
      },
    }),
    'GET /api/admin/rollover-plans': {
      body: {
        success: true,
        plans: [
          adminRolloverPlan(),
          adminRolloverPlan({
            _id: planIds.weekend,
            name: 'Weekend 5 odds',
            active: false,
            activeSubscribers: 1,
          }),
        ],
      },
    },
    ...Object.fromEntries(
      initial.map(({ _id }) => [
        `DELETE /api/admin/notifications/${_id}`,
        () => {
          sent = sent.filter((notification) => notification._id !== _id);
          return { body: { success: true, message: 'Notification withdrawn.' } };
        },
      ]),
    ),
    ...routes,
  });
  return { ...api, ...renderApp('/admin/notifications') };
}

const posts = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'POST' && call.path === '/api/admin/notifications')
    .map((call) => call.body);

const listLoads = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/admin/notifications').length;

const form = () => screen.getByRole('form', { name: 'Send a notification' });
const field = (name: string | RegExp) => within(form()).getByRole('textbox', { name });

async function fillIn(user: ReturnType<typeof renderApp>['user'], title: string, message: string) {
  await user.type(field('Title'), title);
  await user.type(field('Message'), message);
}

describe('admin notifications: the sent list', () => {
  it('says it is loading until the list arrives', async () => {
    signInAsAdmin({ 'GET /api/admin/notifications': () => pending() });
    renderApp('/admin/notifications');
    expect(await screen.findByText('Loading sent notifications…')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table', { name: /Sent notifications/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
  });

  it('lists title, message, type, audience, recipients, when and who, as a table and as cards', async () => {
    openNotifications([adminNotification(), toAda, toPlan]);
    const table = await screen.findByRole('table', { name: 'Sent notifications, newest first' });

    const broadcast = within(table).getByRole('row', { name: /Weekend rollover is live/ });
    for (const text of [
      'Two safe odds every day this weekend. Subscribe before Saturday noon.',
      '/my-rollover',
      'Info',
      'Everyone',
      'All users',
      '1 Mar 2025',
      '10:00',
      'admin@example.com',
    ]) {
      expect(within(broadcast).getByText(text)).toBeInTheDocument();
    }
    const personal = within(table).getByRole('row', { name: /Your deposit is confirmed/ });
    for (const text of ['Success', 'ada@example.com', 'One user', '1', '28 Feb 2025']) {
      expect(within(personal).getByText(text)).toBeInTheDocument();
    }
    const plan = within(table).getByRole('row', { name: /Today’s tip is delayed/ });
    for (const text of ['Warning', 'Daily 2 odds', 'Plan subscribers', '12', '—']) {
      expect(within(plan).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('3 notifications')).toHaveAttribute('role', 'status');

    // Phones get the same notifications as cards, each with its Withdraw button.
    const cards = screen.getByRole('list', { name: 'Sent notifications' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
    expect(within(cards).getByRole('button', { name: 'Withdraw “Today’s tip is delayed”' })).toBeVisible();
  });

  it('says so when nothing was sent, and shows a failure with Retry', async () => {
    let fail = true;
    signInAsAdmin({
      'GET /api/admin/notifications': () =>
        fail ? failure : { body: { success: true, notifications: [], ...pageInfo(0) } },
    });
    const { user } = renderApp('/admin/notifications');
    const alert = await screen.findByText('Something went wrong.');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No notifications sent yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('withdraws a notification after a confirmation and refreshes the list', async () => {
    const { user, calls } = openNotifications([adminNotification(), toAda]);
    const table = await screen.findByRole('table', { name: 'Sent notifications, newest first' });
    await user.click(within(table).getByRole('button', { name: 'Withdraw “Your deposit is confirmed”' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Withdraw this notification?' });
    expect(dialog).toHaveAccessibleDescription(/^Its readers will no longer see it\./);
    // Cancel withdraws nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(table).getByRole('button', { name: 'Withdraw “Your deposit is confirmed”' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Withdraw this notification?' })).getByRole('button', {
        name: 'Withdraw',
      }),
    );

    expect(await screen.findByText('Notification withdrawn.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /Your deposit is confirmed/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('row', { name: /Weekend rollover is live/ })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/admin/notifications/${toAda._id}`,
    ]);
  });

  it('says why a withdrawal failed and keeps the notification', async () => {
    const { user } = openNotifications([toAda], {
      [`DELETE /api/admin/notifications/${toAda._id}`]: {
        status: 404,
        body: { success: false, code: 'NOT_FOUND', message: 'Notification not found' },
      },
    });
    const table = await screen.findByRole('table', { name: 'Sent notifications, newest first' });
    await user.click(within(table).getByRole('button', { name: 'Withdraw “Your deposit is confirmed”' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Notification not found')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Your deposit is confirmed/ })).toBeInTheDocument();
  });
});

describe('admin notifications: sending', () => {
  it('asks before a broadcast, sends it, toasts the answer, resets the form and refreshes the list', async () => {
    const { user, calls } = openNotifications();
    expect(await screen.findByText('No notifications sent yet.')).toBeInTheDocument();
    expect(within(form()).getByRole('radio', { name: /^Everyone/ })).toBeChecked();
    expect(within(form()).getByRole('radio', { name: 'Info' })).toBeChecked();

    await fillIn(user, ' Weekend rollover is live ', 'Two safe odds every day this weekend.');
    expect(screen.getByText('37/500')).toBeInTheDocument();
    await user.click(within(form()).getByRole('radio', { name: 'Warning' }));
    await user.type(field('Link (optional)'), '/my-rollover');
    await user.click(within(form()).getByRole('button', { name: 'Send notification' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Send this to every user?' });
    expect(dialog).not.toHaveTextContent(/\d/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts(calls)).toHaveLength(0);
    expect(field('Title')).toHaveValue(' Weekend rollover is live ');

    const loadsBefore = listLoads(calls);
    await user.click(within(form()).getByRole('button', { name: 'Send notification' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Send this to every user?' })).getByRole('button', {
        name: 'Send to everyone',
      }),
    );

    expect(await screen.findByText('Broadcast to everyone.')).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      {
        title: 'Weekend rollover is live',
        message: 'Two safe odds every day this weekend.',
        type: 'warning',
        link: '/my-rollover',
      },
    ]);
    expect(field('Title')).toHaveValue('');
    expect(field('Message')).toHaveValue('');
    expect(field('Link (optional)')).toHaveValue('');
    expect(within(form()).getByRole('radio', { name: 'Info' })).toBeChecked();
    const table = await screen.findByRole('table', { name: 'Sent notifications, newest first' });
    expect(within(table).getByRole('row', { name: /Weekend rollover is live/ })).toBeInTheDocument();
    expect(listLoads(calls)).toBeGreaterThan(loadsBefore);
  });

  it('sends to one user found by the admin users search, without the broadcast question', async () => {
    const { user, calls, fetchMock } = openNotifications();
    await screen.findByText('No notifications sent yet.');
    await fillIn(user, 'Your deposit is confirmed', 'We credited ₦5,000 to your main wallet.');
    await user.click(within(form()).getByRole('radio', { name: /^One user/ }));

    const search = within(form()).getByRole('searchbox', { name: 'Find the user' });
    await user.type(search, 'nobody');
    expect(await screen.findByText('No users match “nobody”.')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'ada{Enter}');
    const matches = await screen.findByRole('list', { name: 'Matching users' });
    expect(screen.getByText('2 users match.')).toBeInTheDocument();
    expect(requestedUrls(fetchMock)).toContain('/api/admin/users?q=ada&page=1&limit=20');
    // Enter searched; it did not send.
    expect(posts(calls)).toHaveLength(0);

    await user.click(within(matches).getByRole('button', { name: /Ada Obi/ }));
    expect(search).toHaveFocus();
    expect(search).toHaveValue('');
    expect(search).toHaveAccessibleDescription(/Sending to Ada Obi \(ada@example\.com\)/);
    expect(screen.queryByRole('list', { name: 'Matching users' })).not.toBeInTheDocument();

    await user.click(within(form()).getByRole('button', { name: 'Send notification' }));
    expect(await screen.findByText('Sent to ada@example.com.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([
      {
        title: 'Your deposit is confirmed',
        message: 'We credited ₦5,000 to your main wallet.',
        type: 'info',
        userId: ada._id,
      },
    ]);
    // The form starts again, for everyone.
    expect(within(form()).getByRole('radio', { name: /^Everyone/ })).toBeChecked();
  });

  it('sends to the subscribers of a plan chosen from the admin plans', async () => {
    const { user, calls } = openNotifications();
    await screen.findByText('No notifications sent yet.');
    await fillIn(user, 'Today’s tip is delayed', 'The lineups are late; the tip comes within the hour.');
    await user.click(within(form()).getByRole('radio', { name: /^Subscribers of a plan/ }));
    const plan = await within(form()).findByRole('combobox', { name: 'Plan' });
    await waitFor(() => expect(plan).toBeEnabled());
    expect(
      within(plan).getByRole('option', { name: 'Weekend 5 odds · 1 running subscription · off sale' }),
    ).toBeInTheDocument();
    await user.selectOptions(plan, 'Daily 2 odds · 12 running subscriptions');
    await user.click(within(form()).getByRole('button', { name: 'Send notification' }));

    expect(await screen.findByText('Sent to 12 subscribers of Daily 2 odds.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([
      {
        title: 'Today’s tip is delayed',
        message: 'The lineups are late; the tip comes within the hour.',
        type: 'info',
        planId: planIds.daily,
      },
    ]);
  });

  it('checks the form before anything is sent: title, message, link and the chosen audience', async () => {
    const { user, calls } = openNotifications();
    await screen.findByText('No notifications sent yet.');
    await user.type(field('Message'), 'A message.');
    await user.type(field('Link (optional)'), 'https://example.com/promo');
    await user.click(within(form()).getByRole('radio', { name: /^One user/ }));
    await user.click(within(form()).getByRole('button', { name: 'Send notification' }));

    expect(field('Title')).toHaveAccessibleDescription('2 to 80 characters. The title is required.');
    expect(field('Title')).toHaveFocus();
    expect(field('Link (optional)')).toHaveAccessibleDescription(
      'A page of the app to open, starting with /, e.g. /my-rollover. A link is a path in the app, such as /my-rollover.',
    );
    expect(within(form()).getByRole('searchbox', { name: 'Find the user' })).toHaveAccessibleDescription(
      'Search by email, name or phone, then choose the user. Choose the user to send it to.',
    );
    expect(within(form()).getByText('Check the highlighted fields.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    await user.click(within(form()).getByRole('radio', { name: /^Subscribers of a plan/ }));
    await user.click(within(form()).getByRole('button', { name: 'Send notification' }));
    expect(await within(form()).findByRole('combobox', { name: 'Plan' })).toHaveAccessibleDescription(
      /Choose the plan whose subscribers get it\.$/,
    );
    expect(posts(calls)).toHaveLength(0);
  });

  it('shows the server’s field error on its field', async () => {
    const { user } = openNotifications([], {
      'POST /api/admin/notifications': {
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_FAILED',
          message: 'A link is a path in the app, such as /my-rollover.',
          errors: [{ field: 'link', message: 'A link is a path in the app, such as /my-rollover.' }],
        },
      },
    });
    await screen.findByText('No notifications sent yet.');
    await fillIn(user, 'Promo', 'Half price today.');
    await user.type(field('Link (optional)'), '/promo');
    await user.click(within(form()).getByRole('button', { name: 'Send notification' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Send to everyone' }),
    );

    const link = field('Link (optional)');
    await waitFor(() =>
      expect(link).toHaveAccessibleDescription(
        'A page of the app to open, starting with /, e.g. /my-rollover. A link is a path in the app, such as /my-rollover.',
      ),
    );
    expect(link).toHaveFocus();
    expect(link).toHaveValue('/promo');
    expect(field('Title')).toHaveValue('Promo');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
