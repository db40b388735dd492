import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { adaAsAdminSees, adaDetail, pageInfo, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import type { MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

const emptyLedger = { body: { success: true, transactions: [], ...pageInfo(0) } };

function openAda(
  adjust: MockRoute,
  detail: () => ReturnType<typeof adaDetail> = () => adaDetail(),
  routes: Record<string, MockRoute> = {},
) {
  const api = signInAsAdmin({
    'GET /api/admin/users/u_1': () => ({ body: detail() }),
    'GET /api/admin/users/u_1/transactions': emptyLedger,
    'POST /api/admin/users/u_1/adjust': adjust,
    ...routes,
  });
  const rendered = renderApp('/admin/users/u_1');
  return { ...api, ...rendered };
}

function adjustCalls(calls: RecordedCall[]) {
  return calls.filter((call) => call.method === 'POST' && call.path === '/api/admin/users/u_1/adjust');
}

describe('credit or debit a user wallet', () => {
  it('requires a reason before asking for confirmation', async () => {
    const { user, calls } = openAda({ body: {} });
    const form = await screen.findByRole('region', { name: 'Credit or debit' });
    await user.type(within(form).getByRole('textbox', { name: 'Amount (₦)' }), '5000');
    await user.click(within(form).getByRole('button', { name: 'Review credit' }));
    const reason = within(form).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/Give a reason of at least 5 characters\./);
    expect(reason).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(adjustCalls(calls)).toHaveLength(0);
  });

  it('restates a debit, posts the negative amount and refreshes the balances', async () => {
    let mainWallet = 12000;
    const { user, calls } = openAda(
      () => {
        mainWallet = 7000;
        return {
          body: { success: true, message: 'Main wallet debited ₦5,000.', mainWallet: 7000, bonusWallet: 250 },
        };
      },
      () => adaDetail({ mainWallet }),
    );
    const form = await screen.findByRole('region', { name: 'Credit or debit' });
    expect(screen.getByRole('region', { name: 'Balances' })).toHaveTextContent('₦12,000');
    await user.click(within(form).getByRole('radio', { name: 'Debit' }));
    await user.type(within(form).getByRole('textbox', { name: 'Amount (₦)' }), '5,000');
    await user.type(
      within(form).getByRole('textbox', { name: 'Reason' }),
      '  Refund of a duplicate deposit ',
    );
    await user.click(within(form).getByRole('button', { name: 'Review debit' }));

    const dialog = screen.getByRole('alertdialog', {
      name: 'Debit ₦5,000 from Main wallet of ada@example.com?',
    });
    expect(dialog).toHaveTextContent('₦7,000 after');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(adjustCalls(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Debit ₦5,000' }));

    expect(await within(form).findByText('Main wallet debited ₦5,000.')).toBeInTheDocument();
    expect(adjustCalls(calls).map((call) => call.body)).toEqual([
      { wallet: 'main', amount: -5000, reason: 'Refund of a duplicate deposit' },
    ]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Balances' })).toHaveTextContent('₦7,000'));
    expect(within(form).getByRole('textbox', { name: 'Amount (₦)' })).toHaveValue('');
    // The ledger is asked again so the new entry shows.
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === '/api/admin/users/u_1/transactions').length,
      ).toBeGreaterThan(1),
    );
  });

  it('credits the bonus wallet with a positive amount, kobo kept', async () => {
    const { user, calls } = openAda({
      body: { success: true, message: 'Bonus wallet credited.', mainWallet: 12000, bonusWallet: 350.5 },
    });
    const form = await screen.findByRole('region', { name: 'Credit or debit' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Wallet' }), 'bonus');
    await user.type(within(form).getByRole('textbox', { name: 'Amount (₦)' }), '100.50');
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Goodwill after an outage');
    await user.click(within(form).getByRole('button', { name: 'Review credit' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Credit ₦100.50 to Bonus wallet of ada@example.com?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Credit ₦100.50' }));
    await within(form).findByText('Bonus wallet credited.');
    expect(adjustCalls(calls).map((call) => call.body)).toEqual([
      { wallet: 'bonus', amount: 100.5, reason: 'Goodwill after an outage' },
    ]);
  });

  it('asks for an unsigned amount instead of a minus', async () => {
    const { user, calls } = openAda({ body: {} });
    const form = await screen.findByRole('region', { name: 'Credit or debit' });
    await user.type(within(form).getByRole('textbox', { name: 'Amount (₦)' }), '-50');
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Testing the sign');
    await user.click(within(form).getByRole('button', { name: 'Review credit' }));
    expect(within(form).getByRole('textbox', { name: 'Amount (₦)' })).toHaveAccessibleDescription(
      'Enter the amount without a minus; choose Debit to take money out.',
    );
    expect(adjustCalls(calls)).toHaveLength(0);
  });

  it('shows the server message when a debit exceeds the balance and sends nothing else', async () => {
    const { user, calls } = openAda({
      status: 422,
      body: {
        success: false,
        code: 'INSUFFICIENT_BALANCE',
        message: 'The main wallet holds ₦12,000; it cannot be debited ₦50,000.',
      },
    });
    const form = await screen.findByRole('region', { name: 'Credit or debit' });
    await user.click(within(form).getByRole('radio', { name: 'Debit' }));
    await user.type(within(form).getByRole('textbox', { name: 'Amount (₦)' }), '50000');
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Chargeback from the bank');
    await user.click(within(form).getByRole('button', { name: 'Review debit' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Debit ₦50,000 from Main wallet of ada@example.com?',
    });
    expect(dialog).toHaveTextContent('does not cover this debit');
    await user.click(within(dialog).getByRole('button', { name: 'Debit ₦50,000' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The main wallet holds ₦12,000; it cannot be debited ₦50,000.',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(adjustCalls(calls)).toHaveLength(1);
    // What was typed stays, so the admin can correct the amount.
    expect(within(form).getByRole('textbox', { name: 'Amount (₦)' })).toHaveValue('50000');
  });

  it('sends an idempotency key, reused only to retry an adjustment whose answer was lost', async () => {
    let attempts = 0;
    const { user, calls } = openAda(() => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return { body: { success: true, message: 'Credited.', mainWallet: 12200, bonusWallet: 250 } };
    });
    const form = await screen.findByRole('region', { name: 'Credit or debit' });
    const confirmCredit = async () => {
      await user.click(within(form).getByRole('button', { name: 'Review credit' }));
      const dialog = screen.getByRole('alertdialog', {
        name: 'Credit ₦200 to Main wallet of ada@example.com?',
      });
      await user.click(within(dialog).getByRole('button', { name: 'Credit ₦200' }));
    };
    await user.type(within(form).getByRole('textbox', { name: 'Amount (₦)' }), '200');
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Promotion winner');
    await confirmCredit();
    expect(await within(form).findByRole('alert')).toHaveTextContent('Network error.');
    await confirmCredit();
    await within(form).findByText('Credited.');
    await user.type(within(form).getByRole('textbox', { name: 'Amount (₦)' }), '200');
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Promotion winner');
    await confirmCredit();
    await waitFor(() => expect(adjustCalls(calls)).toHaveLength(3));

    const [lost, retried, next] = adjustCalls(calls).map((call) => call.headers['Idempotency-Key']);
    expect(lost).toMatch(/^[0-9a-f]{32}$/);
    expect(retried).toBe(lost);
    expect(next).toMatch(/^[0-9a-f]{32}$/);
    expect(next).not.toBe(lost);
  });

  it('cancelling the confirmation posts nothing', async () => {
    const { user, calls } = openAda({ body: {} });
    const form = await screen.findByRole('region', { name: 'Credit or debit' });
    await user.type(within(form).getByRole('textbox', { name: 'Amount (₦)' }), '200');
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Changed my mind');
    const review = within(form).getByRole('button', { name: 'Review credit' });
    await user.click(review);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(review).toHaveFocus();
    expect(adjustCalls(calls)).toHaveLength(0);
  });
});

describe('user role', () => {
  it('makes a user an admin after confirmation', async () => {
    let serverRole: 'user' | 'admin' = 'user';
    const { user, calls } = openAda(
      { body: {} },
      () => ({ ...adaDetail(), user: { ...adaDetail().user, role: serverRole } }),
      {
        'PATCH /api/admin/users/u_1': () => {
          serverRole = 'admin';
          return { body: { success: true, user: { ...adaAsAdminSees, role: 'admin' } } };
        },
      },
    );
    const role = await screen.findByRole('region', { name: 'Role' });
    await user.click(within(role).getByRole('button', { name: 'Make admin' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Make ada@example.com an admin?' });
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    expect(await within(role).findByText('ada@example.com is now an admin.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { role: 'admin' },
    ]);
    expect(within(role).getByRole('button', { name: 'Remove admin' })).toBeEnabled();
  });

  it('shows the server refusal inline', async () => {
    const { user } = openAda(
      { body: {} },
      () => ({ ...adaDetail(), user: { ...adaDetail().user, role: 'admin' } }),
      {
        'PATCH /api/admin/users/u_1': {
          status: 422,
          body: { success: false, code: 'BUSINESS_RULE', message: 'At least one admin must remain.' },
        },
      },
    );
    const role = await screen.findByRole('region', { name: 'Role' });
    await user.click(within(role).getByRole('button', { name: 'Remove admin' }));
    await user.click(
      within(
        screen.getByRole('alertdialog', { name: 'Remove the admin role from ada@example.com?' }),
      ).getByRole('button', { name: 'Remove admin' }),
    );
    expect(await within(role).findByRole('alert')).toHaveTextContent('At least one admin must remain.');
  });

  it('does not offer admins to remove their own admin role', async () => {
    signInAsAdmin({
      'GET /api/admin/users/u_admin': {
        body: { ...adaDetail(), user: { ...adaDetail().user, _id: 'u_admin', role: 'admin' } },
      },
      'GET /api/admin/users/u_admin/transactions': emptyLedger,
    });
    renderApp('/admin/users/u_admin');
    const role = await screen.findByRole('region', { name: 'Role' });
    const button = within(role).getByRole('button', { name: 'Remove admin' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('You cannot remove your own admin role; another admin can.');
  });
});
