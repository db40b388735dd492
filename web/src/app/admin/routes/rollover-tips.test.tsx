import type { AdminRolloverTipsResponse } from '@cashtips/contract/rollover';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import {
  adminRolloverPlan,
  adminRolloverTip,
  pageInfo,
  planIds,
  requestedUrls,
  signInAsAdmin,
} from '../../../testing/admin-fixtures.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

const plansRoute = {
  body: {
    success: true,
    plans: [
      adminRolloverPlan(),
      adminRolloverPlan({ _id: planIds.weekend, name: 'Weekend 5 odds', active: false }),
    ],
  },
};

const twoTips: AdminRolloverTipsResponse = {
  success: true,
  tips: [
    adminRolloverTip(),
    adminRolloverTip({
      _id: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
      planId: planIds.weekend,
      planName: 'Weekend 5 odds',
      day: '2025-02-28',
      games: [adminRolloverTip().games[0]!],
      gameCount: 1,
      bookingCode: null,
      code: null,
      bookmaker: null,
      totalOdds: 5.5,
      confidence: 70,
      expiresAt: null,
      result: 'lost',
    }),
  ],
  ...pageInfo(2),
};
const noTips: AdminRolloverTipsResponse = { success: true, tips: [], ...pageInfo(0) };

const tipsUrls = (fetchMock: Parameters<typeof requestedUrls>[0]) =>
  requestedUrls(fetchMock).filter((url) => url.startsWith('/api/admin/rollover-tips?'));

describe('admin rollover tips list', () => {
  it('lists tips with plan, day, games and teams, code, bookmaker, odds, confidence, expiry and result', async () => {
    signInAsAdmin({
      'GET /api/admin/rollover-plans': plansRoute,
      'GET /api/admin/rollover-tips': { body: twoTips },
    });
    renderApp('/admin/rollover-tips');
    const table = await screen.findByRole('table', { name: 'Rollover tips' });
    const first = within(table).getByRole('row', { name: /Daily 2 odds/ });
    expect(within(first).getByRole('link', { name: 'Daily 2 odds, 1 Mar 2025' })).toHaveAttribute(
      'href',
      `/admin/rollover-tips/${adminRolloverTip()._id}`,
    );
    for (const text of [
      '2 games',
      'Arsenal v Chelsea, Lyon v Nice',
      'RO2X001',
      'SportyBet',
      '2.04',
      '85%',
      '16:30',
      'Pending',
    ]) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    const second = within(table).getByRole('row', { name: /Weekend 5 odds/ });
    for (const text of ['28 Feb 2025', '1 game', 'No code', '5.50', '70%', 'No expiry', 'Lost']) {
      expect(within(second).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('2 tips')).toHaveAttribute('role', 'status');
    const cards = screen.getByRole('list', { name: 'Rollover tips' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
  });

  it('sends the plan, Lagos day and result filters to the API and keeps them in the address', async () => {
    let reply = twoTips;
    const { fetchMock } = signInAsAdmin({
      'GET /api/admin/rollover-plans': plansRoute,
      'GET /api/admin/rollover-tips': () => ({ body: reply }),
    });
    const { user } = renderApp('/admin/rollover-tips');
    await screen.findByRole('table', { name: 'Rollover tips' });
    const plan = screen.getByRole('combobox', { name: 'Plan' });
    await waitFor(() =>
      expect(within(plan).getByRole('option', { name: 'Weekend 5 odds (inactive)' })).toBeVisible(),
    );

    await user.selectOptions(plan, 'Weekend 5 odds (inactive)');
    fireEvent.change(screen.getByLabelText('Day (Lagos)'), { target: { value: '2025-02-28' } });
    reply = noTips;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Result' }), 'Lost');
    expect(await screen.findByText('No rollover tips with these filters.')).toBeInTheDocument();

    expect(tipsUrls(fetchMock)).toEqual([
      '/api/admin/rollover-tips?page=1&limit=20',
      `/api/admin/rollover-tips?planId=${planIds.weekend}&page=1&limit=20`,
      `/api/admin/rollover-tips?planId=${planIds.weekend}&day=2025-02-28&page=1&limit=20`,
      `/api/admin/rollover-tips?planId=${planIds.weekend}&day=2025-02-28&result=lost&page=1&limit=20`,
    ]);
    expect(currentLocation()).toBe(
      `/admin/rollover-tips?planId=${planIds.weekend}&day=2025-02-28&result=lost`,
    );
    // A new tip from a filtered list is for that plan.
    expect(screen.getByRole('link', { name: 'New tip' })).toHaveAttribute(
      'href',
      `/admin/rollover-tips/new?planId=${planIds.weekend}`,
    );
  });

  it('reads filters from the address and ignores values the server would refuse', async () => {
    const { fetchMock } = signInAsAdmin({
      'GET /api/admin/rollover-plans': plansRoute,
      'GET /api/admin/rollover-tips': { body: twoTips },
    });
    renderApp('/admin/rollover-tips?planId=not-a-plan&day=2025-02-30&result=won');
    await screen.findByRole('table', { name: 'Rollover tips' });
    expect(screen.getByRole('combobox', { name: 'Result' })).toHaveValue('won');
    expect(screen.getByLabelText('Day (Lagos)')).toHaveValue('');
    expect(tipsUrls(fetchMock)).toEqual(['/api/admin/rollover-tips?result=won&page=1&limit=20']);
  });
});
