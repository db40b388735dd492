import { rolloverMessages } from '@cashtips/contract/rollover';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import {
  adminRolloverPlan,
  adminRolloverTip,
  pageInfo,
  signInAsAdmin,
  tipIds,
} from '../../../testing/admin-fixtures.ts';
import type { MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

const tipPath = `/api/admin/rollover-tips/${tipIds.first}`;

function openTip(routes: Record<string, MockRoute> = {}) {
  const api = signInAsAdmin({
    [`GET ${tipPath}`]: { body: { success: true, tip: adminRolloverTip() } },
    'GET /api/admin/rollover-plans': { body: { success: true, plans: [adminRolloverPlan()] } },
    'GET /api/admin/rollover-tips': { body: { success: true, tips: [], ...pageInfo(0) } },
    ...routes,
  });
  return { ...api, ...renderApp(`/admin/rollover-tips/${tipIds.first}`) };
}

const callsTo = (calls: RecordedCall[], method: string, path = tipPath) =>
  calls.filter((call) => call.method === method && call.path === path);

describe('admin rollover tip screen', () => {
  it('fills the form from the tip in Lagos time, keeps its plan and saves the edit with PATCH', async () => {
    const { user, calls } = openTip({
      [`PATCH ${tipPath}`]: { body: { success: true, tip: adminRolloverTip({ confidence: 90 }) } },
    });
    const form = await screen.findByRole('form', { name: 'Edit rollover tip' });
    const plan = within(form).getByRole('combobox', { name: 'Plan' });
    expect(plan).toBeDisabled();
    expect(plan).toHaveAccessibleDescription('Fixed once posted: its subscribers paid for this plan.');
    expect(within(form).getByLabelText('Day (Lagos date)')).toHaveValue('2025-03-01');
    expect(within(form).getByLabelText(/^Expires/)).toHaveValue('2025-03-01T16:30');
    const second = within(form).getByRole('group', { name: 'Game 2' });
    expect(within(second).getByLabelText('Kickoff (Lagos time)')).toHaveValue('2025-03-01T20:45');
    const confidence = within(form).getByRole('textbox', { name: 'Confidence (%)' });
    await user.clear(confidence);
    await user.type(confidence, '90');
    await user.clear(within(form).getByLabelText(/^Expires/));
    await user.click(within(form).getByRole('button', { name: 'Remove game 2' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(currentLocation()).toBe('/admin/rollover-tips'));
    expect(await screen.findByText('The Daily 2 odds tip for 1 Mar 2025 saved.')).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH').map((call) => call.body)).toEqual([
      {
        day: '2025-03-01',
        games: [
          {
            teamA: 'Arsenal',
            teamB: 'Chelsea',
            league: 'Premier League',
            kickoff: '2025-03-01T17:00:00+01:00',
            prediction: 'Over 1.5 goals',
            odds: 1.45,
            bookmaker: 'SportyBet',
          },
        ],
        bookingCode: 'RO2X001',
        bookmaker: 'SportyBet',
        totalOdds: 2.04,
        confidence: 90,
        expiresAt: null,
      },
    ]);
  });

  it('settles a pending tip after the confirmation, with an optional reason', async () => {
    const { user, calls } = openTip({
      [`POST ${tipPath}/settle`]: {
        body: {
          success: true,
          tip: adminRolloverTip({ result: 'won', settledAt: '2025-03-01T22:00:00.000Z' }),
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Result' });
    expect(section).toHaveTextContent('2.04');
    await user.click(within(section).getByRole('button', { name: 'Won' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Settle the Daily 2 odds tip for 1 Mar 2025 as Won?',
    });
    expect(within(dialog).getByRole('textbox', { name: /Reason \(optional/ })).not.toBeRequired();
    await user.click(within(dialog).getByRole('button', { name: 'Settle as Won' }));

    expect(await within(section).findByText('Settled as Won.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${tipPath}/settle`).map((call) => call.body)).toEqual([{ result: 'won' }]);
    expect(within(section).getByRole('button', { name: 'Won' })).toBeDisabled();
  });

  it('corrects a settled result only with a reason, and sends { result, reason }', async () => {
    const { user, calls } = openTip({
      [`GET ${tipPath}`]: {
        body: {
          success: true,
          tip: adminRolloverTip({ result: 'won', settledAt: '2025-03-01T22:00:00.000Z' }),
        },
      },
      [`POST ${tipPath}/settle`]: {
        body: {
          success: true,
          tip: adminRolloverTip({ result: 'void', settledAt: '2025-03-02T09:00:00.000Z' }),
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Result' });
    await user.click(within(section).getByRole('button', { name: 'Void' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Settle the Daily 2 odds tip for 1 Mar 2025 as Void?',
    });
    const reason = within(dialog).getByRole('textbox', {
      name: /Reason for changing it from Won \(required/,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Settle as Void' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'This result is already settled; give a reason to change it.',
    );
    expect(reason).toHaveFocus();
    expect(callsTo(calls, 'POST', `${tipPath}/settle`)).toHaveLength(0);

    await user.type(reason, '  Lyon v Nice was postponed  ');
    await user.click(within(dialog).getByRole('button', { name: 'Settle as Void' }));
    expect(await within(section).findByText('Settled as Void.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `${tipPath}/settle`).map((call) => call.body)).toEqual([
      { result: 'void', reason: 'Lyon v Nice was postponed' },
    ]);
  });

  it('deletes after the confirmation and goes back to the list', async () => {
    const { user, calls } = openTip({
      [`DELETE ${tipPath}`]: { body: { success: true, message: 'Tip deleted.' } },
    });
    const section = await screen.findByRole('region', { name: 'Delete tip' });
    await user.click(within(section).getByRole('button', { name: 'Delete tip' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the Daily 2 odds tip for 1 Mar 2025?' });
    expect(callsTo(calls, 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/rollover-tips'));
    expect(await screen.findByText('The Daily 2 odds tip for 1 Mar 2025 deleted.')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE')).toHaveLength(1);
  });

  it('says when the tip does not exist', async () => {
    openTip({
      [`GET ${tipPath}`]: {
        status: 404,
        body: { success: false, code: 'NOT_FOUND', message: rolloverMessages.tipNotFound },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Rollover tip not found' })).toBeInTheDocument();
  });
});
