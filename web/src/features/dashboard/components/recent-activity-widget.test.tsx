import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { activityItem, dashboardStatsAnswer } from '../../../testing/dashboard-fixtures.ts';
import { fakeSocketServer } from '../../../testing/fake-socket-server.ts';
import { pending } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const widget = () => screen.findByRole('region', { name: 'Recent Activity' });
const titles = (region: HTMLElement) =>
  within(region)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('Recent Activity widget', () => {
  it('shows two loading rows while the list is on its way, one when compact', async () => {
    signedInApi({ 'GET /api/users/activity-log': () => pending() });
    const first = renderApp('/dashboard');
    let status = await within(await widget()).findByRole('status', { name: 'Loading' });
    expect(status.children).toHaveLength(2);
    first.unmount();

    window.localStorage.setItem(storageKeys.dashboardCompact, '1');
    signedInApi({ 'GET /api/users/activity-log': () => pending() });
    renderApp('/dashboard');
    status = await within(await widget()).findByRole('status', { name: 'Loading' });
    expect(status.children).toHaveLength(1);
  });

  it("says 'No recent activity' for an empty list, and links to the whole history", async () => {
    signedInApi({ 'GET /api/users/activity-log': { body: [] } });
    renderApp('/dashboard');
    const region = await widget();
    expect(await within(region).findByText('No recent activity')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'All activity' })).toHaveAttribute('href', '/activity');
  });

  it('shows the newest two with title, description and relative time, asking for 2', async () => {
    const { calls } = signedInApi({
      'GET /api/users/activity-log': {
        body: [
          activityItem('a1', 0.1, {
            title: 'Deposit confirmed',
            description: '₦5,000 added to your main wallet',
          }),
          activityItem('a2', 3, { icon: 'ticket', color: 'lime', title: 'Code bought' }),
          activityItem('a3', 30, { title: 'Not shown' }),
        ],
      },
    });
    renderApp('/dashboard');
    const region = await widget();
    await within(region).findByText('Deposit confirmed');
    expect(titles(region)).toEqual(['Deposit confirmed', 'Code bought']);
    const [first, second] = within(region).getAllByRole('listitem');
    expect(first).toHaveTextContent('₦5,000 added to your main wallet');
    expect(first).toHaveTextContent('Just now');
    expect(second).toHaveTextContent('Description of a2');
    expect(second).toHaveTextContent('3h ago');
    expect(within(region).queryByText('Not shown')).not.toBeInTheDocument();
    const call = calls.find((entry) => entry.path === '/api/users/activity-log');
    expect(call?.query.get('limit')).toBe('2');
  });

  it('shows only the newest one when compact', async () => {
    window.localStorage.setItem(storageKeys.dashboardCompact, '1');
    signedInApi({
      'GET /api/users/activity-log': {
        body: [activityItem('a1', 1, { title: 'Subscribed to Gold' }), activityItem('a2', 2)],
      },
    });
    renderApp('/dashboard');
    const region = await widget();
    await within(region).findByText('Subscribed to Gold');
    expect(titles(region)).toEqual(['Subscribed to Gold']);
  });

  it('puts an item arriving on the socket at the top, once, and refreshes the figures', async () => {
    const { calls } = signedInApi({
      'GET /api/users/activity-log': {
        body: [activityItem('a1', 2, { title: 'Older one' }), activityItem('a2', 5, { title: 'Oldest one' })],
      },
      'GET /api/users/dashboard-stats': { body: dashboardStatsAnswer() },
    });
    renderApp('/dashboard');
    const region = await widget();
    await within(region).findByText('Older one');
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    const statsCalls = () => calls.filter((call) => call.path === '/api/users/dashboard-stats').length;
    await waitFor(() => expect(statsCalls()).toBe(1));

    const live = activityItem('live', 0, { title: 'Bonus withdrawn', icon: 'arrow', color: 'amber' });
    act(() => fakeSocketServer.emit('activity', live));
    await waitFor(() => expect(titles(region)).toEqual(['Bonus withdrawn', 'Older one']));
    expect(within(region).getAllByRole('listitem')[0]).toHaveTextContent('Just now');
    await waitFor(() => expect(statsCalls()).toBe(2));

    // The same item again (a reconnect replaying it) is not listed twice.
    act(() => fakeSocketServer.emit('activity', live));
    await waitFor(() => expect(statsCalls()).toBe(3));
    expect(titles(region)).toEqual(['Bonus withdrawn', 'Older one']);
  });
});
