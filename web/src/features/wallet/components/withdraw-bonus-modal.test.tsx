import { walletMessages } from '@cashtips/contract/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../../testing/mock-api.ts';
import { paymentOptions, signedInApi } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

/** The modal's summary, row by row, as 'term: value'. */
const summaryRows = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

const withdrawCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === '/api/wallet/withdraw-bonus');

async function openWithdraw() {
  const view = renderApp('/wallet');
  await view.user.click(await screen.findByRole('button', { name: 'Withdraw Bonus' }));
  const dialog = await screen.findByRole('dialog', { name: 'Withdraw Bonus' });
  return { ...view, dialog };
}

describe('withdraw bonus', () => {
  it('is not offered while the bonus wallet is empty', async () => {
    signedInApi({}, { bonusWallet: 0 });
    renderApp('/wallet');
    await screen.findByRole('heading', { name: 'Wallet', level: 1 });
    await screen.findByRole('button', { name: 'Deposit' });
    expect(screen.queryByRole('button', { name: 'Withdraw Bonus' })).not.toBeInTheDocument();
  });

  it('names the main wallet as the only destination, with both balances and the minimum, and offers no wallet choice', async () => {
    signedInApi(
      { 'GET /api/payments/options': { body: paymentOptions({ minimumBonusWithdrawal: 1000 }) } },
      {
        mainWallet: 1500,
        bonusWallet: 2500,
      },
    );
    const { dialog } = await openWithdraw();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Bonus Wallet')).not.toBeInTheDocument();
    expect(summaryRows(dialog)).toEqual([
      'Move to: Main Wallet',
      'Bonus balance: ₦2,500',
      'Minimum bonus to withdraw: ₦1,000',
      'Main wallet now: ₦1,500',
      'Main wallet after: ₦1,500',
    ]);
    expect(within(dialog).getByLabelText('Amount (₦)')).toHaveFocus();
  });

  it('shows what the main wallet becomes for the amount typed, and nothing moved for an amount it would refuse', async () => {
    signedInApi({}, { mainWallet: 1500, bonusWallet: 2500 });
    const { user, dialog } = await openWithdraw();
    await user.type(within(dialog).getByLabelText('Amount (₦)'), '700');
    expect(summaryRows(dialog)).toContain('Main wallet after: ₦2,200');
    await user.type(within(dialog).getByLabelText('Amount (₦)'), '0');
    expect(summaryRows(dialog)).toContain('Main wallet after: ₦1,500');
  });

  it('refuses more than the bonus balance, and nothing, without asking the server', async () => {
    const { calls } = signedInApi({}, { bonusWallet: 2500 });
    const { user, dialog } = await openWithdraw();
    const amount = within(dialog).getByLabelText('Amount (₦)');
    await user.type(amount, '3000');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw Now' }));
    expect(
      await within(dialog).findByText('You can move at most ₦2,500, your bonus balance.'),
    ).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw Now' }));
    expect(await within(dialog).findByText(walletMessages.invalidWithdrawAmount)).toBeInTheDocument();
    expect(withdrawCalls(calls)).toHaveLength(0);
  });

  it("shows the server's refusal, e.g. below the minimum", async () => {
    const { calls } = signedInApi(
      {
        'POST /api/wallet/withdraw-bonus': {
          status: 422,
          body: {
            success: false,
            code: 'BUSINESS_RULE',
            message: 'Your bonus can be withdrawn once it reaches ₦1,000.',
          },
        },
      },
      { bonusWallet: 600 },
    );
    const { user, dialog } = await openWithdraw();
    await user.type(within(dialog).getByLabelText('Amount (₦)'), '600');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw Now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your bonus can be withdrawn once it reaches ₦1,000.',
    );
    expect(screen.getByRole('dialog', { name: 'Withdraw Bonus' })).toBeInTheDocument();

    // Trying the same withdrawal again reuses its key, so the server can move the money once.
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw Now' }));
    await waitFor(() => expect(withdrawCalls(calls)).toHaveLength(2));
    const [first, second] = withdrawCalls(calls);
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });

  it('moves the amount, closes and shows both new balances', async () => {
    let wallets = { mainWallet: 1500, bonusWallet: 2500 };
    const { calls } = signedInApi(
      {
        'POST /api/wallet/withdraw-bonus': (body) => {
          const { amount } = body as { amount: number };
          wallets = { mainWallet: wallets.mainWallet + amount, bonusWallet: wallets.bonusWallet - amount };
          return { body: { success: true, message: walletMessages.withdrawSuccess, ...wallets } };
        },
        'GET /api/wallets/balance': () => ({
          body: { success: true, ...wallets, wallet: wallets.mainWallet },
        }),
      },
      wallets,
    );
    const { user, dialog } = await openWithdraw();
    await user.click(within(dialog).getByRole('button', { name: 'Max: use the whole bonus balance' }));
    expect(within(dialog).getByLabelText('Amount (₦)')).toHaveValue('2500');
    await user.clear(within(dialog).getByLabelText('Amount (₦)'));
    await user.type(within(dialog).getByLabelText('Amount (₦)'), '700');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw Now' }));

    expect(await screen.findByText(walletMessages.withdrawSuccess)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(withdrawCalls(calls)[0]?.body).toEqual({ amount: 700 });
    expect(withdrawCalls(calls)[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByText('₦2,200')).toBeInTheDocument();
    expect(screen.getByText('₦1,800')).toBeInTheDocument();
  });

  it('Cancel closes without sending anything', async () => {
    const { calls } = signedInApi({}, { bonusWallet: 2500 });
    const { user, dialog } = await openWithdraw();
    await user.type(within(dialog).getByLabelText('Amount (₦)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(withdrawCalls(calls)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Withdraw Bonus' })).toHaveFocus();
  });
});
