import { walletMessages } from '@cashtips/contract/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pending, type RecordedCall } from '../../../testing/mock-api.ts';
import { depositAnswer, paymentOptions, signedInApi } from '../../../testing/money-fixtures.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

async function openDeposit() {
  const view = renderApp('/dashboard');
  // The header's button (the Quick Actions widget has a Deposit tile too).
  const [opener] = await screen.findAllByRole('button', { name: 'Deposit' });
  if (!opener) throw new Error('no Deposit button');
  await view.user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Deposit funds' });
  return { ...view, opener, dialog };
}

const amountInput = (dialog: HTMLElement) => within(dialog).getByLabelText('Amount (₦)');
const depositButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: /^(Deposit|Processing\.\.\.)$/ });
const depositCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/api/wallet/deposit');

describe('deposit modal', () => {
  it('is a labelled dialog with the focus on the amount; Escape closes it and gives focus back', async () => {
    signedInApi();
    const { user, opener, dialog } = await openDeposit();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(amountInput(dialog)).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps the focus inside while open: Tab from the last control goes back to the first', async () => {
    signedInApi();
    const { user, dialog } = await openDeposit();
    await user.type(amountInput(dialog), '500');
    depositButton(dialog).focus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(depositButton(dialog)).toHaveFocus();
  });

  it('keeps Deposit disabled while the amount is empty', async () => {
    signedInApi();
    const { user, dialog } = await openDeposit();
    expect(depositButton(dialog)).toBeDisabled();
    await user.type(amountInput(dialog), '500');
    expect(depositButton(dialog)).toBeEnabled();
    await user.clear(amountInput(dialog));
    expect(depositButton(dialog)).toBeDisabled();
  });

  it.each([
    ['0', walletMessages.invalidAmount],
    ['-20', walletMessages.invalidAmount],
    ['abc', walletMessages.invalidAmount],
    ['99', 'Minimum deposit amount is ₦100'],
    ['1000001', 'Maximum deposit amount is ₦1,000,000'],
  ])('refuses %s with "%s" and sends nothing', async (typed, message) => {
    const { calls } = signedInApi();
    const { user, dialog } = await openDeposit();
    await waitFor(() => expect(within(dialog).getByText(/maximum ₦1,000,000/)).toBeInTheDocument());
    await user.type(amountInput(dialog), typed);
    await user.click(depositButton(dialog));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(amountInput(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(amountInput(dialog)).toHaveFocus();
    expect(depositCalls(calls)).toHaveLength(0);
  });

  it('says what the user’s own limit lets them deposit now, before they type, and holds them to it (PRODUCT 13)', async () => {
    const { calls } = signedInApi({
      'GET /api/payments/options': {
        body: paymentOptions({ maximumDeposit: 5000, maximumDepositLimit: 'daily' }),
      },
    });
    const { user, dialog } = await openDeposit();
    expect(
      await within(dialog).findByText(
        'In naira. Minimum ₦100. Your daily deposit limit lets you deposit up to ₦5,000 now.',
      ),
    ).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/maximum ₦1,000,000|₦5,000,000/);
    await user.type(amountInput(dialog), '10000');
    await user.click(depositButton(dialog));
    expect(
      await within(dialog).findByText('Your daily deposit limit lets you deposit up to ₦5,000 now.'),
    ).toBeInTheDocument();
    expect(depositCalls(calls)).toHaveLength(0);
  });

  it('says when the user’s own limit leaves less than the minimum, and offers no deposit', async () => {
    const { calls } = signedInApi({
      'GET /api/payments/options': {
        body: paymentOptions({ maximumDeposit: 40, maximumDepositLimit: 'weekly' }),
      },
    });
    const { user, dialog } = await openDeposit();
    expect(
      await within(dialog).findByText(
        'Your weekly deposit limit leaves ₦40 now, less than the ₦100 minimum: no deposit can be made until it frees up.',
      ),
    ).toBeInTheDocument();
    await user.type(amountInput(dialog), '500');
    expect(depositButton(dialog)).toBeDisabled();
    expect(depositCalls(calls)).toHaveLength(0);
  });

  it('fills the amount from the quick amounts 1000, 2000, 5000 and 10000', async () => {
    signedInApi();
    const { user, dialog } = await openDeposit();
    const quick = within(within(dialog).getByRole('group', { name: 'Quick amounts' })).getAllByRole('button');
    expect(quick.map((button) => button.textContent)).toEqual(['₦1,000', '₦2,000', '₦5,000', '₦10,000']);
    await user.click(within(dialog).getByRole('button', { name: '₦5,000' }));
    expect(amountInput(dialog)).toHaveValue('5000');
    expect(within(dialog).getByRole('button', { name: '₦5,000' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('with the built-in provider: announces success, closes and refreshes the wallets', async () => {
    let mainWallet = 1500;
    const { calls } = signedInApi({
      'POST /api/wallet/deposit': () => {
        mainWallet += 5000;
        return { status: 201, body: depositAnswer({ mainWallet }) };
      },
      'GET /api/wallets/balance': () => ({
        body: { success: true, mainWallet, bonusWallet: 0, wallet: mainWallet },
      }),
    });
    const { user, dialog } = await openDeposit();
    await user.click(within(dialog).getByRole('button', { name: '₦5,000' }));
    await user.click(depositButton(dialog));

    expect(await screen.findByText(walletMessages.depositSuccess)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(depositCalls(calls)[0]?.body).toEqual({ amount: 5000, provider: 'dev' });
    expect(await screen.findByText('₦6,500')).toBeInTheDocument();
    // The wallets are asked again after the deposit, not only taken from its answer.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/wallets/balance')).not.toHaveLength(0),
    );
  });

  it('shows the processing state and refuses a second submit while the request is in flight', async () => {
    const { calls } = signedInApi({ 'POST /api/wallet/deposit': () => pending() });
    const { user, dialog } = await openDeposit();
    await user.type(amountInput(dialog), '2500');
    await user.click(depositButton(dialog));
    const busy = await within(dialog).findByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(depositCalls(calls)).toHaveLength(1);
  });

  it("sends the browser to the provider's checkout page when the answer has one", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/dashboard', assign });
    signedInApi({
      'POST /api/wallet/deposit': {
        status: 201,
        body: depositAnswer({
          provider: 'paystack',
          status: 'pending',
          authorizationUrl: 'https://checkout.paystack.com/abc123',
        }),
      },
    });
    const { user, dialog } = await openDeposit();
    await user.type(amountInput(dialog), '2000');
    await user.click(depositButton(dialog));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.paystack.com/abc123'));
    expect(within(dialog).getByText(walletMessages.depositStarted)).toBeInTheDocument();
    expect(screen.queryByText(walletMessages.depositSuccess)).not.toBeInTheDocument();
  });

  it('opens the return page for a pending deposit without a checkout page', async () => {
    signedInApi({
      'POST /api/wallet/deposit': {
        status: 201,
        body: depositAnswer({ status: 'pending', reference: 'dep_pending1' }),
      },
      'GET /api/payments/verify/dep_pending1': () => pending(),
    });
    const { user, dialog } = await openDeposit();
    await user.type(amountInput(dialog), '2000');
    await user.click(depositButton(dialog));
    await waitFor(() => expect(currentLocation()).toBe('/payments/return?reference=dep_pending1'));
  });

  it("shows the server's message when the deposit is refused", async () => {
    signedInApi({
      'POST /api/wallet/deposit': {
        status: 502,
        body: {
          success: false,
          code: 'PAYMENT_PROVIDER_ERROR',
          message: 'Paystack is not answering right now.',
        },
      },
    });
    const { user, dialog } = await openDeposit();
    await user.type(amountInput(dialog), '2000');
    await user.click(depositButton(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Paystack is not answering right now.',
    );
    expect(depositButton(dialog)).toBeEnabled();
  });

  it("falls back to 'Deposit failed. Please try again.' without a server message", async () => {
    signedInApi({ 'POST /api/wallet/deposit': { status: 500 } });
    const { user, dialog } = await openDeposit();
    await user.type(amountInput(dialog), '2000');
    await user.click(depositButton(dialog));
    expect(await within(dialog).findByText(walletMessages.depositFailed)).toBeInTheDocument();
  });

  it("says 'Network error. Please check your connection.' when the request never arrives", async () => {
    signedInApi({ 'POST /api/wallet/deposit': 'network-error' });
    const { user, dialog } = await openDeposit();
    await user.type(amountInput(dialog), '2000');
    await user.click(depositButton(dialog));
    expect(await within(dialog).findByText(walletMessages.depositNetworkError)).toBeInTheDocument();
  });

  it('sends the same Idempotency-Key when a deposit is tried again after its answer was lost, and a new one after an answer', async () => {
    let answers = 0;
    const { calls } = signedInApi({
      'POST /api/wallet/deposit': () => {
        answers += 1;
        // The first request never answers (the connection dropped); the server may have it.
        if (answers === 1) throw new TypeError('Failed to fetch');
        return { status: 409, body: { success: false, code: 'CONFLICT', message: 'Refused once.' } };
      },
    });
    const { user, dialog } = await openDeposit();
    await user.type(amountInput(dialog), '2000');
    await user.click(depositButton(dialog));
    expect(await within(dialog).findByText(walletMessages.depositNetworkError)).toBeInTheDocument();
    await user.click(depositButton(dialog));
    expect(await within(dialog).findByText('Refused once.')).toBeInTheDocument();
    await user.click(depositButton(dialog));
    await waitFor(() => expect(depositCalls(calls)).toHaveLength(3));
    const keys = depositCalls(calls).map((call) => call.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    // Tried again after the lost answer: the same deposit, so the same key.
    expect(keys[1]).toBe(keys[0]);
    // After an answer, another try is another deposit.
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('shows the one enabled provider, with nothing to choose, and deposits through it', async () => {
    const { calls } = signedInApi({
      'GET /api/payments/options': {
        body: paymentOptions({
          providers: [{ id: 'paystack', label: 'Card, bank or USSD', description: 'Pay with Paystack' }],
        }),
      },
      'POST /api/wallet/deposit': {
        status: 201,
        body: depositAnswer({
          provider: 'paystack',
          status: 'pending',
          authorizationUrl: 'https://pay.example/p',
        }),
      },
    });
    vi.stubGlobal('location', { ...window.location, pathname: '/dashboard', assign: vi.fn() });
    const { user, dialog } = await openDeposit();
    const method = await within(dialog).findByRole('group', { name: 'Payment method' });
    expect(method).toHaveTextContent('Card, bank or USSDPay with Paystack');
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    await user.type(amountInput(dialog), '2500');
    await user.click(depositButton(dialog));
    await waitFor(() => expect(depositCalls(calls)[0]?.body).toEqual({ amount: 2500, provider: 'paystack' }));
  });

  it('says when the payment methods cannot be loaded, keeps Deposit off until they are, and retries', async () => {
    let fail = true;
    const { calls } = signedInApi({
      'GET /api/payments/options': () =>
        fail
          ? { status: 500, body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' } }
          : { body: paymentOptions() },
    });
    const { user, dialog } = await openDeposit();
    const alert = await within(dialog).findByText(
      /^The payment methods could not be loaded\./,
      {},
      { timeout: 8000 },
    );
    expect(alert).toHaveAttribute('role', 'alert');
    await user.type(amountInput(dialog), '2500');
    expect(depositButton(dialog)).toBeDisabled();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('group', { name: 'Payment method' })).toHaveTextContent(
      'Test payment',
    );
    expect(depositButton(dialog)).toBeEnabled();
    expect(depositCalls(calls)).toHaveLength(0);
  });

  it('says deposits are unavailable when no provider is enabled', async () => {
    signedInApi({ 'GET /api/payments/options': { body: paymentOptions({ providers: [] }) } });
    const { user, dialog } = await openDeposit();
    expect(await within(dialog).findByText(/Deposits are not available right now/)).toBeInTheDocument();
    await user.type(amountInput(dialog), '2500');
    expect(depositButton(dialog)).toBeDisabled();
  });

  it('lets the user choose between enabled providers, the first chosen by default', async () => {
    const { calls } = signedInApi({
      'GET /api/payments/options': {
        body: paymentOptions({
          providers: [
            { id: 'paystack', label: 'Card or bank (Paystack)', description: 'Cards, bank transfer, USSD.' },
            { id: 'nowpayments', label: 'Crypto', description: 'Pay with cryptocurrency.' },
          ],
        }),
      },
      'POST /api/wallet/deposit': {
        status: 201,
        body: depositAnswer({
          provider: 'nowpayments',
          status: 'pending',
          authorizationUrl: 'https://pay.example/x',
        }),
      },
    });
    vi.stubGlobal('location', { ...window.location, pathname: '/dashboard', assign: vi.fn() });
    const { user, dialog } = await openDeposit();
    const group = await within(dialog).findByRole('group', { name: 'Payment method' });
    expect(within(group).getByRole('radio', { name: /Paystack/ })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: /Crypto/ }));
    await user.type(amountInput(dialog), '3000');
    await user.click(depositButton(dialog));
    await waitFor(() =>
      expect(depositCalls(calls)[0]?.body).toEqual({ amount: 3000, provider: 'nowpayments' }),
    );
  });
});
