import { protectionMessages, type Restriction } from '@cashtips/contract/protection';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingCode, listReply } from '../../testing/code-fixtures.ts';
import { testUser } from '../../testing/fixtures.ts';
import type { MockReply, MockRoute } from '../../testing/mock-api.ts';
import { signedInApi } from '../../testing/money-fixtures.ts';
import { preloadScreens } from '../../testing/preload-screens.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { rolloverPlan } from '../../testing/rollover-fixtures.ts';

preloadScreens(
  () => import('./wallet.tsx'),
  () => import('./booking-codes.tsx'),
  () => import('./dashboard.tsx'),
);

const DAY_MS = 24 * 60 * 60 * 1000;
const timeOut: Restriction = { kind: 'time-out', until: new Date(Date.now() + 7 * DAY_MS).toISOString() };
const ended: Restriction = { kind: 'time-out', until: new Date(Date.now() - 60_000).toISOString() };
const notice = protectionMessages.restricted(timeOut);

const codeRoutes: Record<string, MockRoute> = {
  'GET /api/booking-codes': listReply([bookingCode()]),
  'GET /api/booking-codes/c1': { body: { success: true, code: bookingCode() } },
};
const planRoutes: Record<string, MockRoute> = {
  'GET /api/rollover/plans/p1': { body: { success: true, plan: rolloverPlan() } },
  'GET /api/rollover/my-subscriptions': { body: [] },
};

describe('while a time-out or self-exclusion is on, the screens say so instead of offering the action', () => {
  it('wallet: the main wallet shows the notice in place of Deposit; Withdraw and the history stay', async () => {
    signedInApi({}, { restriction: timeOut, mainWallet: 5000 });
    renderApp('/wallet');
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deposit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make a deposit' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Withdraw' })[0]).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Transaction history' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Responsible gambling settings' })).toHaveAttribute(
      'href',
      '/profile?tab=responsible-gambling',
    );
  });

  it('dashboard: no Deposit in the header, the notice on the main wallet, the Deposit tile disabled', async () => {
    signedInApi({}, { restriction: timeOut });
    renderApp('/dashboard');
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deposit' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Deposits closed' })).toBeDisabled();
  });

  it('booking codes: the list says so once and each card says purchases are closed', async () => {
    signedInApi(codeRoutes, { restriction: timeOut });
    renderApp('/booking-codes');
    expect(await screen.findByRole('button', { name: 'Purchases closed' })).toBeDisabled();
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quick Preview' })).toBeEnabled();
  });

  it('a booking code: Buy Now is closed with the notice, even when the list asked for the purchase', async () => {
    signedInApi(codeRoutes, { restriction: timeOut });
    renderApp('/booking-codes/c1', { state: { buy: true } });
    expect(await screen.findByRole('button', { name: 'Purchases closed' })).toBeDisabled();
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a rollover plan: the notice in place of Subscribe', async () => {
    signedInApi(planRoutes, { restriction: { kind: 'self-exclusion', until: timeOut.until } });
    renderApp('/subscribe/p1');
    expect(await screen.findByRole('heading', { name: 'Daily 2 Odds', level: 1 })).toBeInTheDocument();
    expect(
      await screen.findByText(
        protectionMessages.restricted({ kind: 'self-exclusion', until: timeOut.until }),
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Subscribe for/ })).not.toBeInTheDocument();
  });
});

describe.each([
  ['no restriction', null],
  ['a restriction that has ended', ended],
])('with %s, the actions are offered', (_name, restriction) => {
  it('wallet and dashboard offer Deposit', async () => {
    signedInApi({}, { restriction });
    const { unmount } = renderApp('/wallet');
    const walletDeposits = await screen.findAllByRole('button', { name: 'Deposit' });
    for (const button of walletDeposits) expect(button).toBeEnabled();
    expect(screen.queryByTestId('restriction-notice')).not.toBeInTheDocument();
    unmount();
    renderApp('/dashboard');
    // The header's Deposit and the Quick Actions tile.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Deposit' })).toHaveLength(2));
    for (const button of screen.getAllByRole('button', { name: 'Deposit' })) expect(button).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Deposits closed' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('restriction-notice')).not.toBeInTheDocument();
  });

  it('booking codes offer Buy Now, and a plan offers Subscribe', async () => {
    signedInApi({ ...codeRoutes, ...planRoutes }, { restriction, mainWallet: 6000 });
    const { unmount } = renderApp('/booking-codes');
    expect(await screen.findByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(screen.queryByTestId('restriction-notice')).not.toBeInTheDocument();
    unmount();
    renderApp('/subscribe/p1');
    expect(await screen.findByRole('button', { name: 'Subscribe for ₦5,000' })).toBeEnabled();
    expect(screen.queryByTestId('restriction-notice')).not.toBeInTheDocument();
  });
});

describe("the server's refusals in the deposit modal", () => {
  /** `restrictedAfter`: the session's user as GET /api/auth/me answers it once the deposit was refused. */
  async function depositRefused(reply: MockReply, restrictedAfter: Restriction | null = null) {
    let refused = false;
    const api = signedInApi({
      'POST /api/wallet/deposit': () => {
        refused = true;
        return reply;
      },
      'GET /api/auth/me': () => ({
        body: { success: true, user: { ...testUser, restriction: refused ? restrictedAfter : null } },
      }),
    });
    const view = renderApp('/wallet');
    await view.user.click(await screen.findByRole('button', { name: 'Deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit funds' });
    await view.user.type(within(dialog).getByLabelText('Amount (₦)'), '5000');
    await view.user.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    return { ...api, ...view, dialog };
  }

  it('shows a deposit over a limit with the limit and what is left', async () => {
    const limit = { period: 'daily', amount: 10_000, remaining: 2_500 } as const;
    const { dialog } = await depositRefused({
      status: 422,
      body: { success: false, code: 'DEPOSIT_LIMIT', message: protectionMessages.overLimit(limit), limit },
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This deposit would pass your daily limit of ₦10,000: you can deposit up to ₦2,500 more in the rolling 24 hours.',
    );
  });

  it('after a RESTRICTED refusal (a break taken on another device) says so and closes deposits', async () => {
    const { dialog, calls } = await depositRefused(
      {
        status: 422,
        body: { success: false, code: 'RESTRICTED', message: notice, restriction: timeOut },
      },
      timeOut,
    );
    expect(await within(dialog).findByText(notice)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByLabelText('Amount (₦)')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.path === '/api/auth/me').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('button', { name: 'Deposit' })).not.toBeInTheDocument();
  });
});
