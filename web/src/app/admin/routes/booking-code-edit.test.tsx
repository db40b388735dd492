import type { CodeBuyersResponse } from '@cashtips/contract/booking-codes';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { adminBookingCode, pageInfo, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import type { MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

const buyers: CodeBuyersResponse = {
  success: true,
  buyers: [
    {
      _id: 'p_1',
      userId: 'u_1',
      email: 'ada@example.com',
      name: 'Ada Obi',
      walletType: 'main',
      pricePaid: 1500,
      purchasedAt: '2025-03-01T09:15:00.000Z',
    },
    {
      _id: 'p_2',
      userId: 'u_2',
      email: 'tunde@example.com',
      name: 'Tunde Bello',
      walletType: 'bonus',
      pricePaid: 1200,
      purchasedAt: '2025-03-01T10:45:00.000Z',
    },
  ],
};

function openCode(routes: Record<string, MockRoute> = {}) {
  const api = signInAsAdmin({
    'GET /api/admin/booking-codes/c_1': { body: { success: true, code: adminBookingCode() } },
    'GET /api/admin/booking-codes/c_1/buyers': { body: buyers },
    'GET /api/admin/booking-codes': { body: { success: true, codes: [], ...pageInfo(0) } },
    ...routes,
  });
  return { ...api, ...renderApp('/admin/booking-codes/c_1') };
}

const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

describe('admin booking code screen', () => {
  it('fills the form from the code, in Lagos time, and saves the edit with PATCH', async () => {
    const { user, calls } = openCode({
      'PATCH /api/admin/booking-codes/c_1': (body) => ({
        body: { success: true, code: adminBookingCode({ price: 2000, ...(body as object) }) },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Edit booking code' });
    expect(within(form).getByRole('textbox', { name: /Booking code/ })).toHaveValue('SB7X9K2');
    expect(within(form).getByLabelText(/^Expires/)).toHaveValue('2099-03-01T18:00');
    const game = within(form).getByRole('group', { name: 'Game 1' });
    expect(within(game).getByLabelText('Kickoff (Lagos time)')).toHaveValue('2099-03-01T17:00');
    expect(within(game).getByRole('textbox', { name: /Odds/ })).toHaveValue('2.1');
    const price = within(form).getByRole('textbox', { name: 'Price (₦)' });
    await user.clear(price);
    await user.type(price, '2000');
    await user.clear(within(form).getByRole('textbox', { name: /Urgency tag/ }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(currentLocation()).toBe('/admin/booking-codes'));
    expect(await screen.findByText('Booking code SB7X9K2 saved.')).toBeInTheDocument();
    const [patch] = callsTo(calls, 'PATCH', '/api/admin/booking-codes/c_1');
    expect(patch?.body).toMatchObject({
      bookingCode: 'SB7X9K2',
      price: 2000,
      urgencyTag: '',
      expiresAt: '2099-03-01T18:00:00+01:00',
      games: [{ kickoff: '2099-03-01T17:00:00+01:00', odds: 2.1, prediction: 'Home win' }],
    });
    expect(patch?.body).not.toHaveProperty('adminNote');
  });

  it('keeps money back on a sold code (the box is locked and says why) and sends it with the edit', async () => {
    const { user, calls } = openCode({
      'GET /api/admin/booking-codes/c_1': {
        body: { success: true, code: adminBookingCode({ moneyBack: true, realBuyerCount: 12 }) },
      },
      'PATCH /api/admin/booking-codes/c_1': (body) => ({
        body: { success: true, code: adminBookingCode({ moneyBack: true, ...(body as object) }) },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Edit booking code' });
    const moneyBack = within(form).getByRole('checkbox', { name: 'Money back if it loses' });
    expect(moneyBack).toBeChecked();
    expect(moneyBack).toBeDisabled();
    expect(moneyBack).toHaveAccessibleDescription(
      'Sold with money back: it stays on for the buyers who bought it on that promise.',
    );
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo(calls, 'PATCH', '/api/admin/booking-codes/c_1')).toHaveLength(1));
    expect(callsTo(calls, 'PATCH', '/api/admin/booking-codes/c_1')[0]?.body).toMatchObject({
      moneyBack: true,
    });
  });

  it('tells the admin settling a money-back code that its buyers are refunded', async () => {
    const { user } = openCode({
      'GET /api/admin/booking-codes/c_1': {
        body: { success: true, code: adminBookingCode({ moneyBack: true }) },
      },
    });
    const section = await screen.findByRole('region', { name: 'Result' });
    expect(section).toHaveTextContent('Money back');
    await user.click(within(section).getByRole('button', { name: 'Lost' }));
    expect(screen.getByRole('alertdialog', { name: 'Settle SB7X9K2 as Lost?' })).toHaveTextContent(
      'Money back: every buyer gets the price back into the wallet they paid from.',
    );
  });

  it('lists the buyers with email, name, wallet, price paid and time, and the revenue', async () => {
    openCode();
    const table = await screen.findByRole('table', { name: 'Buyers of this code' });
    const ada = within(table).getByRole('row', { name: /ada@example\.com/ });
    for (const text of ['Ada Obi', 'Main wallet', '₦1,500', '1 Mar 2025', '10:15']) {
      expect(within(ada).getByText(text)).toBeInTheDocument();
    }
    expect(within(table).getByRole('row', { name: /tunde@example\.com/ })).toHaveTextContent('Bonus wallet');
    expect(screen.getByText(/2 buyers · revenue/)).toHaveTextContent('₦18,000');
    const result = screen.getByRole('region', { name: 'Result' });
    expect(result).toHaveTextContent('₦18,000');
    expect(result).not.toHaveTextContent(/shown|fake/i);
    expect(result).toHaveTextContent('12 / 50');
  });

  it('says so when nobody has bought the code', async () => {
    openCode({ 'GET /api/admin/booking-codes/c_1/buyers': { body: { success: true, buyers: [] } } });
    expect(await screen.findByText('Nobody has bought this code yet.')).toBeInTheDocument();
  });

  it('settles only after the confirmation, posting the chosen result', async () => {
    const { user, calls } = openCode({
      'POST /api/admin/booking-codes/c_1/settle': (body) => ({
        body: {
          success: true,
          code: adminBookingCode({
            result: 'won',
            settledAt: '2025-03-02T08:00:00.000Z',
            ...(body as object),
          }),
        },
      }),
    });
    const section = await screen.findByRole('region', { name: 'Result' });
    await user.click(within(section).getByRole('button', { name: 'Lost' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Settle SB7X9K2 as Lost?' });
    expect(dialog).toHaveTextContent('12 buyers are affected.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'POST', '/api/admin/booking-codes/c_1/settle')).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Won' }));
    dialog = screen.getByRole('alertdialog', { name: 'Settle SB7X9K2 as Won?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Settle as Won' }));

    expect(await within(section).findByText('Settled as Won.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/admin/booking-codes/c_1/settle').map((call) => call.body)).toEqual([
      { result: 'won' },
    ]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Won' })).toBeDisabled();
  });

  it('corrects a settled result only with a reason, which it sends', async () => {
    const { user, calls } = openCode({
      'GET /api/admin/booking-codes/c_1': {
        body: {
          success: true,
          code: adminBookingCode({ result: 'won', settledAt: '2025-03-02T08:00:00.000Z' }),
        },
      },
      'POST /api/admin/booking-codes/c_1/settle': {
        body: {
          success: true,
          code: adminBookingCode({ result: 'lost', settledAt: '2025-03-02T09:00:00.000Z' }),
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Result' });
    await user.click(within(section).getByRole('button', { name: 'Lost' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Settle SB7X9K2 as Lost?' });
    const reason = within(dialog).getByRole('textbox', {
      name: /Reason for changing it from Won \(required/,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Settle as Lost' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'This result is already settled; give a reason to change it.',
    );
    expect(callsTo(calls, 'POST', '/api/admin/booking-codes/c_1/settle')).toHaveLength(0);
    await user.type(reason, 'Second game was abandoned, not lost');
    await user.click(within(dialog).getByRole('button', { name: 'Settle as Lost' }));
    expect(await within(section).findByText('Settled as Lost.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/admin/booking-codes/c_1/settle').map((call) => call.body)).toEqual([
      { result: 'lost', reason: 'Second game was abandoned, not lost' },
    ]);
  });

  it('shows why a settlement was refused', async () => {
    const { user } = openCode({
      'POST /api/admin/booking-codes/c_1/settle': {
        status: 422,
        body: { success: false, code: 'BUSINESS_RULE', message: 'Games are still being played.' },
      },
    });
    const section = await screen.findByRole('region', { name: 'Result' });
    await user.click(within(section).getByRole('button', { name: 'Void' }));
    await user.click(screen.getByRole('button', { name: 'Settle as Void' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Games are still being played.');
  });

  it('deletes after the confirmation and goes back to the list', async () => {
    const { user, calls } = openCode({
      'DELETE /api/admin/booking-codes/c_1': { body: { success: true, message: 'Deleted.' } },
    });
    const section = await screen.findByRole('region', { name: 'Delete code' });
    await user.click(within(section).getByRole('button', { name: 'Delete code' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete booking code SB7X9K2?' });
    expect(callsTo(calls, 'DELETE', '/api/admin/booking-codes/c_1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/booking-codes'));
    expect(await screen.findByText('Booking code SB7X9K2 deleted.')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', '/api/admin/booking-codes/c_1')).toHaveLength(1);
  });

  it('shows the server’s refusal to delete a code that has buyers and stays on the code', async () => {
    const { user } = openCode({
      'DELETE /api/admin/booking-codes/c_1': {
        status: 409,
        body: {
          success: false,
          code: 'CONFLICT',
          message: 'This code has 12 buyers and cannot be deleted. Settle it instead.',
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Delete code' });
    await user.click(within(section).getByRole('button', { name: 'Delete code' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'This code has 12 buyers and cannot be deleted. Settle it instead.',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/admin/booking-codes/c_1');
  });

  it('says when the code does not exist', async () => {
    openCode({
      'GET /api/admin/booking-codes/c_1': {
        status: 404,
        body: { success: false, code: 'NOT_FOUND', message: 'Code Not Found' },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Booking code not found' })).toBeInTheDocument();
  });
});
