import type { AdminUsersResponse } from '@cashtips/contract/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { adaAsAdminSees, pageInfo, requestedUrls, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

const listOfAda: AdminUsersResponse = { success: true, users: [adaAsAdminSees], ...pageInfo(1) };
const noUsers: AdminUsersResponse = { success: true, users: [], ...pageInfo(0) };

describe('admin users screen', () => {
  it('lists users with their role, verification, balances in naira and join date', async () => {
    signInAsAdmin({ 'GET /api/admin/users': { body: listOfAda } });
    renderApp('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = within(table).getByRole('row', { name: /Ada Obi/ });
    expect(within(row).getByRole('link', { name: 'Ada Obi' })).toHaveAttribute('href', '/admin/users/u_1');
    expect(within(row).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(row).getByText('+2348012345678')).toBeInTheDocument();
    expect(within(row).getByText('User')).toBeInTheDocument();
    expect(within(row).getByText('Verified')).toBeInTheDocument();
    expect(within(row).getByText('₦12,000')).toBeInTheDocument();
    expect(within(row).getByText('₦250')).toBeInTheDocument();
    expect(within(row).getByText('1 Jan 2025')).toBeInTheDocument();
    expect(screen.getByText('1 user')).toHaveAttribute('role', 'status');
  });

  it('searches after a pause in typing and sends q to the API', async () => {
    let reply = listOfAda;
    const { fetchMock } = signInAsAdmin({ 'GET /api/admin/users': () => ({ body: reply }) });
    const { user } = renderApp('/admin/users');
    await screen.findByRole('table', { name: 'Users' });
    reply = noUsers;
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zzz');
    expect(await screen.findByText('No users match “zzz”')).toBeInTheDocument();
    const searches = requestedUrls(fetchMock).filter((url) => url.startsWith('/api/admin/users?'));
    expect(searches).toContain('/api/admin/users?q=zzz&page=1&limit=20');
    // One request for the finished word, none for each keystroke.
    expect(searches.filter((url) => url.includes('q='))).toHaveLength(1);
    expect(currentLocation()).toBe('/admin/users?q=zzz');
  });

  it('searches at once on Enter', async () => {
    const { fetchMock } = signInAsAdmin({ 'GET /api/admin/users': { body: listOfAda } });
    const { user } = renderApp('/admin/users');
    await screen.findByRole('table', { name: 'Users' });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ada{Enter}');
    // Well inside the debounce: only Enter can have run the search this soon.
    expect(currentLocation()).toBe('/admin/users?q=ada');
    await waitFor(() => expect(requestedUrls(fetchMock)).toContain('/api/admin/users?q=ada&page=1&limit=20'));
  });

  it('turns pages with the page number in the request', async () => {
    const { fetchMock } = signInAsAdmin({
      'GET /api/admin/users': { body: { ...listOfAda, ...pageInfo(45) } },
    });
    const { user } = renderApp('/admin/users');
    await screen.findByRole('table', { name: 'Users' });
    const pages = screen.getByRole('navigation', { name: 'Users pages' });
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(requestedUrls(fetchMock)).toContain('/api/admin/users?page=2&limit=20'));
    expect(currentLocation()).toBe('/admin/users?page=2');
  });

  it('shows the server message and a Retry that loads the list again', async () => {
    let fail = true;
    signInAsAdmin({
      'GET /api/admin/users': () =>
        fail
          ? { status: 403, body: { success: false, code: 'FORBIDDEN', message: 'Admins only.' } }
          : { body: listOfAda },
    });
    const { user } = renderApp('/admin/users');
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Admins only.'));
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
  });
});
