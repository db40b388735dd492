import type { CheckCodeResponse } from '@cashtips/contract/bookmakers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { boughtCode, purchase } from '../../../testing/code-fixtures.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const checked: CheckCodeResponse = {
  success: true,
  bookmaker: 'sportybet',
  bookmakerLabel: 'SportyBet',
  bookingCode: 'ABC123',
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
      match: { id: 'm1', live: { status: 'scheduled', minute: null, score: null } },
    },
    {
      homeTeam: 'Lyon',
      awayTeam: 'PSG',
      league: 'Ligue 1',
      country: 'France',
      kickoff: '2026-12-12T09:00:00.000Z',
      market: '1X2',
      pick: 'Away',
      prediction: 'Away',
      odds: 1.8,
      state: 'live',
      unplaceable: 'Lyon v PSG has started',
      outcome: null,
      match: null,
    },
  ],
  missingLegs: 0,
  totalOdds: 3.33,
  anyStarted: true,
  reasons: ['Lyon v PSG has started'],
  checkedAt: '2026-12-12T10:05:00.000Z',
};

describe('checking a booking code at the bookmaker (/check-code)', () => {
  it('checks a pasted code and shows its games, prices, Lagos kickoffs and what has started', async () => {
    const { calls } = signedInApi({ 'POST /api/booking-codes/check': { body: checked } });
    const { user } = renderApp('/check-code');
    await screen.findByRole('heading', { name: 'Check a booking code', level: 1 });
    expect(screen.getByRole('combobox', { name: 'Bookmaker' })).toHaveValue('SportyBet');
    await user.type(screen.getByLabelText('Booking code'), 'abc 123');
    await user.click(screen.getByRole('button', { name: 'Check code' }));

    const result = await screen.findByRole('region', { name: 'SportyBet · ABC123' });
    expect(calls.find((call) => call.path === '/api/booking-codes/check')?.body).toEqual({
      bookmaker: 'SportyBet',
      bookingCode: 'abc123',
    });
    expect(result).toHaveTextContent('Total odds 3.33');
    expect(result).toHaveTextContent('A game has started: the code can no longer be placed as shared.');
    const games = within(within(result).getByRole('list', { name: 'Games' })).getAllByRole('listitem');
    expect(games.map((game) => game.textContent)).toEqual([
      expect.stringContaining(
        'Game 1: Arsenal v Chelsea1.85Over/Under 2.5: OverPremier League (England) · 12 Dec 2026, 16:00 Lagos time',
      ),
      expect.stringContaining(
        'Game 2: Lyon v PSG1.801X2: AwayLigue 1 (France) · 12 Dec 2026, 10:00 Lagos time',
      ),
    ]);
    expect(games[1]).toHaveTextContent('Started');
    await waitFor(() => expect(result).toHaveFocus());
  });

  it('says when every game can still be placed', async () => {
    const open = {
      ...checked,
      legs: checked.legs.slice(0, 1),
      totalOdds: 1.85,
      anyStarted: false,
      reasons: [],
    };
    signedInApi({ 'POST /api/booking-codes/check': { body: open } });
    renderApp('/check-code?bookmaker=SportyBet&code=ABC123');
    const result = await screen.findByRole('region', { name: 'SportyBet · ABC123' });
    expect(result).toHaveTextContent('No game has started: the code can be placed as shared.');
  });

  it('shows the bookmaker’s refusal on the code field, and an unreachable bookmaker above the button', async () => {
    signedInApi({
      'POST /api/booking-codes/check': {
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
      },
    });
    const { user } = renderApp('/check-code');
    await user.type(await screen.findByLabelText('Booking code'), 'NOSUCH1');
    await user.click(screen.getByRole('button', { name: 'Check code' }));
    const field = screen.getByLabelText('Booking code');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(
      /SportyBet cannot load this code: The code is invalid or expired/,
    );
    expect(field).toHaveFocus();
  });

  it('refuses a code that is not letters and digits without asking the server', async () => {
    const { calls } = signedInApi({ 'POST /api/booking-codes/check': { body: checked } });
    const { user } = renderApp('/check-code');
    await user.type(await screen.findByLabelText('Booking code'), 'AB-1');
    await user.click(screen.getByRole('button', { name: 'Check code' }));
    expect(await screen.findByText(/4 to 20 letters and digits/)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/booking-codes/check')).toBe(false);
  });

  it('is linked from a bought SportyBet code in My Codes, which opens it checked', async () => {
    signedInApi({
      'GET /api/booking-codes/purchased': {
        body: [
          purchase(1, { code: boughtCode({ _id: 'c1', bookingCode: 'ABC123', bookmaker: 'SportyBet' }) }),
        ],
      },
      'GET /api/booking-codes/purchased/summary': {
        body: { success: true, bought: 1, spent: 500, active: 1, expired: 0, won: 0, lost: 0 },
      },
      'POST /api/booking-codes/check': { body: checked },
    });
    const { user } = renderApp('/my-codes');
    await user.click(await screen.findByRole('link', { name: 'Check this code at SportyBet now' }));
    expect(await screen.findByRole('region', { name: 'SportyBet · ABC123' })).toBeInTheDocument();
  });
});
