import { codeMessages } from '@cashtips/contract/booking-codes';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { boughtCode, purchase } from '../../../testing/code-fixtures.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const codesInOrder = () =>
  within(screen.getByRole('list', { name: 'Purchased codes' }))
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label')?.split(' code ')[1]);

describe('my codes', () => {
  it('shows the figures and sorts newest, oldest, by price and by odds', async () => {
    signedInApi({
      'GET /api/booking-codes/purchased': {
        body: [
          purchase(1, { pricePaid: 3000 }),
          purchase(3, { pricePaid: 200 }),
          purchase(2, {
            pricePaid: 1000,
            code: boughtCode({
              _id: 'c2',
              bookingCode: 'CODE2',
              totalOdds: 9,
              result: 'won',
              expiresAt: '2020-01-01T00:00:00.000Z',
            }),
          }),
        ],
      },
      // The server's figures (every purchase, including those removed from the list), not the cards'.
      'GET /api/booking-codes/purchased/summary': {
        body: { success: true, bought: 5, spent: 6200, active: 3, expired: 2, won: 2, lost: 1 },
      },
    });
    const { user } = renderApp('/my-codes');
    await screen.findByRole('list', { name: 'Purchased codes' });
    await waitFor(() => expect(screen.getByText('Codes bought').nextSibling).toHaveTextContent('5'));
    expect(screen.getByText('Total spent').nextSibling).toHaveTextContent('₦6,200');
    expect(screen.getByText('Active / expired').nextSibling).toHaveTextContent('3 / 2');
    expect(screen.getByText('Won / lost').nextSibling).toHaveTextContent('2 / 1');
    expect(codesInOrder()).toEqual(['CODE3', 'CODE2', 'CODE1']);
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(sort, 'oldest');
    expect(codesInOrder()).toEqual(['CODE1', 'CODE2', 'CODE3']);
    await user.selectOptions(sort, 'price-desc');
    expect(codesInOrder()).toEqual(['CODE1', 'CODE2', 'CODE3']);
    await user.selectOptions(sort, 'odds-desc');
    expect(codesInOrder()).toEqual(['CODE2', 'CODE3', 'CODE1']);
    await user.click(screen.getByRole('radio', { name: 'expired' }));
    expect(codesInOrder()).toEqual(['CODE2']);
    await user.click(screen.getByRole('radio', { name: 'active' }));
    expect(codesInOrder()).toEqual(['CODE3', 'CODE1']);
  });

  it('counts a settled code as no longer active, even before its expiry, as the server does', async () => {
    const inADay = new Date(Date.now() + 86_400_000).toISOString();
    signedInApi({
      'GET /api/booking-codes/purchased': {
        body: [
          purchase(1, { code: boughtCode({ _id: 'c1', bookingCode: 'CODE1', expiresAt: inADay }) }),
          purchase(2, {
            code: boughtCode({ _id: 'c2', bookingCode: 'CODE2', result: 'won', expiresAt: inADay }),
          }),
        ],
      },
      'GET /api/booking-codes/purchased/summary': {
        body: { success: true, bought: 2, spent: 2000, active: 1, expired: 1, won: 1, lost: 0 },
      },
    });
    const { user } = renderApp('/my-codes');
    const won = await screen.findByRole('article', { name: 'SportyBet code CODE2' });
    expect(within(won).getByText('Won')).toBeInTheDocument();
    expect(within(won).getByText('Expired')).toBeInTheDocument();
    expect(within(won).queryByText('Active')).not.toBeInTheDocument();
    const pending = screen.getByRole('article', { name: 'SportyBet code CODE1' });
    expect(within(pending).getByText('Active')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'active' }));
    expect(codesInOrder()).toEqual(['CODE1']);
    await user.click(screen.getByRole('radio', { name: 'expired' }));
    expect(codesInOrder()).toEqual(['CODE2']);
  });

  it('removes a code only after the confirmation', async () => {
    let records = [purchase(1), purchase(2)];
    const { calls } = signedInApi({
      'GET /api/booking-codes/purchased': () => ({ body: records }),
      'GET /api/booking-codes/purchased/summary': {
        body: { success: true, bought: 2, spent: 2000, active: 2, expired: 0, won: 0, lost: 0 },
      },
      'DELETE /api/booking-codes/purchased/p1': () => {
        records = records.filter((record) => record._id !== 'p1');
        return { body: { success: true, message: codeMessages.removed } };
      },
    });
    const { user } = renderApp('/my-codes');
    const card = await screen.findByRole('article', { name: 'SportyBet code CODE1' });
    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove code' });
    expect(dialog).toHaveTextContent(codeMessages.removeConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(codeMessages.removed)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'SportyBet code CODE1' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/booking-codes/purchased/p1',
    ]);
    // Removing a card does not undo the purchase: the figures still count it.
    expect(screen.getByText('Codes bought').nextSibling).toHaveTextContent('2');
  });

  it('offers the list of codes when nothing was bought', async () => {
    signedInApi({ 'GET /api/booking-codes/purchased': { body: [] } });
    renderApp('/my-codes');
    expect(await screen.findByText('No codes yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse booking codes' })).toHaveAttribute(
      'href',
      '/booking-codes',
    );
  });

  it("says 'Failed to load your codes' and reloads with Retry", async () => {
    let failing = true;
    signedInApi({
      'GET /api/booking-codes/purchased': () =>
        failing ? { status: 500, body: { success: false, message: '' } } : { body: [purchase(1)] },
    });
    const { user } = renderApp('/my-codes');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent(codeMessages.myCodesLoadFailed);
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'SportyBet code CODE1' })).toBeInTheDocument();
  });

  it('opens a purchased code at /booking/:id from GET /api/booking/purchased', async () => {
    signedInApi({ 'GET /api/booking/purchased': { body: [purchase(1)] } });
    renderApp('/booking/p1');
    expect(await screen.findByText('CODE1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How to use this code' })).toBeInTheDocument();
    expect(screen.getByText('Over 1.5')).toBeInTheDocument();
  });

  it("shows /booking's load failure with the way back to My Codes", async () => {
    signedInApi({ 'GET /api/booking/purchased': 'network-error' });
    renderApp('/booking/p1');
    expect(
      await screen.findByRole('link', { name: 'Back to My Codes' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Network error');
  });
});
