import { payoutMessages, type Withdrawal } from '@cashtips/contract/payouts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSocketServer } from '../../../testing/fake-socket-server.ts';
import type { MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { pending } from '../../../testing/mock-api.ts';
import { signedInApi, withdrawal, withdrawalsPage } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/api/wallet/withdrawals');
const cancelCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path.endsWith('/cancel'));

const sixStatuses: Withdrawal[] = [
  withdrawal(1, { status: 'review', amount: 60_000 }),
  withdrawal(2, { status: 'processing', amount: 2000 }),
  withdrawal(3, { status: 'paid', amount: 3000.5 }),
  withdrawal(4, { status: 'failed', amount: 4000, reason: 'Account is dormant' }),
  withdrawal(5, { status: 'rejected', amount: 5000, reason: 'The name does not match your profile' }),
  withdrawal(6, { status: 'cancelled', amount: 6000 }),
];

async function openList(routes: Record<string, MockRoute>, wallets = { mainWallet: 1500 }) {
  const api = signedInApi(routes, wallets);
  const view = renderApp('/wallet');
  const list = await screen.findByRole('list', { name: 'Withdrawals' });
  return { ...api, ...view, list };
}

const rows = (list: HTMLElement) => within(list).getAllByRole('listitem');

describe('withdrawals list', () => {
  it('shows each withdrawal with amount, date, bank and masked number, its status, and why it failed or was rejected', async () => {
    const { list } = await openList({
      'GET /api/wallet/withdrawals': { body: withdrawalsPage(1, sixStatuses, 6) },
    });
    const items = rows(list);
    expect(
      items.map(
        (item) =>
          within(item).getByText(/^(In review|Processing|Paid|Failed|Rejected|Cancelled)$/).textContent,
      ),
    ).toEqual(['In review', 'Processing', 'Paid', 'Failed', 'Rejected', 'Cancelled']);
    const [review, , paid, failed, rejected] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(review).toHaveTextContent('₦60,000');
    expect(review).toHaveTextContent('Guaranty Trust Bank · ******1234');
    expect(review).toHaveTextContent('3 Mar 2026, 14:05');
    expect(paid).toHaveTextContent('₦3,000.50');
    expect(failed).toHaveTextContent('Why it failed: Account is dormant');
    expect(rejected).toHaveTextContent('Why it was rejected: The name does not match your profile');
    // Only a withdrawal in review can be cancelled.
    expect(within(list).getAllByRole('button', { name: /^Cancel the withdrawal/ })).toHaveLength(1);
    expect(
      within(review).getByRole('button', { name: 'Cancel the withdrawal of ₦60,000 from 3 Mar 2026, 14:05' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 6 of 6')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('cancels a withdrawal in review after a confirmation, and shows the money back', async () => {
    let cancelled = false;
    const review = withdrawal(1, { status: 'review', amount: 5000 });
    const { list, user, calls } = await openList({
      'GET /api/wallet/withdrawals': () => ({
        body: withdrawalsPage(1, [cancelled ? { ...review, status: 'cancelled' } : review], 1),
      }),
      'POST /api/wallet/withdrawals/w_1/cancel': () => {
        cancelled = true;
        return {
          body: {
            success: true,
            message: payoutMessages.cancelled,
            withdrawal: { ...review, status: 'cancelled' },
            mainWallet: 6500,
          },
        };
      },
      'GET /api/wallets/balance': () => {
        const mainWallet = cancelled ? 6500 : 1500;
        return { body: { success: true, mainWallet, bonusWallet: 0, wallet: mainWallet } };
      },
    });
    const cancel = within(list).getByRole('button', { name: /^Cancel the withdrawal/ });
    await user.click(cancel);
    let dialog = screen.getByRole('dialog', { name: 'Cancel this withdrawal?' });
    expect(dialog).toHaveAccessibleDescription(
      '₦5,000 to Guaranty Trust Bank ******1234 goes back to your main wallet.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cancelCalls(calls)).toHaveLength(0);

    await user.click(cancel);
    dialog = screen.getByRole('dialog', { name: 'Cancel this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel withdrawal' }));
    expect(await screen.findByText(payoutMessages.cancelled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancelCalls(calls).map((call) => call.method)).toEqual(['POST']);
    expect(await within(list).findByText('Cancelled')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /^Cancel the withdrawal/ })).not.toBeInTheDocument();
    expect(await screen.findByText('₦6,500')).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's refusal when it can no longer be cancelled", async () => {
    const { list, user } = await openList({
      'GET /api/wallet/withdrawals': { body: withdrawalsPage(1, [withdrawal(1, { status: 'review' })], 1) },
      'POST /api/wallet/withdrawals/w_1/cancel': {
        status: 409,
        body: { success: false, code: 'CONFLICT', message: payoutMessages.onlyInReview },
      },
    });
    await user.click(within(list).getByRole('button', { name: /^Cancel the withdrawal/ }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel withdrawal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(payoutMessages.onlyInReview);
  });

  it('loads more, page by page', async () => {
    const { list, user, calls } = await openList({
      'GET /api/wallet/withdrawals': (_body, url) => {
        const page = Number(url.searchParams.get('page'));
        const items = Array.from({ length: page === 1 ? 10 : 2 }, (_, index) =>
          withdrawal((page - 1) * 10 + index + 1),
        );
        return { body: withdrawalsPage(page, items, 12) };
      },
    });
    expect(rows(list)).toHaveLength(10);
    expect(screen.getByText('Showing 10 of 12')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows(list)).toHaveLength(12));
    expect(screen.getByText('Showing 12 of 12')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(listCalls(calls).map((call) => [call.query.get('page'), call.query.get('limit')])).toEqual([
      ['1', '10'],
      ['2', '10'],
    ]);
  });

  it('follows a `withdrawal` event at once, then refreshes the list and the balances', async () => {
    let current = withdrawal(1, { status: 'processing' });
    const { list, calls } = await openList({
      'GET /api/wallet/withdrawals': () => ({ body: withdrawalsPage(1, [current], 1) }),
    });
    expect(within(list).getByText('Processing')).toBeInTheDocument();
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    const before = listCalls(calls).length;
    current = withdrawal(1, { status: 'failed', reason: 'Bank declined the transfer' });
    act(() => fakeSocketServer.emit('withdrawal', current));
    expect(await within(list).findByText('Failed')).toBeInTheDocument();
    expect(within(list).getByText('Why it failed: Bank declined the transfer')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/wallets/balance')).toBe(true));
  });

  it('says so when there is none yet, offering a withdrawal', async () => {
    signedInApi();
    renderApp('/wallet');
    expect(await screen.findByText('No withdrawals yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw to bank' })).toBeInTheDocument();
  });

  it('holds its place while loading', async () => {
    signedInApi({ 'GET /api/wallet/withdrawals': () => pending() });
    renderApp('/wallet');
    expect(await screen.findByRole('status', { name: 'Loading withdrawals' })).toBeInTheDocument();
    expect(screen.queryByText('No withdrawals yet')).not.toBeInTheDocument();
  });
});
