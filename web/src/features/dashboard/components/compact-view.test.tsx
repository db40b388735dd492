import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { activityItem } from '../../../testing/dashboard-fixtures.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const routes = {
  'GET /api/users/activity-log': { body: [activityItem('a1', 1), activityItem('a2', 2)] },
};

describe('the compact view switch', () => {
  it('switches every widget to compact, and the choice outlives the visit', async () => {
    signedInApi(routes);
    const first = renderApp('/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Compact view' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    // The widgets are their own chunk, after the header.
    const activity = await screen.findByRole('region', { name: 'Recent Activity' });
    await within(activity).findByText('Activity a2');

    await first.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(storageKeys.dashboardCompact)).toBe('1');
    expect(within(activity).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'More actions' })).toBeInTheDocument();
    first.unmount();

    // A later visit opens compact.
    signedInApi(routes);
    const second = renderApp('/dashboard');
    const again = await screen.findByRole('button', { name: 'Compact view' });
    expect(again).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('link', { name: 'More actions' })).toBeInTheDocument();

    await second.user.click(again);
    expect(again).toHaveAttribute('aria-pressed', 'false');
    expect(window.localStorage.getItem(storageKeys.dashboardCompact)).toBe('0');
    expect(screen.queryByRole('link', { name: 'More actions' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Recent Activity' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });
});
