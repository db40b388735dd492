import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { adminBookingCode, pageInfo, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import type { MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

const emptyList = { body: { success: true, codes: [], ...pageInfo(0) } };

function openNewForm(create: MockRoute) {
  const api = signInAsAdmin({
    'POST /api/admin/booking-codes': create,
    'GET /api/admin/booking-codes': emptyList,
  });
  const rendered = renderApp('/admin/booking-codes/new');
  return { ...api, ...rendered };
}

const posts = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/admin/booking-codes');

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('new booking code form', () => {
  it('checks the fields with the contract schema before anything is sent', async () => {
    const { user, calls } = openNewForm({ status: 201, body: { success: true, code: adminBookingCode() } });
    await screen.findByRole('heading', { name: 'New booking code' });
    await user.type(field(/Booking code/), 'ab');
    await user.type(field('Total odds'), '1');
    await user.type(field('Price (₦)'), '99.5');
    await user.clear(field('Confidence (%)'));
    await user.type(field('Confidence (%)'), '120');
    await user.type(field(/Slot limit/), 'lots');
    await user.click(screen.getByRole('button', { name: 'Create code' }));

    expect(field(/Booking code/)).toHaveAccessibleDescription(
      /A booking code is 6 to 40 letters, digits or dashes\./,
    );
    expect(field(/Booking code/)).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Bookmaker' })).toHaveAccessibleDescription(
      'The bookmaker is required.',
    );
    expect(field('Total odds')).toHaveAccessibleDescription('Odds start at 1.01.');
    expect(field('Price (₦)')).toHaveAccessibleDescription('Prices are whole naira.');
    expect(field('Confidence (%)')).toHaveAccessibleDescription(
      'Confidence is a whole number from 0 to 100.',
    );
    expect(field(/Slot limit/)).toHaveAccessibleDescription(/Enter a number, e\.g\. 2\.5\./);
    expect(screen.getByLabelText(/^Expires/)).toHaveAccessibleDescription(/Expiry must be a date and time\./);
    const game = screen.getByRole('group', { name: 'Game 1' });
    expect(within(game).getByRole('textbox', { name: 'Team A' })).toHaveAccessibleDescription(
      'Team A is required.',
    );
    expect(within(game).getByLabelText('Kickoff (Lagos time)')).toHaveAccessibleDescription(
      'Kickoff must be a date and time.',
    );
    expect(screen.getByText('Check the highlighted fields.')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('posts numbers and Lagos times with their offset, then goes back to the list with a toast', async () => {
    const { user, calls } = openNewForm({
      status: 201,
      body: { success: true, code: adminBookingCode({ bookingCode: 'SB-12345' }) },
    });
    await screen.findByRole('heading', { name: 'New booking code' });
    await user.type(field(/Booking code/), ' sb-12345 ');
    await user.type(screen.getByRole('combobox', { name: 'Bookmaker' }), 'SportyBet');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Tennis');
    await user.type(field('Total odds'), '12.5');
    await user.type(field('Price (₦)'), '1,500');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Urgency' }), 'High (Hot)');
    await user.type(field(/Urgency tag/), 'Starts in 1 hour');
    await user.type(field(/Slot limit/), '50');
    // No invented buyer count to switch on (PRODUCT 15).
    expect(screen.queryByText(/fake/i)).toBeNull();
    await user.type(screen.getByLabelText(/^Expires/), '2025-03-01T18:00');
    const first = screen.getByRole('group', { name: 'Game 1' });
    await user.type(within(first).getByRole('textbox', { name: 'Team A' }), 'Alcaraz');
    await user.type(within(first).getByRole('textbox', { name: 'Team B' }), 'Sinner');
    await user.type(within(first).getByRole('textbox', { name: 'League' }), 'ATP Indian Wells');
    await user.type(within(first).getByLabelText('Kickoff (Lagos time)'), '2025-03-01T16:30');
    await user.type(within(first).getByRole('textbox', { name: /Prediction/ }), 'Alcaraz to win');
    await user.type(within(first).getByRole('textbox', { name: /Odds/ }), '1.85');

    await user.click(screen.getByRole('button', { name: 'Add game' }));
    const second = screen.getByRole('group', { name: 'Game 2' });
    // A new game starts at its first field: the registered match picker (the teams can be typed under it).
    expect(within(second).getByRole('combobox', { name: 'Pick a registered match' })).toHaveFocus();
    await user.type(within(second).getByRole('textbox', { name: 'Team A' }), 'Swiatek');
    await user.type(within(second).getByRole('textbox', { name: 'Team B' }), 'Gauff');
    await user.type(within(second).getByRole('textbox', { name: 'League' }), 'WTA Indian Wells');
    await user.type(within(second).getByLabelText('Kickoff (Lagos time)'), '2025-03-02T00:15');
    await user.click(screen.getByRole('button', { name: 'Create code' }));

    await waitFor(() => expect(currentLocation()).toBe('/admin/booking-codes'));
    expect(await screen.findByText('Booking code SB-12345 created.')).toBeInTheDocument();
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        bookingCode: 'SB-12345',
        category: 'tennis',
        bookmaker: 'SportyBet',
        totalOdds: 12.5,
        price: 1500,
        confidence: 85,
        urgency: 'high',
        urgencyTag: 'Starts in 1 hour',
        slotLimit: 50,
        moneyBack: false,
        expiresAt: '2025-03-01T18:00:00+01:00',
        games: [
          {
            teamA: 'Alcaraz',
            teamB: 'Sinner',
            league: 'ATP Indian Wells',
            kickoff: '2025-03-01T16:30:00+01:00',
            prediction: 'Alcaraz to win',
            odds: 1.85,
          },
          {
            teamA: 'Swiatek',
            teamB: 'Gauff',
            league: 'WTA Indian Wells',
            kickoff: '2025-03-02T00:15:00+01:00',
          },
        ],
      },
    ]);
  });

  it('sells a code with money back when its box is ticked, explained in one line', async () => {
    const { user, calls } = openNewForm({
      status: 201,
      body: { success: true, code: adminBookingCode({ bookingCode: 'MB-12345', moneyBack: true }) },
    });
    await screen.findByRole('heading', { name: 'New booking code' });
    await user.type(field(/Booking code/), 'MB-12345');
    await user.type(screen.getByRole('combobox', { name: 'Bookmaker' }), 'Bet9ja');
    await user.type(field('Total odds'), '3.2');
    await user.type(field('Price (₦)'), '500');
    await user.type(screen.getByLabelText(/^Expires/), '2025-03-01T18:00');
    const game = screen.getByRole('group', { name: 'Game 1' });
    await user.type(within(game).getByRole('textbox', { name: 'Team A' }), 'Enyimba');
    await user.type(within(game).getByRole('textbox', { name: 'Team B' }), 'Rangers');
    await user.type(within(game).getByRole('textbox', { name: 'League' }), 'NPFL');
    await user.type(within(game).getByLabelText('Kickoff (Lagos time)'), '2025-03-01T16:00');
    const moneyBack = screen.getByRole('checkbox', { name: 'Money back if it loses' });
    expect(moneyBack).not.toBeChecked();
    expect(moneyBack).toHaveAccessibleDescription(
      'If it settles lost or void, every buyer gets the price back into the wallet they paid from.',
    );
    await user.click(moneyBack);
    await user.click(screen.getByRole('button', { name: 'Create code' }));

    await waitFor(() => expect(currentLocation()).toBe('/admin/booking-codes'));
    expect(posts(calls).map((call) => call.body)).toMatchObject([
      { bookingCode: 'MB-12345', price: 500, moneyBack: true },
    ]);
  });

  it('shows the server’s field errors next to their fields, games included', async () => {
    const { user, calls } = openNewForm({
      status: 409,
      body: {
        success: false,
        code: 'CONFLICT',
        message: 'Check the booking code.',
        errors: [
          { field: 'bookingCode', message: 'This booking code already exists.' },
          { field: 'games.0.league', message: 'Unknown league.' },
        ],
      },
    });
    await screen.findByRole('heading', { name: 'New booking code' });
    await user.type(field(/Booking code/), 'SB12345');
    await user.type(screen.getByRole('combobox', { name: 'Bookmaker' }), 'Betway');
    await user.type(field('Total odds'), '2');
    await user.type(field('Price (₦)'), '0');
    await user.type(screen.getByLabelText(/^Expires/), '2025-03-01T18:00');
    const game = screen.getByRole('group', { name: 'Game 1' });
    await user.type(within(game).getByRole('textbox', { name: 'Team A' }), 'Arsenal');
    await user.type(within(game).getByRole('textbox', { name: 'Team B' }), 'Chelsea');
    await user.type(within(game).getByRole('textbox', { name: 'League' }), 'EPL');
    await user.type(within(game).getByLabelText('Kickoff (Lagos time)'), '2025-03-01T16:00');
    await user.click(screen.getByRole('button', { name: 'Create code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Check the booking code.');
    expect(field(/Booking code/)).toHaveAccessibleDescription(/This booking code already exists\./);
    expect(field(/Booking code/)).toHaveFocus();
    expect(within(game).getByRole('textbox', { name: 'League' })).toHaveAccessibleDescription(
      'Unknown league.',
    );
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]?.body).toMatchObject({
      price: 0,
      totalOdds: 2,
      slotLimit: null,
    });
    expect(Object.keys(posts(calls)[0]?.body as object).join()).not.toMatch(/fake/i);
    expect(currentLocation()).toBe('/admin/booking-codes/new');
  });
});
