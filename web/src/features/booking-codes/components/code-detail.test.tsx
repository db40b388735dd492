import { codeMessages } from '@cashtips/contract/booking-codes';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bookingCode, boughtCode } from '../../../testing/code-fixtures.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const detailReply = (code = bookingCode()) => ({ body: { success: true, code } });

describe('booking code detail', () => {
  it('shows a locked code masked, refuses to copy it, and hides the picks', async () => {
    signedInApi({ 'GET /api/booking-codes/c1': detailReply() });
    const { user } = renderApp('/booking-codes/c1');
    expect(await screen.findByTestId('booking-code')).toHaveTextContent('SPO•••••');
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getAllByText('Pick unlocks after purchase')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'How to use this code' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy masked booking code' }));
    expect(await screen.findByText(codeMessages.copyLocked)).toBeInTheDocument();
    const site = screen.getByRole('link', { name: /Open SportyBet/ });
    expect(site).toHaveAttribute('href', 'https://www.sportybet.com/ng/');
    expect(site).toHaveAttribute('target', '_blank');
  });

  it("follows the server on slots: a buyer count past the limit is not 'Sold out', and Buy Now stays", async () => {
    signedInApi({
      'GET /api/booking-codes/c1': detailReply(
        bookingCode({ slotLimit: 10, buyerCount: 45, slotsLeft: 7, soldOut: false }),
      ),
    });
    renderApp('/booking-codes/c1');
    const slots = (await screen.findByText('Slots')).parentElement;
    expect(slots).toHaveTextContent('7 of 10 left');
    expect(screen.queryByText('Sold out')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Buy Now/ })).toBeEnabled();
  });

  it('shows the slots figure and not a buyer count beside it', async () => {
    signedInApi({
      'GET /api/booking-codes/c1': detailReply(
        bookingCode({ slotLimit: 50, buyerCount: 31, slotsLeft: 50, soldOut: false }),
      ),
    });
    renderApp('/booking-codes/c1');
    expect(await screen.findByTestId('take-up')).toHaveTextContent('50 of 50 left');
    expect(screen.queryByText('Buyers')).not.toBeInTheDocument();
    expect(screen.queryByText('31')).not.toBeInTheDocument();
  });

  it('shows Sold out when the server says so, and no purchase', async () => {
    signedInApi({
      'GET /api/booking-codes/c1': detailReply(
        bookingCode({ slotLimit: 10, buyerCount: 10, slotsLeft: 0, soldOut: true }),
      ),
    });
    renderApp('/booking-codes/c1');
    expect(await screen.findByRole('button', { name: 'Sold out' })).toBeDisabled();
  });

  it('shows the buyers of a code without a slot limit, never slots of a default limit', async () => {
    signedInApi({
      'GET /api/booking-codes/c1': detailReply(
        bookingCode({ slotLimit: null, slotsLeft: null, soldOut: false, buyerCount: 31 }),
      ),
    });
    renderApp('/booking-codes/c1');
    const buyers = (await screen.findByText('Buyers')).parentElement;
    expect(buyers).toHaveTextContent('31');
    expect(screen.queryByText('Slots')).not.toBeInTheDocument();
    expect(buyers).not.toHaveTextContent('/100');
  });

  it("names the success rate as its category's record, and says New before there is one", async () => {
    signedInApi({ 'GET /api/booking-codes/c1': detailReply(bookingCode({ successRate: 66.7 })) });
    const first = renderApp('/booking-codes/c1');
    const record = (await screen.findByText("Football codes' record")).parentElement;
    expect(record).toHaveTextContent('66.7% won');
    expect(record).toHaveTextContent("Of all settled football codes, not this code's own result");
    expect(screen.queryByText('Success rate')).not.toBeInTheDocument();
    first.unmount();
    signedInApi({
      'GET /api/booking-codes/c2': detailReply(
        bookingCode({ _id: 'c2', category: 'tennis', successRate: null }),
      ),
    });
    renderApp('/booking-codes/c2');
    const fresh = (await screen.findByText("Tennis codes' record")).parentElement;
    expect(fresh).toHaveTextContent('New');
    expect(fresh).toHaveTextContent('Too few settled tennis codes yet');
  });

  it('confirms from which wallet it pays with the balance after, marks one that cannot pay as Insufficient Balance with the shortfall, and blocks it', async () => {
    const { calls } = signedInApi(
      { 'GET /api/booking-codes/c1': detailReply(bookingCode({ price: 1000 })) },
      { mainWallet: 1500, bonusWallet: 250 },
    );
    const { user } = renderApp('/booking-codes/c1');
    await user.click(await screen.findByRole('button', { name: /Buy Now/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy booking code' });
    const bonus = within(dialog).getByRole('radio', { name: /Bonus Wallet/ });
    const bonusOption = bonus.closest('label') as HTMLElement;
    expect(bonusOption).toHaveTextContent('Balance ₦250');
    expect(bonusOption).toHaveTextContent('Insufficient Balance');
    expect(bonusOption).toHaveTextContent('Short by ₦750');
    expect(
      within(dialog)
        .getByRole('radio', { name: /Main Wallet/ })
        .closest('label'),
    ).not.toHaveTextContent('Insufficient Balance');
    expect(
      within(dialog)
        .getByRole('radio', { name: /Main Wallet/ })
        .closest('label'),
    ).toHaveTextContent('Balance ₦1,500 → ₦500 after');
    await user.click(bonus);
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦1,000 from Bonus Wallet' }));
    // Said in the dialog, beside the button, and in a toast.
    expect(await within(dialog).findByText('Insufficient balance in bonus wallet')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Insufficient balance in bonus wallet')).toHaveLength(2));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('buys from the main wallet, shows the message, re-fetches the code and turns Buy Now into View Details', async () => {
    let bought = false;
    const { calls } = signedInApi({
      'GET /api/booking-codes/c1': () => detailReply(bought ? boughtCode() : bookingCode()),
      'POST /api/booking-codes/purchase/c1': () => {
        bought = true;
        return {
          body: {
            success: true,
            message: 'Booking code purchased! The full code is now unlocked.',
            code: boughtCode(),
            mainWallet: 500,
            bonusWallet: 0,
          },
        };
      },
    });
    const { user } = renderApp('/booking-codes/c1');
    await user.click(await screen.findByRole('button', { name: /Buy Now/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy booking code' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦1,000 from Main Wallet' }));
    expect(await screen.findByText(codeMessages.purchaseSuccess)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ walletType: 'main' });
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/booking-codes/c1').length).toBeGreaterThanOrEqual(2),
    );
    expect(await screen.findByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/booking/c1');
    expect(screen.queryByRole('button', { name: /Buy Now/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('booking-code')).toHaveTextContent('SPORTY123');
    expect(screen.getByText('Over 1.5')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How to use this code' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy booking code' }));
    expect(await screen.findByText(codeMessages.copied)).toBeInTheDocument();
  });

  it("shows the server's message when the purchase is refused (409)", async () => {
    signedInApi({
      'GET /api/booking-codes/c1': detailReply(),
      'POST /api/booking-codes/purchase/c1': {
        status: 409,
        body: { success: false, code: 'CONFLICT', message: codeMessages.soldOut },
      },
    });
    const { user } = renderApp('/booking-codes/c1');
    await user.click(await screen.findByRole('button', { name: /Buy Now/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay ₦1,000 from Main Wallet' }),
    );
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      codeMessages.soldOut,
    );
  });

  it("falls back to 'Purchase failed' when the server gives no message", async () => {
    signedInApi({
      'GET /api/booking-codes/c1': detailReply(),
      'POST /api/booking-codes/purchase/c1': { status: 500, body: {} },
    });
    const { user } = renderApp('/booking-codes/c1');
    await user.click(await screen.findByRole('button', { name: /Buy Now/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay ₦1,000 from Main Wallet' }),
    );
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      codeMessages.purchaseFailed,
    );
  });

  it('turns the countdown red and pulsing under 30 minutes, and shows EXPIRED at zero', async () => {
    // The fake clock follows real time, so allow for a slow first render before the countdown shows.
    const expiresAt = new Date(Date.now() + 29 * 60_000 + 50_000).toISOString();
    signedInApi({ 'GET /api/booking-codes/c1': detailReply(bookingCode({ expiresAt })) }, {});
    renderApp('/booking-codes/c1', { fakeTimers: true });
    const countdown = (await screen.findAllByTestId('countdown'))[0] as HTMLElement;
    expect(countdown).toHaveClass('text-red-300');
    expect(within(countdown).getByTestId('countdown-pulse')).toHaveClass('animate-pulse');
    expect(countdown).toHaveTextContent(/^00:2\d:\d\d$/);
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    await waitFor(() => expect(countdown).toHaveTextContent('EXPIRED'));
    expect(within(countdown).queryByTestId('countdown-pulse')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expired' })).toBeDisabled();
  });

  it('keeps the countdown calm above 30 minutes', async () => {
    signedInApi({ 'GET /api/booking-codes/c1': detailReply() });
    renderApp('/booking-codes/c1');
    const countdown = (await screen.findAllByTestId('countdown'))[0] as HTMLElement;
    expect(within(countdown).queryByTestId('countdown-pulse')).not.toBeInTheDocument();
    expect(countdown).toHaveClass('text-white');
  });

  it('says Code Not Found for a missing code', async () => {
    signedInApi({
      'GET /api/booking-codes/nope': {
        status: 404,
        body: { success: false, code: 'NOT_FOUND', message: 'Not found.' },
      },
    });
    renderApp('/booking-codes/nope');
    expect(await screen.findByRole('heading', { name: codeMessages.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Codes' })).toHaveAttribute('href', '/booking-codes');
  });

  it('shows the load failure page with Back to Codes', async () => {
    signedInApi({ 'GET /api/booking-codes/c1': 'network-error' });
    renderApp('/booking-codes/c1');
    expect(
      await screen.findByRole('heading', { name: codeMessages.detailLoadFailed }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Codes' })).toBeInTheDocument();
  });
});
