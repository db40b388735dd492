import type { AdminOverviewResponse } from '@cashtips/contract/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { adaAsAdminSees, pageInfo, signInAsAdmin } from '../../testing/admin-fixtures.ts';
import { storeSession, testUser } from '../../testing/fixtures.ts';
import { mockApi } from '../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

const usersRoute = {
  'GET /api/admin/users': { body: { success: true, users: [adaAsAdminSees], ...pageInfo(1) } },
};

const emptyOverview: AdminOverviewResponse = {
  success: true,
  users: { total: 0, verified: 0, new7d: 0, new30d: 0, closed: 0 },
  deposits: { count30d: 0, amount30d: 0 },
  revenue: { codes30d: 0, plans30d: 0, total30d: 0 },
  subscriptions: { active: 0 },
  toSettle: 0,
  failedDeliveries: 0,
  matchesWaitingForAdmin: 0,
  withdrawals: { review: 0, processing: 0, paid30d: 0, fees30d: 0 },
  refunds30d: 0,
  series: [],
};

describe('admin area access', () => {
  it('sends a visitor without a session to /login', async () => {
    const { calls } = mockApi({});
    renderApp('/admin/users');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(calls.some((call) => call.path.startsWith('/api/admin'))).toBe(false);
  });

  it('shows a signed-in user who is not an admin the 403 screen with a way back to the dashboard', async () => {
    storeSession();
    const { calls } = mockApi({ 'GET /api/auth/me': { body: { success: true, user: testUser } } });
    renderApp('/admin/users');
    expect(
      await screen.findByRole('heading', { name: 'This area is for administrators only.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('403')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/admin'))).toBe(false);
  });

  it('respects the role the server confirms, not the one left in storage', async () => {
    storeSession('tok_123', { ...testUser, role: 'admin' });
    mockApi({ 'GET /api/auth/me': { body: { success: true, user: testUser } } });
    renderApp('/admin');
    expect(
      await screen.findByRole('heading', { name: 'This area is for administrators only.' }),
    ).toBeInTheDocument();
  });

  it('shows an admin the overview at /admin, inside the admin layout', async () => {
    signInAsAdmin({ 'GET /api/admin/overview': { body: emptyOverview } });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/admin');
    // Side bar (desktop) and header tabs (phones) both list the sections; CSS shows one of them.
    for (const nav of screen.getAllByRole('navigation', { name: 'Admin sections' })) {
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual([
        '/admin',
        '/admin/users',
        '/admin/booking-codes',
        '/admin/rollover-plans',
        '/admin/rollover-tips',
        '/admin/free-tips',
        '/admin/matches',
        '/admin/suggestions',
        '/admin/model',
        '/admin/to-settle',
        '/admin/deposits',
        '/admin/withdrawals',
        '/admin/notifications',
        '/admin/settings',
        '/admin/audit',
      ]);
      expect(within(nav).getByRole('link', { name: /Overview/ })).toHaveAttribute('aria-current', 'page');
    }
    expect(screen.getAllByText('admin@example.com').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Back to the app' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getAllByText('Admin').length).toBeGreaterThan(0);
  });

  it('marks the current section only, not the overview every admin address starts with', async () => {
    signInAsAdmin(usersRoute);
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    for (const nav of screen.getAllByRole('navigation', { name: 'Admin sections' })) {
      expect(within(nav).getByRole('link', { name: /Users/ })).toHaveAttribute('aria-current', 'page');
      expect(within(nav).getByRole('link', { name: /Overview/ })).not.toHaveAttribute('aria-current');
    }
  });

  it('opens the phone drawer, closes it with Escape and returns focus to the menu button', async () => {
    signInAsAdmin(usersRoute);
    const { user } = renderApp('/admin/users');
    const button = await screen.findByRole('button', { name: 'Open admin menu' });
    await user.click(button);
    const drawer = screen.getByRole('dialog', { name: 'Admin menu' });
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('logs out from the admin area', async () => {
    const { calls } = signInAsAdmin({
      ...usersRoute,
      'POST /api/auth/logout': { body: { success: true, message: 'Bye.' } },
    });
    const { user } = renderApp('/admin/users');
    await screen.findByRole('heading', { name: 'Users' });
    await user.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(calls.some((call) => call.path === '/api/auth/logout')).toBe(true);
  });

  it('offers the Admin link in the account menu to admins only', async () => {
    signInAsAdmin({});
    const { user, unmount } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Grace' }));
    expect(screen.getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    unmount();
    window.localStorage.clear();

    storeSession();
    mockApi({ 'GET /api/auth/me': { body: { success: true, user: testUser } } });
    const second = renderApp('/dashboard');
    await second.user.click(await screen.findByRole('button', { name: 'Account menu for Ada' }));
    expect(screen.getByRole('menu', { name: 'Account' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('lists Admin in the mobile side menu of an admin', async () => {
    signInAsAdmin({});
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });
});
