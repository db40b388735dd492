import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pending } from '../../testing/mock-api.ts';
import { signedInApi, transaction, transactionsPage } from '../../testing/money-fixtures.ts';
import { currentLocation, renderApp } from '../../testing/render-app.tsx';

const historyTable = () => screen.findByRole('table', { name: 'Transactions' });

describe('wallet page', () => {
  it('shows both balances with Deposit, and each ledger line with its label, date, reference and signed amount', async () => {
    signedInApi(
      {
        'GET /api/wallet/transactions': {
          body: transactionsPage(
            1,
            [
              transaction(1, { amount: 5000, description: 'Deposit via Paystack', reference: 'PSK_abc123' }),
              transaction(2, {
                type: 'purchase',
                amount: -1200,
                description: 'Booking code CT-889',
                reference: null,
              }),
              transaction(3, {
                type: 'referral_bonus',
                wallet: 'bonus',
                amount: 250,
                description: 'Bonus from Bola',
              }),
            ],
            3,
          ),
        },
      },
      { mainWallet: 3800, bonusWallet: 250 },
    );
    renderApp('/wallet');
    expect(await screen.findByRole('heading', { name: 'Wallet', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('₦3,800')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeInTheDocument();

    const rows = within(await historyTable())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Deposit');
    expect(first).toHaveTextContent('3 Mar 2026');
    expect(first).toHaveTextContent('PSK_abc123');
    expect(within(first).getByText('+₦5,000')).toHaveClass('text-lime-300');
    expect(second).toHaveTextContent('Purchase');
    expect(second).toHaveTextContent('Booking code CT-889');
    expect(within(second).getByText('-₦1,200')).toHaveClass('text-rose-300');
    expect(third).toHaveTextContent('Referral bonus');
    expect(third).toHaveTextContent('Bonus wallet');
    // Phones get the same lines as cards.
    expect(within(screen.getByRole('list', { name: 'Transactions' })).getAllByRole('listitem')).toHaveLength(
      3,
    );
    expect(screen.queryByRole('navigation', { name: 'Transactions pages' })).not.toBeInTheDocument();
  });

  it('pages through the history with Previous and Next, page x of y', async () => {
    const { calls } = signedInApi({
      'GET /api/wallet/transactions': (_body, url) => {
        const page = Number(url.searchParams.get('page'));
        const items = Array.from({ length: page < 3 ? 10 : 5 }, (_, index) =>
          transaction((page - 1) * 10 + index + 1),
        );
        return { body: transactionsPage(page, items, 25) };
      },
    });
    const { user } = renderApp('/wallet');
    const pager = await screen.findByRole('navigation', { name: 'Transactions pages' });
    expect(pager).toHaveTextContent('Page 1 of 3');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager).toHaveTextContent('Page 2 of 3'));
    expect(currentLocation()).toBe('/wallet?page=2');
    expect(await within(await historyTable()).findByText('Deposit number 11')).toBeInTheDocument();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager).toHaveTextContent('Page 3 of 3'));
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(6));

    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(pager).toHaveTextContent('Page 2 of 3'));
    const asked = calls.filter((call) => call.path === '/api/wallet/transactions');
    expect(asked.map((call) => call.query.get('page'))).toEqual(['1', '2', '3']);
    expect(asked.every((call) => call.query.get('limit') === '10')).toBe(true);
  });

  it('says so when there is no history yet, offering a deposit', async () => {
    signedInApi();
    renderApp('/wallet');
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make a deposit' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('holds the place of the history with skeletons while it loads', async () => {
    signedInApi({ 'GET /api/wallet/transactions': () => pending() });
    renderApp('/wallet');
    expect(await screen.findByRole('status', { name: 'Loading transactions' })).toBeInTheDocument();
    expect(screen.queryByText('No transactions yet')).not.toBeInTheDocument();
  });

  it('recovers from a failed load with Retry', async () => {
    let failing = true;
    signedInApi({
      'GET /api/wallet/transactions': () =>
        failing
          ? { status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'The service is busy.' } }
          : { body: transactionsPage(1, [transaction(1, { description: 'First deposit' })], 1) },
    });
    const { user } = renderApp('/wallet');
    // The page has other alert regions (the payout account form's), so the history's is found by its text.
    const title = await screen.findByText('Could not load your transactions.', {}, { timeout: 8000 });
    const alert = title.closest<HTMLElement>('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('The service is busy.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(await historyTable()).findByText('First deposit')).toBeInTheDocument();
  });
});
