import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingCode, listReply } from '../../../testing/code-fixtures.ts';
import { mockApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

/** A code read at its bookmaker when posted (PRODUCT 16) says so on its card, with the time of the check. */
describe('codes verified at the bookmaker', () => {
  it('badges a verified card with the bookmaker and the Lagos time of the check; an unchecked card has none', async () => {
    mockApi({
      'GET /api/geo': { body: { success: true, countryCode: 'ng', currency: 'NGN' } },
      'GET /api/booking-codes': listReply([
        bookingCode({
          _id: 'checked',
          teamA: 'Checked FC',
          bookmaker: 'SportyBet',
          games: [],
          verification: {
            status: 'verified',
            checkedAt: '2026-12-07T13:05:00.000Z',
            bookmakerTotalOdds: 3.33,
          },
        }),
        bookingCode({ _id: 'typed', teamA: 'Typed FC', bookmaker: 'Bet9ja', games: [], verification: null }),
      ]),
    });
    renderApp('/booking-codes');
    const card = await screen.findByRole('article', { name: 'Checked FC vs Chelsea' });
    const badge = within(card).getByTestId('verified');
    expect(badge).toHaveTextContent(/^Verified at SportyBet/);
    expect(badge).toHaveAttribute('title', 'Checked at SportyBet 7 Dec 2026, 14:05 Lagos time');
    expect(badge).toHaveTextContent('checked at sportybet 7 dec 2026, 14:05 lagos time');
    const typed = screen.getByRole('article', { name: 'Typed FC vs Chelsea' });
    expect(within(typed).queryByTestId('verified')).not.toBeInTheDocument();
  });
});
