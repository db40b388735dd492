import type { CheckCodeResponse } from '@cashtips/contract/bookmakers';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { pageInfo, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import type { MockRoute } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

const read: CheckCodeResponse = {
  success: true,
  bookmaker: 'sportybet',
  bookmakerLabel: 'SportyBet',
  bookingCode: 'SB7K2Q',
  legs: [
    {
      homeTeam: 'Arsenal',
      awayTeam: 'Chelsea',
      league: 'Premier League',
      country: 'England',
      kickoff: '2026-12-12T15:00:00.000Z',
      market: 'Over/Under 2.5',
      pick: 'Over',
      prediction: 'Over 2.5',
      odds: 1.85,
      state: 'not-started',
      unplaceable: null,
      outcome: null,
      match: null,
    },
    {
      homeTeam: 'Enyimba',
      awayTeam: 'Rangers International',
      league: 'NPFL',
      country: 'Nigeria',
      kickoff: '2026-12-12T16:00:00.000Z',
      market: 'Corners',
      pick: 'Over 9.5',
      prediction: null,
      odds: 1.9,
      state: 'not-started',
      unplaceable: null,
      outcome: null,
      match: null,
    },
  ],
  missingLegs: 0,
  totalOdds: 3.52,
  anyStarted: false,
  reasons: [],
  checkedAt: '2026-12-12T13:05:00.000Z',
};

function openNewForm(preview: MockRoute) {
  const api = signInAsAdmin({
    'POST /api/admin/booking-codes/preview': preview,
    'GET /api/admin/booking-codes': { body: { success: true, codes: [], ...pageInfo(0) } },
  });
  return { ...api, ...renderApp('/admin/booking-codes/new') };
}

describe('a new SportyBet code filled from the bookmaker', () => {
  it('reads the code and fills the games, their picks and odds, and the total', async () => {
    const { user, calls } = openNewForm({ body: read });
    await screen.findByRole('heading', { name: 'New booking code' });
    await user.type(screen.getByRole('textbox', { name: /Booking code/ }), 'SB7K2Q');
    // Another bookmaker's codes are typed by hand: no button.
    await user.type(screen.getByRole('combobox', { name: 'Bookmaker' }), 'Bet9ja');
    expect(screen.queryByRole('button', { name: /Read the games at/ })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('combobox', { name: 'Bookmaker' }));
    await user.type(screen.getByRole('combobox', { name: 'Bookmaker' }), 'SportyBet');
    await user.click(screen.getByRole('button', { name: 'Read the games at SportyBet' }));

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Total odds' })).toHaveValue('3.52'));
    expect(calls.find((call) => call.path === '/api/admin/booking-codes/preview')?.body).toEqual({
      bookmaker: 'SportyBet',
      bookingCode: 'SB7K2Q',
    });
    const first = screen.getByRole('group', { name: 'Game 1' });
    expect(within(first).getByRole('textbox', { name: 'Team A' })).toHaveValue('Arsenal');
    expect(within(first).getByRole('textbox', { name: 'Team B' })).toHaveValue('Chelsea');
    expect(within(first).getByRole('textbox', { name: 'League' })).toHaveValue('Premier League');
    expect(within(first).getByLabelText('Kickoff (Lagos time)')).toHaveValue('2026-12-12T16:00');
    const second = screen.getByRole('group', { name: 'Game 2' });
    // A market the product does not settle keeps the bookmaker's words.
    expect(within(second).getByDisplayValue('Corners: Over 9.5')).toBeInTheDocument();
    expect(
      screen.getByText(/Filled from SportyBet at 14:05 Lagos time: 2 games, total odds 3.52\./),
    ).toBeInTheDocument();
  });

  it('puts the bookmaker’s refusal on the code field', async () => {
    const { user } = openNewForm({
      status: 422,
      body: {
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'SportyBet cannot load this code: The code is invalid or expired',
        errors: [
          {
            field: 'bookingCode',
            message: 'SportyBet cannot load this code: The code is invalid or expired',
          },
        ],
      },
    });
    await screen.findByRole('heading', { name: 'New booking code' });
    await user.type(screen.getByRole('textbox', { name: /Booking code/ }), 'NOSUCH1');
    await user.type(screen.getByRole('combobox', { name: 'Bookmaker' }), 'SportyBet');
    await user.click(screen.getByRole('button', { name: 'Read the games at SportyBet' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Booking code/ })).toHaveAccessibleDescription(
        /SportyBet cannot load this code: The code is invalid or expired/,
      ),
    );
  });
});
