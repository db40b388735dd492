import { codeMessages } from '@cashtips/contract/booking-codes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingCode, listReply } from '../../../testing/code-fixtures.ts';
import { fakeSocketServer } from '../../../testing/fake-socket-server.ts';
import { type MockRoute, mockApi } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

function visitorApi(routes: Record<string, MockRoute> = {}) {
  return mockApi({
    'GET /api/geo': { body: { success: true, countryCode: 'ng', currency: 'NGN' } },
    'GET /api/booking-codes': listReply([bookingCode()]),
    ...routes,
  });
}

const listCalls = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((call) => call.path === '/api/booking-codes');

describe('booking codes list', () => {
  it('shows a visitor the cards in the public shell: match, odds, price, confidence, slots and the masked code', async () => {
    visitorApi();
    renderApp('/booking-codes');
    const card = await screen.findByRole('article', { name: 'Arsenal vs Chelsea' });
    expect(screen.getByRole('link', { name: 'Get Started' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(card).toHaveTextContent('SportyBet');
    expect(card).toHaveTextContent('Premier League');
    expect(card).toHaveTextContent('2 games');
    expect(card).toHaveTextContent('4.35');
    expect(card).toHaveTextContent('Bold');
    expect(card).toHaveTextContent('₦1,000');
    expect(card).toHaveTextContent('Hot');
    expect(within(card).getByTestId('take-up')).toHaveTextContent('38 of 50 slots left');
    expect(card).toHaveTextContent('SPO•••••');
    expect(within(card).getByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
  });

  it("reads Hot, Live or Stable from the urgency, with the admin's tag beside it, not instead of it", async () => {
    visitorApi({
      'GET /api/booking-codes': listReply([
        bookingCode({ _id: 'h', urgency: 'high', urgencyTag: 'Closing soon', teamA: 'Hot FC', games: [] }),
        bookingCode({ _id: 'm', urgency: 'medium', teamA: 'Live FC', games: [] }),
        bookingCode({
          _id: 'l',
          urgency: 'low',
          teamA: 'Calm FC',
          slotLimit: null,
          slotsLeft: null,
          games: [],
        }),
      ]),
    });
    renderApp('/booking-codes');
    const hot = await screen.findByRole('article', { name: 'Hot FC vs Chelsea' });
    expect(hot).toHaveTextContent('Hot');
    expect(hot).toHaveTextContent('Closing soon');
    expect(screen.getByRole('article', { name: 'Live FC vs Chelsea' })).toHaveTextContent('Live');
    const calm = screen.getByRole('article', { name: 'Calm FC vs Chelsea' });
    expect(calm).toHaveTextContent('Stable');
    expect(calm).toHaveTextContent('12 bought');
  });

  it('sends the category, sliders, sort and (after a pause) the search to the server', async () => {
    const { calls } = visitorApi();
    const { user } = renderApp('/booking-codes');
    await screen.findByRole('article', { name: 'Arsenal vs Chelsea' });
    const first = listCalls(calls)[0];
    expect(first?.query.get('sort')).toBe('newest');
    expect(first?.query.get('page')).toBe('1');
    expect(first?.query.has('minConfidence')).toBe(false);
    expect(first?.query.has('maxPrice')).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'tennis');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price');
    fireEvent.change(screen.getByRole('slider', { name: /Minimum confidence/ }), { target: { value: '80' } });
    fireEvent.change(screen.getByRole('slider', { name: /Maximum price/ }), { target: { value: '2500' } });
    await waitFor(() => {
      const last = listCalls(calls).at(-1);
      expect(last?.query.get('category')).toBe('tennis');
      expect(last?.query.get('sort')).toBe('price');
      expect(last?.query.get('minConfidence')).toBe('80');
      expect(last?.query.get('maxPrice')).toBe('2500');
    });
    const before = listCalls(calls).length;
    await user.type(screen.getByRole('searchbox', { name: 'Search codes' }), 'arsenal');
    // Typing alone asks nothing; the search goes out once, after the pause.
    expect(listCalls(calls)).toHaveLength(before);
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('search')).toBe('arsenal'));
    expect(listCalls(calls).filter((call) => call.query.has('search'))).toHaveLength(1);
  });

  it('asks a visitor to log in when they press Buy Now', async () => {
    const { calls } = visitorApi();
    const { user } = renderApp('/booking-codes');
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByText(codeMessages.loginToPurchase)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('colours confidence green from 90, yellow from 80, orange from 70, else red', async () => {
    visitorApi({
      'GET /api/booking-codes': listReply([
        bookingCode({ _id: 'a', confidence: 90, teamA: 'A1', games: [] }),
        bookingCode({ _id: 'b', confidence: 89, teamA: 'B1', games: [] }),
        bookingCode({ _id: 'c', confidence: 70, teamA: 'C1', games: [] }),
        bookingCode({ _id: 'd', confidence: 69, teamA: 'D1', games: [] }),
      ]),
    });
    renderApp('/booking-codes');
    const tone = async (team: string) =>
      within(await screen.findByRole('article', { name: `${team} vs Chelsea` })).getByText(/% confidence/);
    expect(await tone('A1')).toHaveClass('text-green-300');
    expect(await tone('B1')).toHaveClass('text-yellow-300');
    expect(await tone('C1')).toHaveClass('text-orange-300');
    expect(await tone('D1')).toHaveClass('text-red-300');
  });

  it('copies the masked code with a reminder that buying shows the full one', async () => {
    visitorApi();
    const { user } = renderApp('/booking-codes');
    await user.click(await screen.findByRole('button', { name: 'Copy masked booking code' }));
    expect(await screen.findByText(codeMessages.copiedMasked)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('SPO•••••');
  });

  it('opens the Quick Preview with its urgency badge: Hot, Live, Active, Expired first', async () => {
    visitorApi({
      'GET /api/booking-codes': listReply([
        bookingCode({ _id: 'a', urgency: 'medium', teamA: 'Live FC', games: [] }),
        bookingCode({ _id: 'b', urgency: 'low', teamA: 'Calm FC', games: [] }),
        bookingCode({
          _id: 'c',
          urgency: 'high',
          teamA: 'Late FC',
          games: [],
          expiresAt: '2020-01-01T00:00:00.000Z',
        }),
      ]),
    });
    const { user } = renderApp('/booking-codes');
    const badgeFor = async (team: string) => {
      const card = await screen.findByRole('article', { name: `${team} vs Chelsea` });
      await user.click(within(card).getByRole('button', { name: 'Quick Preview' }));
      const dialog = await screen.findByRole('dialog', { name: 'Quick Preview' });
      const text = within(dialog).getByTestId('preview-urgency').textContent;
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      return text;
    };
    expect(await badgeFor('Live FC')).toBe('Live');
    expect(await badgeFor('Calm FC')).toBe('Active');
    expect(await badgeFor('Late FC')).toBe('Expired');
  });

  it('says there are no codes, with the spec text', async () => {
    visitorApi({ 'GET /api/booking-codes': listReply([]) });
    renderApp('/booking-codes');
    expect(await screen.findByText(codeMessages.noPremiumCodes)).toBeInTheDocument();
  });

  it('recovers from a failed load with Retry', async () => {
    let failing = true;
    visitorApi({
      'GET /api/booking-codes': () =>
        failing
          ? { status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'The service is busy.' } }
          : listReply([bookingCode()]),
    });
    const { user } = renderApp('/booking-codes');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('The service is busy.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Arsenal vs Chelsea' })).toBeInTheDocument();
  });

  it('shows one take-up figure per card: the real slots left when the code has a limit, else how many bought', async () => {
    visitorApi({
      'GET /api/booking-codes': listReply([
        // 31 shown buyers (19 of them the admin's extra, who take no slot) and 50 real slots left.
        bookingCode({
          _id: 'a',
          teamA: 'Limited FC',
          slotLimit: 62,
          slotsLeft: 50,
          buyerCount: 31,
          games: [],
        }),
        bookingCode({
          _id: 'b',
          teamA: 'Gone FC',
          slotLimit: 20,
          slotsLeft: 0,
          soldOut: true,
          buyerCount: 20,
          games: [],
        }),
        bookingCode({
          _id: 'c',
          teamA: 'Open FC',
          slotLimit: null,
          slotsLeft: null,
          buyerCount: 31,
          games: [],
        }),
      ]),
    });
    renderApp('/booking-codes');
    const limited = await screen.findByRole('article', { name: 'Limited FC vs Chelsea' });
    expect(within(limited).getByTestId('take-up')).toHaveTextContent(/^50 of 62 slots left$/);
    expect(limited).not.toHaveTextContent('bought');
    const gone = screen.getByRole('article', { name: 'Gone FC vs Chelsea' });
    expect(within(gone).getByTestId('take-up')).toHaveTextContent(/^Sold out$/);
    expect(gone).not.toHaveTextContent('bought');
    const open = screen.getByRole('article', { name: 'Open FC vs Chelsea' });
    expect(within(open).getByTestId('take-up')).toHaveTextContent(/^31 bought$/);
    expect(open).not.toHaveTextContent(/slots? left|Unlimited/);
  });

  it("updates a code's buyer count live for a visitor, on a socket without a token", async () => {
    visitorApi({
      'GET /api/booking-codes': listReply([bookingCode({ slotLimit: null, slotsLeft: null })]),
    });
    renderApp('/booking-codes');
    const card = await screen.findByRole('article', { name: 'Arsenal vs Chelsea' });
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    expect(fakeSocketServer.connected()[0]?.auth).not.toHaveProperty('token');
    act(() => fakeSocketServer.emit('live-activity', { type: 'bookingCode', id: 'c1', count: 31 }));
    await waitFor(() => expect(card).toHaveTextContent('31 bought'));
    act(() => fakeSocketServer.emit('live-activity', { type: 'bookingCode', id: 'other', count: 99 }));
    expect(card).toHaveTextContent('31 bought');
  });

  it('shows a signed-in user the list inside the app layout, and Buy Now opens the purchase modal', async () => {
    signedInApi({
      'GET /api/booking-codes': listReply([bookingCode()]),
      'GET /api/booking-codes/c1': { body: { success: true, code: bookingCode() } },
    });
    const { user } = renderApp('/booking-codes');
    await screen.findByRole('article', { name: 'Arsenal vs Chelsea' });
    expect(screen.getByRole('navigation', { name: 'Bottom navigation' })).toHaveTextContent('Codes');
    expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByRole('dialog', { name: 'Buy booking code' })).toBeInTheDocument();
  });
});
