import { payoutMessages } from '@cashtips/contract/payouts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import {
  payoutAccount,
  signedInApi,
  withdrawal,
  withdrawalsPage,
  withdrawOptions,
} from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

/** The modal's summary, row by row, as 'term: value'. */
const summaryRows = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

const withdrawCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/wallet/withdraw');

const withAccount: Record<string, MockRoute> = {
  'GET /api/wallet/payout-account': { body: { success: true, account: payoutAccount() } },
};

const refusal = (message: string): MockRoute => ({
  status: 422,
  body: { success: false, code: 'BUSINESS_RULE', message },
});

async function openWithdraw(
  routes: Record<string, MockRoute> = {},
  wallets: { mainWallet?: number } = { mainWallet: 80_000 },
  path = '/wallet',
) {
  const api = signedInApi({ ...withAccount, ...routes }, wallets);
  const view = renderApp(path);
  await view.user.click(await screen.findByRole('button', { name: 'Withdraw' }));
  const dialog = await screen.findByRole('dialog', { name: 'Withdraw to bank' });
  return { ...api, ...view, dialog };
}

describe('withdraw to bank', () => {
  it('shows where the money goes, the main balance, the minimum, what is left of the daily maximum and the review rule', async () => {
    const { dialog } = await openWithdraw({
      'GET /api/wallet/withdraw-options': { body: withdrawOptions({ dailyLeft: 450_000 }) },
    });
    const amount = await within(dialog).findByLabelText('Amount (₦)');
    expect(amount).toHaveFocus();
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    expect(summaryRows(dialog)).toEqual([
      'Main wallet: ₦80,000',
      'Minimum withdrawal: ₦1,000',
      'Left of the 24-hour maximum: ₦450,000 of ₦500,000',
    ]);
    expect(within(dialog).getByText('ADA OBI')).toBeInTheDocument();
    expect(within(dialog).getByText(/Guaranty Trust Bank/)).toHaveTextContent(
      'Guaranty Trust Bank · ******1234',
    );
    expect(
      within(dialog).getByText(/Your first withdrawal, and any of ₦50,000 or more, is reviewed by our team/),
    ).toBeInTheDocument();
  });

  it('refuses below the minimum, above the balance and above what is left today, without asking the server', async () => {
    const { dialog, user, calls } = await openWithdraw(
      { 'GET /api/wallet/withdraw-options': { body: withdrawOptions({ dailyLeft: 20_000 }) } },
      { mainWallet: 30_000 },
    );
    const amount = await within(dialog).findByLabelText('Amount (₦)');
    const submit = within(dialog).getByRole('button', { name: 'Withdraw' });
    await user.type(amount, '500');
    await user.click(submit);
    expect(await within(dialog).findByText('The minimum withdrawal is ₦1,000.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '40000');
    await user.click(submit);
    expect(
      await within(dialog).findByText('You can withdraw at most ₦30,000, your main wallet balance.'),
    ).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '25000');
    await user.click(submit);
    expect(
      await within(dialog).findByText('You can withdraw up to ₦500,000 in 24 hours; ₦20,000 is left.'),
    ).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    // Max fills in what can go now: the smaller of the balance and what is left today.
    await user.click(within(dialog).getByRole('button', { name: 'Max: all you can withdraw now' }));
    expect(amount).toHaveValue('20000');
    expect(withdrawCalls(calls)).toHaveLength(0);
  });

  it("sends an Idempotency-Key, the same one when the same withdrawal is retried after a lost answer, and shows the server's refusal", async () => {
    let answer: MockRoute = 'network-error';
    const { dialog, user, calls } = await openWithdraw({
      'POST /api/wallet/withdraw': () => {
        if (answer === 'network-error') throw new TypeError('Failed to fetch');
        return answer as { status: number; body: unknown };
      },
    });
    const amount = await within(dialog).findByLabelText('Amount (₦)');
    await user.type(amount, '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText(/Network error/)).toBeInTheDocument();

    answer = refusal(payoutMessages.noAccount);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText(payoutMessages.noAccount)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Withdraw to bank' })).toBeInTheDocument();

    // Answered (refused): the next attempt is a new one, with a new key.
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(withdrawCalls(calls)).toHaveLength(3));
    const [first, second, third] = withdrawCalls(calls).map((call) => call.headers['Idempotency-Key']);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
    expect(third).not.toBe(first);
    expect(withdrawCalls(calls).map((call) => call.body)).toEqual([
      { amount: 5000 },
      { amount: 5000 },
      { amount: 5000 },
    ]);
  });

  it.each([
    ['the daily maximum', 'You can withdraw up to ₦500,000 in 24 hours; ₦0 is left.'],
    [
      'a changed account',
      'Your payout account changed recently: it can receive withdrawals from 4 Mar, 2:05 pm (Lagos time).',
    ],
    ['payouts switched off since', payoutMessages.payoutsOff],
  ])("shows the server's refusal for %s", async (_case, message) => {
    const { dialog, user } = await openWithdraw({ 'POST /api/wallet/withdraw': refusal(message) });
    await user.type(await within(dialog).findByLabelText('Amount (₦)'), '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it('on success shows the server’s message, closes, and refreshes the balance and the withdrawals', async () => {
    let made = false;
    const { dialog, user, calls } = await openWithdraw({
      'POST /api/wallet/withdraw': () => {
        made = true;
        return {
          status: 201,
          body: {
            success: true,
            message: payoutMessages.withdrawalInReview,
            withdrawal: withdrawal(1, { amount: 60_000, status: 'review' }),
            mainWallet: 20_000,
          },
        };
      },
      'GET /api/wallet/withdrawals': () => ({
        body: made
          ? withdrawalsPage(1, [withdrawal(1, { amount: 60_000, status: 'review' })], 1)
          : withdrawalsPage(1, [], 0),
      }),
      'GET /api/wallets/balance': () => {
        const mainWallet = made ? 20_000 : 80_000;
        return { body: { success: true, mainWallet, bonusWallet: 0, wallet: mainWallet } };
      },
    });
    await user.type(await within(dialog).findByLabelText('Amount (₦)'), '60,000');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(payoutMessages.withdrawalInReview)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(withdrawCalls(calls)[0]?.body).toEqual({ amount: 60_000 });
    expect(await screen.findByText('₦20,000')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Withdrawals' });
    expect(within(list).getByText('₦60,000')).toBeInTheDocument();
    expect(within(list).getByText('In review')).toBeInTheDocument();
  });

  it('holds the form’s place while its details load, then puts the cursor in the amount', async () => {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    const { dialog } = await openWithdraw({
      'GET /api/wallet/withdraw-options': () => new Promise((resolve) => (answer = resolve)),
    });
    expect(
      within(dialog).getByRole('status', { name: 'Loading your withdrawal details' }),
    ).toBeInTheDocument();
    answer({ body: withdrawOptions() });
    await waitFor(() => expect(within(dialog).getByLabelText('Amount (₦)')).toHaveFocus());
  });

  it('says why it cannot be used when withdrawals are switched off', async () => {
    const { dialog, calls } = await openWithdraw({
      'GET /api/wallet/withdraw-options': { body: withdrawOptions({ enabled: false }) },
    });
    expect(await within(dialog).findByText(payoutMessages.payoutsOff)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Amount (₦)')).not.toBeInTheDocument();
    expect(withdrawCalls(calls)).toHaveLength(0);
  });

  it('sends to the payout account form when there is no account yet', async () => {
    const { dialog, user } = await openWithdraw({
      'GET /api/wallet/payout-account': { body: { success: true, account: null } },
    });
    expect(await within(dialog).findByText(payoutMessages.noAccount)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('link', { name: 'Add a payout account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your payout account' })).toHaveFocus());
  });

  it('says when a changed account opens, and waits until then', async () => {
    const { dialog } = await openWithdraw({
      'GET /api/wallet/payout-account': {
        body: { success: true, account: payoutAccount({ availableAt: '2099-03-04T13:05:00.000Z' }) },
      },
    });
    expect(
      await within(dialog).findByText('Withdrawals to this account open on 4 Mar 2099, 14:05 Lagos time.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  });

  it('opens from the main wallet card of the dashboard', async () => {
    const { dialog } = await openWithdraw({}, { mainWallet: 80_000 }, '/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeInTheDocument();
    expect(await within(dialog).findByLabelText('Amount (₦)')).toBeInTheDocument();
    expect(summaryRows(dialog)).toContain('Main wallet: ₦80,000');
  });
});
