import type { AdminDepositsResponse } from '@cashtips/contract/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { pageInfo, pendingDeposit, requestedUrls, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

const settled = pendingDeposit({
  _id: 'd_2',
  reference: 'CT-REF-0002',
  provider: 'flutterwave',
  amount: 2500.5,
  status: 'success',
  confirmedAt: '2025-03-01T10:05:00.000Z',
});

function list(...deposits: AdminDepositsResponse['deposits']): AdminDepositsResponse {
  return { success: true, deposits, ...pageInfo(deposits.length) };
}

describe('admin deposits screen', () => {
  it('lists deposits with user, provider, amount, status and dates, offering Verify only where it can help', async () => {
    signInAsAdmin({
      'GET /api/admin/deposits': {
        body: list(
          pendingDeposit(),
          settled,
          pendingDeposit({
            _id: 'd_3',
            reference: 'CT-REF-0003',
            status: 'failed',
            failureReason: 'Card declined',
          }),
        ),
      },
    });
    renderApp('/admin/deposits');
    const table = await screen.findByRole('table', { name: 'Deposits, newest first' });
    const pending = within(table).getByRole('row', { name: /CT-REF-0001/ });
    expect(within(pending).getByRole('link', { name: 'Ada Obi' })).toHaveAttribute(
      'href',
      '/admin/users/u_1',
    );
    expect(within(pending).getByText('Paystack')).toBeInTheDocument();
    expect(within(pending).getByText('₦5,000')).toBeInTheDocument();
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Verify deposit CT-REF-0001' })).toBeInTheDocument();

    const done = within(table).getByRole('row', { name: /CT-REF-0002/ });
    expect(within(done).getByText('₦2,500.50')).toBeInTheDocument();
    expect(within(done).getByText('Successful')).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: /Verify/ })).not.toBeInTheDocument();

    const failed = within(table).getByRole('row', { name: /CT-REF-0003/ });
    expect(within(failed).getByText('Card declined')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Verify deposit CT-REF-0003' })).toBeInTheDocument();
  });

  it('verifies a pending deposit, shows the message and refreshes the row', async () => {
    let status: 'pending' | 'success' = 'pending';
    const confirmed = { status: 'success' as const, confirmedAt: '2025-03-01T10:07:00.000Z' };
    const { calls } = signInAsAdmin({
      'GET /api/admin/deposits': () => ({
        body: list(status === 'pending' ? pendingDeposit() : pendingDeposit(confirmed)),
      }),
      'POST /api/admin/deposits/d_1/verify': () => {
        status = 'success';
        return {
          body: {
            success: true,
            message: 'Paystack confirmed the payment; ₦5,000 credited to ada@example.com.',
            deposit: pendingDeposit(confirmed),
          },
        };
      },
    });
    const { user } = renderApp('/admin/deposits');
    const table = await screen.findByRole('table', { name: 'Deposits, newest first' });
    await user.click(within(table).getByRole('button', { name: 'Verify deposit CT-REF-0001' }));
    const row = within(table).getByRole('row', { name: /CT-REF-0001/ });
    expect(
      await within(row).findByText('Paystack confirmed the payment; ₦5,000 credited to ada@example.com.'),
    ).toBeInTheDocument();
    expect(within(row).getByText('Successful')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Verify/ })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/admin/deposits/d_1/verify')).toHaveLength(1);
  });

  it('keeps a verified row and its message on a list filtered to pending deposits', async () => {
    const confirmed = pendingDeposit({ status: 'success', confirmedAt: '2025-03-01T10:07:00.000Z' });
    let verified = false;
    signInAsAdmin({
      'GET /api/admin/deposits': () => ({ body: verified ? list() : list(pendingDeposit()) }),
      'POST /api/admin/deposits/d_1/verify': () => {
        verified = true;
        return { body: { success: true, message: 'Credited ₦5,000.', deposit: confirmed } };
      },
    });
    const { user } = renderApp('/admin/deposits?status=pending');
    const table = await screen.findByRole('table', { name: 'Deposits, newest first' });
    await user.click(within(table).getByRole('button', { name: 'Verify deposit CT-REF-0001' }));
    const row = within(table).getByRole('row', { name: /CT-REF-0001/ });
    expect(await within(row).findByText('Credited ₦5,000.')).toBeInTheDocument();
    expect(within(row).getByText('Successful')).toBeInTheDocument();
  });

  it('shows why a verification failed on the row', async () => {
    signInAsAdmin({
      'GET /api/admin/deposits': { body: list(pendingDeposit()) },
      'POST /api/admin/deposits/d_1/verify': {
        status: 502,
        body: {
          success: false,
          code: 'PAYMENT_PROVIDER_ERROR',
          message: 'Paystack did not answer. Try again.',
        },
      },
    });
    const { user } = renderApp('/admin/deposits');
    const table = await screen.findByRole('table', { name: 'Deposits, newest first' });
    await user.click(within(table).getByRole('button', { name: 'Verify deposit CT-REF-0001' }));
    const row = within(table).getByRole('row', { name: /CT-REF-0001/ });
    expect(await within(row).findByText('Paystack did not answer. Try again.')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Verify deposit CT-REF-0001' })).toBeEnabled();
  });

  it('filters by status and provider and searches by reference or email', async () => {
    const { fetchMock } = signInAsAdmin({ 'GET /api/admin/deposits': { body: list(pendingDeposit()) } });
    const { user } = renderApp('/admin/deposits');
    await screen.findByRole('table', { name: 'Deposits, newest first' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'paystack');
    await user.type(screen.getByRole('searchbox', { name: 'Search deposits' }), 'CT-REF{Enter}');
    await waitFor(() =>
      expect(requestedUrls(fetchMock)).toContain(
        '/api/admin/deposits?status=pending&provider=paystack&q=CT-REF&page=1&limit=20',
      ),
    );
  });
});
