import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { dashboardStatsAnswer } from '../../../testing/dashboard-fixtures.ts';
import { pending } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const labels = ['Plans Available', 'Tips Today', 'Users Subscribed', 'Telegram Tips'];
const strip = () => screen.findByRole('region', { name: 'At a glance' });
const values = (region: HTMLElement) =>
  labels.map((label) => within(region).getByText(label).nextElementSibling?.textContent);

describe('the stats strip', () => {
  it('holds a placeholder of the figure’s height in each of the four boxes while loading', async () => {
    signedInApi({ 'GET /api/users/dashboard-stats': () => pending() });
    renderApp('/dashboard');
    const region = await strip();
    expect(values(region)).toEqual(['', '', '', '']);
    for (const label of labels) {
      const value = within(region).getByText(label).nextElementSibling?.firstElementChild;
      // The value's line has a fixed height, so the placeholder and the figure take the same room.
      expect(value).toHaveClass('h-7');
      expect(value?.querySelector('.animate-pulse')).not.toBeNull();
    }
  });

  it('shows plans available, tips today, users subscribed and Telegram tips from the summary', async () => {
    signedInApi({ 'GET /api/users/dashboard-stats': { body: dashboardStatsAnswer() } });
    renderApp('/dashboard');
    const region = await strip();
    await within(region).findByText('1,240');
    expect(values(region)).toEqual(['6', '9', '1,240', '57']);
  });

  it('shows zeros as zeros, and the same four figures when compact', async () => {
    window.localStorage.setItem(storageKeys.dashboardCompact, '1');
    signedInApi({
      'GET /api/users/dashboard-stats': {
        body: dashboardStatsAnswer({
          summary: { plansAvailable: 0, tipsToday: 0, usersSubscribed: 3, telegramTips: 0 },
        }),
      },
    });
    renderApp('/dashboard');
    const region = await strip();
    await within(region).findByText('3');
    expect(values(region)).toEqual(['0', '0', '3', '0']);
    expect(within(region).getByText('Tips Today').nextElementSibling?.firstElementChild).toHaveClass('h-6');
  });

  it('shows dashes when the figures fail to load', async () => {
    signedInApi({
      'GET /api/users/dashboard-stats': { status: 500, body: { success: false, message: 'Boom' } },
    });
    renderApp('/dashboard');
    const region = await strip();
    expect(await within(region).findAllByText('—')).toHaveLength(4);
  });
});
