import type { VerifyPaymentResponse } from '@cashtips/contract/wallet';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInApi } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const verified = (overrides: Partial<VerifyPaymentResponse> = {}): VerifyPaymentResponse => ({
  success: true,
  reference: 'dep_ref12345',
  provider: 'paystack',
  status: 'success',
  amount: 5000,
  message: 'Payment confirmed.',
  confirmedAt: '2026-11-20T13:05:00.000Z',
  mainWallet: 6500,
  bonusWallet: 0,
  ...overrides,
});

const verifyCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path.startsWith('/api/payments/verify/'));

describe('payment return page', () => {
  it('confirms a successful deposit with its amount and the new balance', async () => {
    const { calls } = signedInApi({ 'GET /api/payments/verify/dep_ref12345': { body: verified() } });
    renderApp('/payments/return?reference=dep_ref12345');
    expect(await screen.findByRole('heading', { name: 'Deposit successful' })).toBeInTheDocument();
    expect(screen.getByText('₦5,000')).toBeInTheDocument();
    // Opened again days later, the balance shown is today's, and says so.
    expect(screen.getByText(/was added to your main wallet/)).toHaveTextContent(
      /₦5,000 was added to your main wallet on .*20.* Nov.* 2026/,
    );
    expect(screen.getByText(/balance now/)).toHaveTextContent('Main wallet balance now: ₦6,500');
    expect(screen.queryByText(/New balance/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to wallet' })).toHaveAttribute('href', '/wallet');
    expect(verifyCalls(calls)).toHaveLength(1);
  });

  it.each(['trxref', 'tx_ref'])("reads the provider's %s parameter", async (name) => {
    const { calls } = signedInApi({ 'GET /api/payments/verify/dep_ref12345': { body: verified() } });
    renderApp(`/payments/return?${name}=dep_ref12345`);
    expect(await screen.findByRole('heading', { name: 'Deposit successful' })).toBeInTheDocument();
    expect(verifyCalls(calls)[0]?.path).toBe('/api/payments/verify/dep_ref12345');
  });

  it('checks a pending payment again every 3 s until it is confirmed', async () => {
    let answers = 0;
    const { calls } = signedInApi({
      'GET /api/payments/verify/dep_ref12345': () => {
        answers += 1;
        return { body: verified({ status: answers < 3 ? 'pending' : 'success' }) };
      },
    });
    renderApp('/payments/return?reference=dep_ref12345', { fakeTimers: true });
    expect(await screen.findByRole('heading', { name: 'Waiting for confirmation' })).toBeInTheDocument();
    expect(screen.getByText(/checks again every few seconds/)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(verifyCalls(calls)).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Waiting for confirmation' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByRole('heading', { name: 'Deposit successful' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(verifyCalls(calls)).toHaveLength(3);
  });

  it('stops asking after about a minute and offers Check again', async () => {
    let confirmed = false;
    const { calls } = signedInApi({
      'GET /api/payments/verify/dep_ref12345': () => ({
        body: verified({ status: confirmed ? 'success' : 'pending' }),
      }),
    });
    const { user } = renderApp('/payments/return?reference=dep_ref12345', { fakeTimers: true });
    await screen.findByRole('heading', { name: 'Waiting for confirmation' });
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(
      await screen.findByRole('heading', { name: 'Still waiting for confirmation' }),
    ).toBeInTheDocument();
    const asked = verifyCalls(calls).length;
    expect(asked).toBeGreaterThanOrEqual(19);
    expect(asked).toBeLessThanOrEqual(22);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(verifyCalls(calls)).toHaveLength(asked);

    confirmed = true;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Deposit successful' })).toBeInTheDocument();
  });

  it('explains a failed payment and opens the deposit modal on Try again', async () => {
    signedInApi({
      'GET /api/payments/verify/dep_ref12345': {
        body: verified({ status: 'failed', message: 'The card was declined.' }),
      },
    });
    const { user } = renderApp('/payments/return?reference=dep_ref12345');
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText(/The card was declined\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit funds' });
    expect(within(dialog).getByLabelText('Amount (₦)')).toHaveFocus();
  });

  it('calls an abandoned checkout "not completed"', async () => {
    signedInApi({
      'GET /api/payments/verify/dep_ref12345': { body: verified({ status: 'abandoned', message: '' }) },
    });
    renderApp('/payments/return?reference=dep_ref12345');
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByText(/cancelled before it was completed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to wallet' })).toBeInTheDocument();
  });

  it("shows the server's message for an unknown reference, with Retry", async () => {
    signedInApi({
      'GET /api/payments/verify/dep_ref12345': {
        status: 404,
        body: { success: false, code: 'NOT_FOUND', message: 'No deposit has that reference.' },
      },
    });
    renderApp('/payments/return?reference=dep_ref12345');
    expect(
      await screen.findByRole('heading', { name: 'We could not check this payment' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No deposit has that reference.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says so when the link carries no reference, and links to the wallet', async () => {
    const { calls } = signedInApi();
    renderApp('/payments/return');
    expect(await screen.findByRole('heading', { name: 'No payment to check' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to wallet' })).toHaveAttribute('href', '/wallet');
    expect(verifyCalls(calls)).toHaveLength(0);
  });
});
