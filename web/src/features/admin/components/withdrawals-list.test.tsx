import { payoutMessages } from '@cashtips/contract/payouts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import {
  adaDetail,
  adminWithdrawal,
  requestedUrls,
  signInAsAdmin,
  withdrawalsList,
} from '../../../testing/admin-fixtures.ts';
import type { MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

const paid = adminWithdrawal({
  _id: 'w_2',
  amount: 2500.5,
  status: 'paid',
  reference: 'wd_ada_0000000002',
  reviewReason: null,
  provider: 'flutterwave',
  fee: 26.88,
});

const listUrls = (fetchMock: Parameters<typeof requestedUrls>[0]) =>
  requestedUrls(fetchMock).filter((url) => url.startsWith('/api/admin/withdrawals?'));
const posts = (calls: RecordedCall[], suffix: string) =>
  calls.filter((call) => call.method === 'POST' && call.path.endsWith(suffix));

async function openQueue(routes: Record<string, MockRoute>, path = '/admin/withdrawals') {
  const mocked = signInAsAdmin(routes);
  const view = renderApp(path);
  const table = await screen.findByRole('table', { name: 'Withdrawals' });
  return { ...mocked, ...view, table };
}

describe('admin withdrawals queue', () => {
  it('opens on the review queue and shows who, how much, the full account, why it waits, provider, fee and status', async () => {
    const { table, fetchMock } = await openQueue({
      'GET /api/admin/withdrawals': { body: withdrawalsList(adminWithdrawal(), paid) },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('review');
    expect(listUrls(fetchMock)).toEqual(['/api/admin/withdrawals?status=review&page=1&limit=20']);

    const waiting = within(table).getByRole('row', { name: /wd_ada_0000000001/ });
    expect(within(waiting).getByRole('link', { name: 'Ada Obi' })).toHaveAttribute(
      'href',
      '/admin/users/u_1',
    );
    expect(waiting).toHaveTextContent('₦60,000');
    expect(waiting).toHaveTextContent('ADA OBI');
    expect(waiting).toHaveTextContent('0123451234');
    expect(waiting).toHaveTextContent('Guaranty Trust Bank (058)');
    expect(waiting).toHaveTextContent('First withdrawal');
    expect(waiting).toHaveTextContent('1 Mar 2025');
    expect(waiting).toHaveTextContent('11:00');
    expect(waiting).toHaveTextContent('Paystack');
    expect(waiting).toHaveTextContent('Fee —');
    expect(within(waiting).getByText('In review')).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: /^Approve ₦60,000 to ADA OBI/ })).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: /^Reject ₦60,000 to ADA OBI/ })).toBeInTheDocument();

    const done = within(table).getByRole('row', { name: /wd_ada_0000000002/ });
    expect(done).toHaveTextContent('₦2,500.50');
    expect(done).toHaveTextContent('Flutterwave');
    expect(done).toHaveTextContent('Fee ₦26.88');
    expect(within(done).getByText('Paid')).toBeInTheDocument();
    expect(within(done).queryByRole('button')).not.toBeInTheDocument();
    // Phones get the same rows as cards.
    expect(within(screen.getByRole('list', { name: 'Withdrawals' })).getAllByRole('listitem')).toHaveLength(
      2,
    );
  });

  it('keeps the status filter in the address, and lists every status on request', async () => {
    const { user, fetchMock } = await openQueue(
      { 'GET /api/admin/withdrawals': { body: withdrawalsList(paid) } },
      '/admin/withdrawals?status=failed',
    );
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(status).toHaveValue('failed');
    await user.selectOptions(status, 'Paid');
    await waitFor(() => expect(currentLocation()).toBe('/admin/withdrawals?status=paid'));
    await user.selectOptions(status, 'All statuses');
    await waitFor(() => expect(currentLocation()).toBe('/admin/withdrawals?status=all'));
    await user.selectOptions(status, 'In review');
    await waitFor(() => expect(currentLocation()).toBe('/admin/withdrawals'));
    await waitFor(() =>
      expect(listUrls(fetchMock)).toEqual([
        '/api/admin/withdrawals?status=failed&page=1&limit=20',
        '/api/admin/withdrawals?status=paid&page=1&limit=20',
        '/api/admin/withdrawals?page=1&limit=20',
        '/api/admin/withdrawals?status=review&page=1&limit=20',
      ]),
    );
  });

  it('says when nothing waits for review', async () => {
    signInAsAdmin({ 'GET /api/admin/withdrawals': { body: withdrawalsList() } });
    renderApp('/admin/withdrawals');
    expect(await screen.findByText('No withdrawals wait for review.')).toBeInTheDocument();
  });

  it('approves after a confirmation, with the server’s message, and the row shows its new status', async () => {
    const { table, user, calls } = await openQueue({
      'GET /api/admin/withdrawals': { body: withdrawalsList(adminWithdrawal()) },
      'POST /api/admin/withdrawals/w_1/approve': {
        body: {
          success: true,
          message: 'Withdrawal approved and sent to Paystack.',
          withdrawal: adminWithdrawal({ status: 'processing', submittedAt: '2025-03-01T11:00:00.000Z' }),
        },
      },
    });
    const row = within(table).getByRole('row', { name: /wd_ada_0000000001/ });
    await user.click(within(row).getByRole('button', { name: /^Approve/ }));
    let dialog = screen.getByRole('alertdialog', { name: 'Approve this withdrawal?' });
    expect(dialog).toHaveTextContent('Pay ₦60,000 to ADA OBI (Guaranty Trust Bank 0123451234) for Ada Obi.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts(calls, '/approve')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: /^Approve/ }));
    dialog = screen.getByRole('alertdialog', { name: 'Approve this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    expect(await screen.findByText('Withdrawal approved and sent to Paystack.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(posts(calls, '/approve')).toHaveLength(1);
    // The row stays (it no longer matches "In review") with its new status and no actions.
    expect(within(row).getByText('Processing')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of an approval in a toast", async () => {
    const { table, user } = await openQueue({
      'GET /api/admin/withdrawals': { body: withdrawalsList(adminWithdrawal()) },
      'POST /api/admin/withdrawals/w_1/approve': {
        status: 409,
        body: { success: false, code: 'CONFLICT', message: 'This withdrawal is no longer in review.' },
      },
    });
    await user.click(within(table).getByRole('button', { name: /^Approve/ }));
    await user.click(screen.getByRole('button', { name: 'Approve and pay' }));
    expect(await screen.findByText('This withdrawal is no longer in review.')).toBeInTheDocument();
  });

  it('rejects only with a reason, which is sent for the user to read', async () => {
    let answer: MockRoute = {
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_FAILED',
        message: payoutMessages.rejectReasonRequired,
        errors: [{ field: 'reason', message: payoutMessages.rejectReasonRequired }],
      },
    };
    const { table, user, calls } = await openQueue({
      'GET /api/admin/withdrawals': { body: withdrawalsList(adminWithdrawal()) },
      'POST /api/admin/withdrawals/w_1/reject': () => answer as { status: number; body: unknown },
    });
    const row = within(table).getByRole('row', { name: /wd_ada_0000000001/ });
    await user.click(within(row).getByRole('button', { name: /^Reject/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject this withdrawal?' });
    expect(dialog).toHaveTextContent('goes back to the main wallet of Ada Obi');
    const reason = within(dialog).getByLabelText('Reason (required, the user reads it)');
    expect(reason).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(payoutMessages.rejectReasonRequired)).toBeInTheDocument();
    expect(posts(calls, '/reject')).toHaveLength(0);

    // The server checks the reason too: its refusal lands on the field.
    await user.type(reason, 'The account name does not match your profile');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(payoutMessages.rejectReasonRequired)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');

    answer = {
      body: {
        success: true,
        message: 'Withdrawal rejected. The money is back in the user’s main wallet.',
        withdrawal: adminWithdrawal({
          status: 'rejected',
          reason: 'The account name does not match your profile',
        }),
      },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByText('Withdrawal rejected. The money is back in the user’s main wallet.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(posts(calls, '/reject').map((call) => call.body)).toEqual([
      { reason: 'The account name does not match your profile' },
      { reason: 'The account name does not match your profile' },
    ]);
    expect(within(row).getByText('Rejected')).toBeInTheDocument();
    expect(row).toHaveTextContent('The account name does not match your profile');
  });
});

describe("a user's withdrawals on their admin page", () => {
  it('lists them through the userId filter, with a link to them in the queue', async () => {
    const { fetchMock } = signInAsAdmin({
      'GET /api/admin/users/u_1': { body: adaDetail() },
      'GET /api/admin/users/u_1/transactions': {
        body: { success: true, transactions: [], page: 1, limit: 20, total: 0, totalPages: 1 },
      },
      'GET /api/admin/withdrawals': { body: withdrawalsList(adminWithdrawal(), paid) },
    });
    renderApp('/admin/users/u_1');
    const section = await screen.findByRole('region', { name: 'Withdrawals' });
    const table = await within(section).findByRole('table', { name: 'Withdrawals of this user' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('button', { name: /^Approve ₦60,000/ })).toBeInTheDocument();
    expect(listUrls(fetchMock)).toEqual(['/api/admin/withdrawals?userId=u_1&page=1&limit=10']);
    expect(within(section).getByRole('link', { name: 'Open in the queue' })).toHaveAttribute(
      'href',
      '/admin/withdrawals?status=all&userId=u_1',
    );
  });

  it('says when the user has none', async () => {
    signInAsAdmin({
      'GET /api/admin/users/u_1': { body: adaDetail() },
      'GET /api/admin/withdrawals': { body: withdrawalsList() },
    });
    renderApp('/admin/users/u_1');
    const section = await screen.findByRole('region', { name: 'Withdrawals' });
    expect(await within(section).findByText('No withdrawals yet.')).toBeInTheDocument();
  });

  it('opens the queue on one user, with a way back to everyone’s', async () => {
    const { user, fetchMock } = await openQueue(
      { 'GET /api/admin/withdrawals': { body: withdrawalsList(adminWithdrawal()) } },
      '/admin/withdrawals?status=all&userId=u_1',
    );
    expect(screen.getByText(/Withdrawals of/)).toHaveTextContent('Withdrawals of Ada Obi');
    await user.click(screen.getByRole('button', { name: 'Show everyone’s' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/withdrawals?status=all'));
    await waitFor(() =>
      expect(listUrls(fetchMock)).toEqual([
        '/api/admin/withdrawals?userId=u_1&page=1&limit=20',
        '/api/admin/withdrawals?page=1&limit=20',
      ]),
    );
  });
});
