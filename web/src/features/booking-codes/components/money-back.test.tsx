import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingCode, boughtCode, listReply, purchase } from '../../../testing/code-fixtures.ts';
import { mockApi } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

/** Money-back codes (PRODUCT 11) on the list, the card, the filter and both detail pages. */
const promise = 'Refunded to your wallet if this code loses or is void';

function visitorApi(codes = [bookingCode()]) {
  return mockApi({
    'GET /api/geo': { body: { success: true, countryCode: 'ng', currency: 'NGN' } },
    'GET /api/booking-codes': listReply(codes),
  });
}

const listCalls = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((call) => call.path === '/api/booking-codes');

describe('money-back codes', () => {
  it('badges a money-back card, with the promise read out and on hover; other cards have no badge', async () => {
    visitorApi([
      bookingCode({ _id: 'mb', teamA: 'Refund FC', moneyBack: true, games: [] }),
      bookingCode({ _id: 'plain', teamA: 'Plain FC', games: [] }),
    ]);
    renderApp('/booking-codes');
    const card = await screen.findByRole('article', { name: 'Refund FC vs Chelsea' });
    const badge = within(card).getByTestId('money-back');
    expect(badge).toHaveTextContent(/^Money back/);
    expect(badge).toHaveTextContent(`Money back: ${promise.toLowerCase()}`);
    expect(badge).toHaveAttribute('title', promise);
    const plain = screen.getByRole('article', { name: 'Plain FC vs Chelsea' });
    expect(within(plain).queryByTestId('money-back')).not.toBeInTheDocument();
  });

  it('the Money back only switch asks for moneyBack=1 and keeps it in the address', async () => {
    const { calls } = visitorApi();
    const { user } = renderApp('/booking-codes');
    await screen.findByRole('article', { name: 'Arsenal vs Chelsea' });
    expect(listCalls(calls)[0]?.query.has('moneyBack')).toBe(false);
    const toggle = screen.getByRole('switch', { name: 'Money back only' });
    expect(toggle).toHaveAccessibleDescription(
      'Codes whose price comes back to your wallet if they lose or are void.',
    );
    await user.click(toggle);
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('moneyBack')).toBe('1'));
    expect(listCalls(calls).at(-1)?.query.get('page')).toBe('1');
    expect(currentLocation()).toBe('/booking-codes?moneyBack=1');
    // Off again: the unfiltered list (already loaded) and a clean address.
    await user.click(toggle);
    await waitFor(() => expect(currentLocation()).toBe('/booking-codes'));
    expect(toggle).not.toBeChecked();
  });

  it('opens filtered from a link with ?moneyBack=1', async () => {
    const { calls } = visitorApi();
    renderApp('/booking-codes?moneyBack=1');
    await screen.findByRole('article', { name: 'Arsenal vs Chelsea' });
    expect(listCalls(calls)[0]?.query.get('moneyBack')).toBe('1');
    expect(screen.getByRole('switch', { name: 'Money back only' })).toBeChecked();
  });

  it('the detail shows the badge and the promise', async () => {
    signedInApi({
      'GET /api/booking-codes/c1': { body: { success: true, code: bookingCode({ moneyBack: true }) } },
    });
    renderApp('/booking-codes/c1');
    expect(await screen.findByTestId('money-back')).toHaveAttribute('title', promise);
    expect(screen.getByTestId('money-back-note')).toHaveTextContent(`Money back: ${promise.toLowerCase()}.`);
  });

  it('a bought money-back code that lost says the price was refunded', async () => {
    signedInApi({
      'GET /api/booking-codes/c1': {
        body: { success: true, code: boughtCode({ moneyBack: true, result: 'lost' }) },
      },
    });
    renderApp('/booking-codes/c1');
    expect(await screen.findByTestId('money-back-note')).toHaveTextContent(
      'Money back: this code lost, so the price you paid was refunded to your wallet.',
    );
  });

  it('the purchase’s detail names the amount and the wallet it went back to', async () => {
    signedInApi({
      'GET /api/booking/purchased': {
        body: [
          purchase(2, {
            walletType: 'bonus',
            code: boughtCode({ _id: 'c2', bookingCode: 'CODE2', moneyBack: true, result: 'void' }),
          }),
        ],
      },
    });
    renderApp('/booking/p2');
    expect(await screen.findByTestId('money-back-note')).toHaveTextContent(
      'Money back: this code was void, so ₦1,000 was refunded to your bonus wallet.',
    );
    expect(screen.getByTestId('money-back')).toBeInTheDocument();
  });

  it('a code without money back shows neither badge nor note', async () => {
    signedInApi({
      'GET /api/booking-codes/c1': { body: { success: true, code: boughtCode({ result: 'lost' }) } },
    });
    renderApp('/booking-codes/c1');
    await screen.findByTestId('booking-code');
    expect(screen.queryByTestId('money-back')).not.toBeInTheDocument();
    expect(screen.queryByTestId('money-back-note')).not.toBeInTheDocument();
  });
});
