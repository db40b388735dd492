import { codeMessages } from '@cashtips/contract/booking-codes';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingCode, listReply } from '../../../testing/code-fixtures.ts';
import { fakeSocketServer } from '../../../testing/fake-socket-server.ts';
import type { RecordedCall } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { CODES_PAGE_SIZE } from '../api/get-booking-codes.ts';

const marketCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/api/booking');
const secondPageCode = bookingCode({
  _id: 'c2',
  teamA: 'Enyimba',
  teamB: 'Kano Pillars',
  games: [
    {
      teamA: 'Enyimba',
      teamB: 'Kano Pillars',
      league: 'NPFL',
      kickoff: bookingCode().kickoff,
      prediction: null,
      odds: null,
      score: null,
      outcome: null,
      matchId: 'match-1',
      live: { status: 'scheduled', minute: null, score: null },
    },
  ],
});

describe('booking code market (/buycodes)', () => {
  it('shows the codes on sale from GET /api/booking, masked, a page at a time', async () => {
    const { calls } = signedInApi({ 'GET /api/booking': listReply([bookingCode()]) });
    renderApp('/buycodes');
    const card = await screen.findByRole('article', { name: 'Arsenal vs Chelsea' });
    expect(screen.getByRole('heading', { name: 'Booking Code Market' })).toBeInTheDocument();
    expect(card).toHaveTextContent('SPO•••••');
    expect(card).toHaveTextContent('₦1,000');
    expect(card).toHaveTextContent('38 of 50 slots left');
    const [first] = marketCalls(calls);
    expect(first?.query.get('page')).toBe('1');
    expect(first?.query.get('limit')).toBe(String(CODES_PAGE_SIZE));
    // One page only: no pager.
    expect(screen.queryByRole('navigation', { name: 'Booking codes pages' })).not.toBeInTheDocument();
  });

  it('pages through the market with Previous and Next', async () => {
    const { calls } = signedInApi({
      'GET /api/booking': (_body, url) =>
        url.searchParams.get('page') === '2'
          ? listReply([secondPageCode], CODES_PAGE_SIZE + 1, 2)
          : listReply([bookingCode()], CODES_PAGE_SIZE + 1, 2),
    });
    const { user } = renderApp('/buycodes');
    await screen.findByRole('article', { name: 'Arsenal vs Chelsea' });
    const pager = screen.getByRole('navigation', { name: 'Booking codes pages' });
    expect(pager).toHaveTextContent('Page 1 of 2');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Enyimba vs Kano Pillars' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Arsenal vs Chelsea' })).not.toBeInTheDocument();
    expect(pager).toHaveTextContent('Page 2 of 2');
    expect(marketCalls(calls).at(-1)?.query.get('page')).toBe('2');

    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('article', { name: 'Arsenal vs Chelsea' })).toBeInTheDocument();
  });

  it('says there are no codes on sale, with the spec text', async () => {
    signedInApi({ 'GET /api/booking': listReply([]) });
    renderApp('/buycodes');
    expect(await screen.findByText(codeMessages.noPremiumCodes)).toBeInTheDocument();
    expect(screen.getByText('New codes are posted every day; come back soon.')).toBeInTheDocument();
  });

  it('recovers from a failed load with Retry', async () => {
    let failing = true;
    signedInApi({
      'GET /api/booking': () =>
        failing
          ? { status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'The service is busy.' } }
          : listReply([bookingCode()]),
    });
    const { user } = renderApp('/buycodes');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Could not load the market.');
    expect(alert).toHaveTextContent('The service is busy.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Arsenal vs Chelsea' })).toBeInTheDocument();
  });

  it('opens the purchase modal from Buy Now, and follows the slots left live', async () => {
    signedInApi({
      'GET /api/booking': listReply([bookingCode()]),
      'GET /api/booking-codes/c1': { body: { success: true, code: bookingCode() } },
    });
    const { user } = renderApp('/buycodes');
    const card = await screen.findByRole('article', { name: 'Arsenal vs Chelsea' });
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    act(() =>
      fakeSocketServer.emit('live-activity', { type: 'bookingCode', id: 'c1', count: 20, slotsLeft: 30 }),
    );
    await waitFor(() => expect(card).toHaveTextContent('30 of 50 slots left'));

    await user.click(within(card).getByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByRole('dialog', { name: 'Buy booking code' })).toBeInTheDocument();
  });
});
