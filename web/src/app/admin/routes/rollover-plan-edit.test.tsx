import { rolloverMessages } from '@cashtips/contract/rollover';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { adminRolloverPlan, planIds, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import type { MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

const planPath = `/api/admin/rollover-plans/${planIds.daily}`;

function openPlan(routes: Record<string, MockRoute> = {}) {
  const api = signInAsAdmin({
    [`GET ${planPath}`]: { body: { success: true, plan: adminRolloverPlan() } },
    'GET /api/admin/rollover-plans': { body: { success: true, plans: [] } },
    ...routes,
  });
  return { ...api, ...renderApp(`/admin/rollover-plans/${planIds.daily}`) };
}

const callsTo = (calls: RecordedCall[], method: string) =>
  calls.filter((call) => call.method === method && call.path === planPath);

describe('admin rollover plan screen', () => {
  it('fills the form from the plan and saves the edit with PATCH, leaving the sale switch alone', async () => {
    const { user, calls } = openPlan({
      [`PATCH ${planPath}`]: (body) => ({
        body: { success: true, plan: adminRolloverPlan(body as object) },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Edit rollover plan' });
    expect(within(form).getByRole('textbox', { name: 'Daily odds' })).toHaveValue('2');
    expect(within(form).queryByRole('checkbox', { name: /On sale/ })).not.toBeInTheDocument();
    const slots = within(form).getByRole('textbox', { name: /Slot limit/ });
    await user.clear(slots);
    await user.clear(within(form).getByRole('textbox', { name: /Description/ }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(currentLocation()).toBe('/admin/rollover-plans'));
    expect(await screen.findByText('Plan Daily 2 odds saved.')).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH').map((call) => call.body)).toEqual([
      {
        name: 'Daily 2 odds',
        description: '',
        price: 5000,
        duration: 7,
        odds: 2,
        slotLimit: null,
        postLimit: 1,
      },
    ]);
  });

  it('shows the figures, and takes the plan off sale only after the confirmation', async () => {
    const { user, calls } = openPlan({
      [`PATCH ${planPath}`]: (body) => ({ body: { success: true, plan: adminRolloverPlan(body as object) } }),
    });
    const status = await screen.findByRole('region', { name: 'Status' });
    for (const text of ['12', '₦200,000', '40', '38 of 50 left', '66.7%', '4 won · 2 lost']) {
      expect(within(status).getByText(text)).toBeInTheDocument();
    }
    await user.click(within(status).getByRole('button', { name: 'Deactivate plan' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Take Daily 2 odds off sale?' });
    expect(dialog).toHaveTextContent('12 running subscriptions go on until they end.');
    expect(callsTo(calls, 'PATCH')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await within(status).findByText('The plan is off sale.')).toBeInTheDocument();
    expect(within(status).getByText('Inactive')).toBeInTheDocument();
    await user.click(within(status).getByRole('button', { name: 'Activate plan' }));
    expect(await within(status).findByText('The plan is on sale.')).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH').map((call) => call.body)).toEqual([{ active: false }, { active: true }]);
  });

  it('shows the server’s refusal to delete a plan that has subscribers and stays on the plan', async () => {
    const { user, calls } = openPlan({
      [`DELETE ${planPath}`]: {
        status: 409,
        body: { success: false, code: 'CONFLICT', message: rolloverMessages.planHasSubscribers },
      },
    });
    const section = await screen.findByRole('region', { name: 'Delete plan' });
    await user.click(within(section).getByRole('button', { name: 'Delete plan' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete rollover plan Daily 2 odds?' });
    expect(callsTo(calls, 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'This plan has subscribers, so it cannot be deleted. Deactivate it instead.',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(calls, 'DELETE')).toHaveLength(1);
    expect(currentLocation()).toBe(`/admin/rollover-plans/${planIds.daily}`);
  });

  it('deletes a plan nobody subscribed to and goes back to the list', async () => {
    const { user } = openPlan({
      [`DELETE ${planPath}`]: { body: { success: true, message: 'Plan deleted.' } },
    });
    const section = await screen.findByRole('region', { name: 'Delete plan' });
    await user.click(within(section).getByRole('button', { name: 'Delete plan' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/rollover-plans'));
    expect(await screen.findByText('Plan Daily 2 odds deleted.')).toBeInTheDocument();
  });

  it('says when the plan does not exist', async () => {
    openPlan({
      [`GET ${planPath}`]: {
        status: 404,
        body: { success: false, code: 'NOT_FOUND', message: rolloverMessages.planNotFound },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Rollover plan not found' })).toBeInTheDocument();
  });
});
