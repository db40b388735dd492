import type { AdminRolloverPlansResponse } from '@cashtips/contract/rollover';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { adminRolloverPlan, planIds, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

const twoPlans: AdminRolloverPlansResponse = {
  success: true,
  plans: [
    adminRolloverPlan(),
    adminRolloverPlan({
      _id: planIds.weekend,
      name: 'Weekend 5 odds',
      price: 12500,
      duration: 1,
      odds: 5.5,
      slotLimit: null,
      slotsLeft: null,
      postLimit: 3,
      active: false,
      successRate: null,
      activeSubscribers: 0,
      totalSubscriptions: 3,
      revenue: 37500,
      wonTips: 1,
      lostTips: 0,
    }),
  ],
};

describe('admin rollover plans list', () => {
  it('lists each plan with price, duration, odds, slots, post limit, subscribers, revenue and success rate', async () => {
    signInAsAdmin({ 'GET /api/admin/rollover-plans': { body: twoPlans } });
    renderApp('/admin/rollover-plans');
    const table = await screen.findByRole('table', { name: 'Rollover plans' });
    const daily = within(table).getByRole('row', { name: /Daily 2 odds/ });
    expect(within(daily).getByRole('link', { name: 'Daily 2 odds' })).toHaveAttribute(
      'href',
      `/admin/rollover-plans/${planIds.daily}`,
    );
    for (const text of [
      'Active',
      '₦5,000',
      '7 days',
      '2.00',
      '38 of 50 left',
      '1 tip a day',
      '12 active',
      '40 sold',
      '₦200,000',
      '66.7%',
      '4 won · 2 lost',
    ]) {
      expect(within(daily).getByText(text)).toBeInTheDocument();
    }
    const weekend = within(table).getByRole('row', { name: /Weekend 5 odds/ });
    for (const text of [
      'Inactive',
      '₦12,500',
      '1 day',
      '5.50',
      'No limit',
      '3 tips a day',
      '0 active',
      '3 sold',
      '₦37,500',
      'New',
      '1 won · 0 lost',
    ]) {
      expect(within(weekend).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('2 plans · 1 on sale')).toHaveAttribute('role', 'status');
    // Phones get the same plans as cards.
    const cards = screen.getByRole('list', { name: 'Rollover plans' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getAllByText('New')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'New plan' })).toHaveAttribute(
      'href',
      '/admin/rollover-plans/new',
    );
  });

  it('offers the first plan when there are none, and shows a failure with Retry', async () => {
    let fail = true;
    signInAsAdmin({
      'GET /api/admin/rollover-plans': () =>
        fail
          ? { status: 500, body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' } }
          : { body: { success: true, plans: [] } },
    });
    const { user } = renderApp('/admin/rollover-plans');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No rollover plans yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New plan' })).toHaveLength(2);
  });
});
