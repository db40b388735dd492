import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { adminRolloverPlan, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import type { MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

function openNewForm(create: MockRoute) {
  const api = signInAsAdmin({
    'POST /api/admin/rollover-plans': create,
    'GET /api/admin/rollover-plans': { body: { success: true, plans: [] } },
  });
  return { ...api, ...renderApp('/admin/rollover-plans/new') };
}

const posts = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/admin/rollover-plans');

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('new rollover plan form', () => {
  it('checks the fields with the contract schema before anything is sent', async () => {
    const { user, calls } = openNewForm({ status: 201, body: { success: true, plan: adminRolloverPlan() } });
    await screen.findByRole('heading', { name: 'New rollover plan' });
    await user.type(field('Price (₦)'), '99.5');
    await user.type(field('Duration (days)'), '400');
    await user.type(field('Daily odds'), '1');
    await user.type(field(/Slot limit/), '0');
    await user.clear(field('Daily post limit'));
    await user.type(field('Daily post limit'), '25');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));

    expect(field('Name')).toHaveAccessibleDescription('The name is required.');
    expect(field('Name')).toHaveFocus();
    expect(field('Price (₦)')).toHaveAccessibleDescription('The price is in whole naira.');
    expect(field('Duration (days)')).toHaveAccessibleDescription('A plan lasts at most 365 days.');
    expect(field('Daily odds')).toHaveAccessibleDescription('Odds start at 1.01.');
    expect(field(/Slot limit/)).toHaveAccessibleDescription(
      /A slot limit is at least 1 \(leave it empty for no limit\)\./,
    );
    expect(field('Daily post limit')).toHaveAccessibleDescription(/At most 20 posts a day\./);
    expect(screen.getByText('Check the highlighted fields.')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('posts whole numbers, no slot limit as null and the switches, then goes back to the list with a toast', async () => {
    const { user, calls } = openNewForm({
      status: 201,
      body: { success: true, plan: adminRolloverPlan({ name: 'Weekend 5 odds' }) },
    });
    await screen.findByRole('heading', { name: 'New rollover plan' });
    await user.type(field('Name'), '  Weekend 5 odds ');
    await user.type(field(/Description/), 'Five odds on Saturdays.');
    await user.type(field('Price (₦)'), '12,500');
    await user.type(field('Duration (days)'), '14');
    await user.type(field('Daily odds'), '5.5');
    await user.clear(field('Daily post limit'));
    await user.type(field('Daily post limit'), '2');
    // No invented subscriber count to switch on (PRODUCT 15).
    expect(screen.queryByText(/fake/i)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /On sale as soon as it is created/ }));
    await user.click(screen.getByRole('button', { name: 'Create plan' }));

    await waitFor(() => expect(currentLocation()).toBe('/admin/rollover-plans'));
    expect(await screen.findByText('Plan Weekend 5 odds created.')).toBeInTheDocument();
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        name: 'Weekend 5 odds',
        description: 'Five odds on Saturdays.',
        price: 12500,
        duration: 14,
        odds: 5.5,
        slotLimit: null,
        postLimit: 2,
        active: false,
      },
    ]);
  });

  it('shows the server’s field errors next to their fields and its message above the buttons', async () => {
    const { user, calls } = openNewForm({
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Check the plan.',
        errors: [{ field: 'name', message: 'A plan with this name exists.' }],
      },
    });
    await screen.findByRole('heading', { name: 'New rollover plan' });
    await user.type(field('Name'), 'Daily 2 odds');
    await user.type(field('Price (₦)'), '0');
    await user.type(field('Duration (days)'), '1');
    await user.type(field('Daily odds'), '2');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Check the plan.');
    expect(field('Name')).toHaveAccessibleDescription('A plan with this name exists.');
    expect(field('Name')).toHaveFocus();
    expect(posts(calls)[0]?.body).toMatchObject({
      price: 0,
      postLimit: 1,
      active: true,
    });
    expect(Object.keys(posts(calls)[0]?.body as object).join()).not.toMatch(/fake/i);
    expect(posts(calls)[0]?.body).not.toHaveProperty('description');
    expect(currentLocation()).toBe('/admin/rollover-plans/new');
  });
});
