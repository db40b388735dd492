import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { dashboardStatsAnswer } from '../../../testing/dashboard-fixtures.ts';
import { pending } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const widget = () => screen.findByRole('region', { name: 'Performance Stats (Last 30 days)' });
/** The value (and hint) given for a label. */
const figure = (region: HTMLElement, label: string) => within(region).getByText(label).nextElementSibling;

describe('Performance Stats widget', () => {
  it('holds a placeholder in every box while the figures load', async () => {
    signedInApi({ 'GET /api/users/dashboard-stats': () => pending() });
    renderApp('/dashboard');
    const region = await widget();
    for (const label of ['Total purchases', 'Total spent', 'Success rate', 'Average odds', 'Active codes']) {
      expect(figure(region, label)?.textContent).toBe('');
      expect(figure(region, label)?.querySelector('.animate-pulse')).not.toBeNull();
    }
  });

  it("shows the last 30 days' purchases, spending, success rate, average odds, active and expired codes", async () => {
    signedInApi({
      'GET /api/users/dashboard-stats': {
        body: dashboardStatsAnswer({ performance: { avgOdds: 3.456 } }),
      },
    });
    renderApp('/dashboard');
    const region = await widget();
    expect(await within(region).findByText('14')).toBeInTheDocument();
    expect(figure(region, 'Total purchases')).toHaveTextContent(/^14$/);
    expect(figure(region, 'Total spent')).toHaveTextContent(/^₦23,500$/);
    expect(figure(region, 'Success rate')).toHaveTextContent(/^62.5%$/);
    expect(figure(region, 'Average odds')).toHaveTextContent(/^3.46$/);
    expect(figure(region, 'Active codes')).toHaveTextContent(/^3$/);
    expect(figure(region, 'Expired codes')).toHaveTextContent(/^11$/);
    expect(within(region).queryByText('No settled codes yet')).not.toBeInTheDocument();
  });

  it('shows dashes, and why, before any purchase is settled', async () => {
    signedInApi({
      'GET /api/users/dashboard-stats': {
        body: dashboardStatsAnswer({
          performance: {
            totalPurchases: 0,
            totalSpent: 0,
            successRate: null,
            avgOdds: null,
            activeCodes: 0,
            expiredCodes: 0,
          },
        }),
      },
    });
    renderApp('/dashboard');
    const region = await widget();
    expect(await within(region).findByText('No settled codes yet')).toBeInTheDocument();
    expect(figure(region, 'Success rate')).toHaveTextContent(/^—No settled codes yet$/);
    expect(figure(region, 'Average odds')).toHaveTextContent(/^—$/);
    expect(figure(region, 'Total purchases')).toHaveTextContent(/^0$/);
    expect(figure(region, 'Total spent')).toHaveTextContent(/^₦0$/);
    expect(within(region).queryByText('New')).not.toBeInTheDocument();
  });

  it('leaves out active and expired codes when compact', async () => {
    window.localStorage.setItem(storageKeys.dashboardCompact, '1');
    signedInApi({ 'GET /api/users/dashboard-stats': { body: dashboardStatsAnswer() } });
    renderApp('/dashboard');
    const region = await widget();
    expect(await within(region).findByText('62.5%')).toBeInTheDocument();
    expect(figure(region, 'Total purchases')).toHaveTextContent(/^14$/);
    expect(within(region).queryByText('Active codes')).not.toBeInTheDocument();
    expect(within(region).queryByText('Expired codes')).not.toBeInTheDocument();
  });

  it('shows empty values, not an error, when the figures fail to load', async () => {
    signedInApi({
      'GET /api/users/dashboard-stats': { status: 500, body: { success: false, message: 'Boom' } },
    });
    renderApp('/dashboard');
    const region = await widget();
    expect(await within(region).findAllByText('—', {}, { timeout: 5000 })).toHaveLength(6);
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  });
});
