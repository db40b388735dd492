import type { AdminOverviewResponse, OverviewDay } from '@cashtips/contract/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import { pending } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

/** 90 Lagos days from 1 Jan 2025 (the last is 31 Mar 2025), each day's figures from `day(index)`. */
function series(day: (index: number) => Partial<OverviewDay>): OverviewDay[] {
  return Array.from({ length: 90 }, (_, index) => {
    const date = new Date(Date.UTC(2025, 0, 1 + index)).toISOString().slice(0, 10);
    const figures = { signups: 0, deposits: 0, codeRevenue: 0, planRevenue: 0, ...day(index) };
    return { date, ...figures, revenue: figures.codeRevenue + figures.planRevenue };
  });
}

/**
 * Three stretches, so each period sums differently:
 *   days 0–59 (only in 90): 1 sign-up, ₦1,000 deposited, ₦500 of codes a day;
 *   days 60–82 (in 30 and 90): 2 sign-ups, ₦2,000 deposited, ₦300 of codes and ₦200 of plans a day;
 *   days 83–89 (the last 7): 3 sign-ups, ₦5,000 deposited, ₦1,000 of codes and ₦500 of plans a day.
 * 7 days: 21 sign-ups, ₦35,000, codes ₦7,000 + plans ₦3,500 = ₦10,500.
 * 30 days: 67 sign-ups, ₦81,000, codes ₦13,900 + plans ₦8,100 = ₦22,000.
 * 90 days: 127 sign-ups, ₦141,000, codes ₦43,900 + plans ₦8,100 = ₦52,000.
 */
const threeStretches = series((index) => {
  if (index < 60) return { signups: 1, deposits: 1000, codeRevenue: 500 };
  if (index < 83) return { signups: 2, deposits: 2000, codeRevenue: 300, planRevenue: 200 };
  return { signups: 3, deposits: 5000, codeRevenue: 1000, planRevenue: 500 };
});

function overview(overrides: Partial<AdminOverviewResponse> = {}): AdminOverviewResponse {
  return {
    success: true,
    users: { total: 1250, verified: 1000, new7d: 21, new30d: 67, closed: 4 },
    deposits: { count30d: 14, amount30d: 81000 },
    revenue: { codes30d: 13900, plans30d: 8100, total30d: 22000 },
    subscriptions: { active: 37 },
    toSettle: 5,
    failedDeliveries: 2,
    matchesWaitingForAdmin: 3,
    withdrawals: { review: 2, processing: 1, paid30d: 45000, fees30d: 75 },
    refunds30d: 1500,
    series: threeStretches,
    ...overrides,
  };
}

const failure = { status: 500, body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' } };

/** The value under a figure's label, inside a section of the screen. */
function figure(section: HTMLElement, label: string): string {
  const term = within(section).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

const section = (name: string | RegExp) => screen.getByRole('region', { name });

async function openOverview(answer: AdminOverviewResponse = overview(), path = '/admin') {
  const mocked = signInAsAdmin({ 'GET /api/admin/overview': { body: answer } });
  const rendered = renderApp(path);
  await screen.findByRole('img', { name: /^Revenue per day/ });
  return { ...mocked, ...rendered };
}

describe('admin overview', () => {
  it('is the admin area’s first screen, first in the sections and current at /admin only', async () => {
    await openOverview();
    expect(currentLocation()).toBe('/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Overview · Admin · /);
    for (const nav of screen.getAllByRole('navigation', { name: 'Admin sections' })) {
      const links = within(nav).getAllByRole('link');
      expect(links[0]).toHaveAttribute('href', '/admin');
      expect(links[0]).toHaveAttribute('aria-current', 'page');
      expect(links.filter((link) => link.getAttribute('aria-current') === 'page')).toHaveLength(1);
    }
  });

  it('says it is loading, with the figures laid out as grey bars out of reach', async () => {
    signInAsAdmin({ 'GET /api/admin/overview': () => pending() });
    renderApp('/admin');
    expect(await screen.findByText('Loading the overview…')).toHaveAttribute('role', 'status');
    // The cards and charts are in place (no jump when the figures come) but inert: no link to reach.
    expect(screen.getByRole('heading', { name: 'Right now' })).toBeInTheDocument();
    expect(screen.getByText('Awaiting settlement').closest('[inert]')).not.toBeNull();
    expect(screen.getByText('Open the queue').closest('[inert]')).not.toBeNull();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    // The period can be chosen before the figures come.
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the server’s figures exactly, and links the settle queue and the site settings', async () => {
    await openOverview();
    expect(screen.queryByText('Loading the overview…')).not.toBeInTheDocument();

    const now = section('Right now');
    expect(figure(now, 'Awaiting settlement')).toBe('5');
    expect(figure(now, 'Failed deliveries (30 days)')).toBe('2');
    expect(figure(now, 'Active subscriptions')).toBe('37');
    expect(figure(now, 'Successful deposits (30 days)')).toBe('14');
    expect(within(now).getByRole('link', { name: 'Open the queue' })).toHaveAttribute(
      'href',
      '/admin/to-settle',
    );
    expect(figure(now, 'Matches waiting for you')).toBe('3');
    expect(within(now).getByRole('link', { name: 'Record their results' })).toHaveAttribute(
      'href',
      '/admin/matches?view=waiting-admin',
    );

    const users = section('Users');
    expect(figure(users, 'Users')).toBe('1,250');
    expect(figure(users, 'Verified')).toBe('1,000');
    expect(within(users).getByText('80% of users')).toBeInTheDocument();
    expect(figure(users, 'New in 7 days')).toBe('21');
    expect(figure(users, 'New in 30 days')).toBe('67');
    // Open accounts in every figure; the closed ones are said to be left out (issue 34).
    expect(within(users).getByText('Open accounts; 4 closed, not counted')).toBeInTheDocument();

    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Site settings' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
  });

  it('shows money out: withdrawals to review (linking to the queue), processing, paid to banks with fees, refunds', async () => {
    const { user } = await openOverview();
    const moneyOut = section('Money out');
    expect(figure(moneyOut, 'Withdrawals to review')).toBe('2');
    expect(figure(moneyOut, 'Processing')).toBe('1');
    expect(figure(moneyOut, 'Paid to banks (30 days)')).toBe('₦45,000');
    expect(within(moneyOut).getByText('Provider fees ₦75')).toBeInTheDocument();
    expect(figure(moneyOut, 'Money-back refunds (30 days)')).toBe('₦1,500');
    // Something waits: the card is marked like the other queues.
    expect(within(moneyOut).getByText('Withdrawals to review').parentElement).toHaveClass(
      'border-amber-400/50',
    );
    await user.click(within(moneyOut).getByRole('link', { name: 'Review withdrawals' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/withdrawals'));
  });

  it('opens the matches waiting for you in the matches’ waiting view', async () => {
    const { user } = await openOverview();
    await user.click(screen.getByRole('link', { name: 'Record their results' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/matches?view=waiting-admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Match results' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('waiting-admin');
  });

  it('sums the last 30 days by default, and the last 7 or 90 when switched, in the address too', async () => {
    const { user, calls } = await openOverview();
    const expectPeriod = (days: number, figures: Record<string, string>) => {
      const period = section(`Last ${days} days`);
      for (const [label, value] of Object.entries(figures)) expect(figure(period, label), label).toBe(value);
      for (const option of [7, 30, 90]) {
        expect(screen.getByRole('button', { name: `${option} days` })).toHaveAttribute(
          'aria-pressed',
          String(option === days),
        );
      }
    };

    expectPeriod(30, {
      'Sign-ups': '67',
      Deposits: '₦81,000',
      Revenue: '₦22,000',
      'Booking codes': '₦13,900',
      'Rollover plans': '₦8,100',
    });

    await user.click(screen.getByRole('button', { name: '7 days' }));
    expectPeriod(7, {
      'Sign-ups': '21',
      Deposits: '₦35,000',
      Revenue: '₦10,500',
      'Booking codes': '₦7,000',
      'Rollover plans': '₦3,500',
    });
    expect(currentLocation()).toBe('/admin?days=7');

    await user.click(screen.getByRole('button', { name: '90 days' }));
    expectPeriod(90, {
      'Sign-ups': '127',
      Deposits: '₦141,000',
      Revenue: '₦52,000',
      'Booking codes': '₦43,900',
      'Rollover plans': '₦8,100',
    });
    expect(currentLocation()).toBe('/admin?days=90');

    // Back to the default drops the parameter; the overview was fetched once for all three.
    await user.click(screen.getByRole('button', { name: '30 days' }));
    expect(currentLocation()).toBe('/admin');
    expect(figure(section('Last 30 days'), 'Sign-ups')).toBe('67');
    expect(calls.filter((call) => call.path === '/api/admin/overview')).toHaveLength(1);
  });

  it('opens on the period the address names', async () => {
    const { calls } = await openOverview(overview(), '/admin?days=90');
    expect(screen.getByRole('heading', { name: 'Last 90 days' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/admin/overview')).toHaveLength(1);
  });

  it('reads an unknown period as 30 days', async () => {
    await openOverview(overview(), '/admin?days=12');
    expect(screen.getByRole('heading', { name: 'Last 30 days' })).toBeInTheDocument();
  });

  it('sums each chart up for screen readers, and its figures are in a table', async () => {
    const { user } = await openOverview();
    expect(
      screen.getByRole('img', {
        name: 'Revenue per day, last 30 days: total ₦22,000 (booking codes ₦13,900, rollover plans ₦8,100); highest ₦1,500 on 25 Mar 2025',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Sign-ups per day, last 30 days: total 67; highest 3 on 25 Mar 2025' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'Deposits per day, last 30 days: total ₦81,000; highest ₦5,000 on 25 Mar 2025',
      }),
    ).toBeInTheDocument();

    const revenue = screen.getByRole('region', { name: 'Revenue per day' });
    // 30 days, a bar each, two segments for the days with plan revenue too.
    expect(revenue.querySelectorAll('svg g')).toHaveLength(30);
    expect(within(revenue).getByRole('list', { name: 'Legend' })).toHaveTextContent(
      'Booking codesRollover plans',
    );

    await user.click(within(revenue).getByText('Show the figures'));
    const table = within(revenue).getByRole('table', { name: 'Revenue per day, last 30 days' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Booking codes', 'Rollover plans', 'Total']);
    expect(rows[1]).toHaveTextContent('2 Mar 2025₦300₦200₦500');
    expect(rows[30]).toHaveTextContent('31 Mar 2025₦1,000₦500₦1,500');

    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect(
      screen.getByRole('img', {
        name: 'Revenue per day, last 7 days: total ₦10,500 (booking codes ₦7,000, rollover plans ₦3,500); highest ₦1,500 on 25 Mar 2025',
      }),
    ).toBeInTheDocument();
    expect(revenue.querySelectorAll('svg g')).toHaveLength(7);
  });

  it('says a chart’s period had nothing instead of drawing empty bars', async () => {
    // Revenue only before the last 7 days; no deposits at all.
    const quietWeek = series((index) => ({
      signups: 1,
      codeRevenue: index < 83 ? 100 : 0,
    }));
    const { user } = await openOverview(overview({ series: quietWeek }));
    expect(screen.getByText('No deposits in this period')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Deposits per day/ })).not.toBeInTheDocument();
    expect(screen.queryByText('No revenue in this period')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect(screen.getByText('No revenue in this period')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Revenue per day/ })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Revenue per day' })).queryByText('Show the figures'),
    ).not.toBeInTheDocument();
    expect(figure(section('Last 7 days'), 'Revenue')).toBe('₦0');
    expect(
      screen.getByRole('img', { name: 'Sign-ups per day, last 7 days: total 7; highest 1 on 25 Mar 2025' }),
    ).toBeInTheDocument();
  });

  it('shows a failure with Retry, then the overview', async () => {
    let fail = true;
    signInAsAdmin({ 'GET /api/admin/overview': () => (fail ? failure : { body: overview() }) });
    const { user } = renderApp('/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(screen.queryByRole('region', { name: 'Right now' })).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(figure(section('Right now'), 'Awaiting settlement')).toBe('5'));
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
