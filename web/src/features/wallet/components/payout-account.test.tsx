import { payoutMessages } from '@cashtips/contract/payouts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { pending } from '../../../testing/mock-api.ts';
import { payoutAccount, signedInApi, wrongPasswordReply } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { LOOKUP_NOT_DONE } from './payout-account-form.tsx';

const lookups = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/wallet/payout-account/lookup');
const saves = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'PUT' && call.path === '/api/wallet/payout-account');

const lookedUp: MockRoute = {
  body: { success: true, bankName: 'Guaranty Trust Bank', accountName: 'ADA OBI' },
};

async function openPanel(routes: Record<string, MockRoute> = {}, user: { twoFactorEnabled?: boolean } = {}) {
  const api = signedInApi({ 'POST /api/wallet/payout-account/lookup': lookedUp, ...routes }, user);
  const view = renderApp('/wallet');
  const section = await screen.findByRole('region', { name: 'Withdraw to bank' });
  return { ...api, ...view, section };
}

/** Bank and number filled in, which starts the lookup. */
async function fillAccount(view: Awaited<ReturnType<typeof openPanel>>, number = '0123456789') {
  const bank = await within(view.section).findByRole('combobox', { name: 'Bank' });
  await waitFor(() => expect(bank).toBeEnabled());
  await view.user.selectOptions(bank, 'Guaranty Trust Bank');
  await view.user.type(within(view.section).getByLabelText('Account number'), number);
}

describe('payout account', () => {
  it('asks the bank for the account name once bank and 10 digits are in, and shows it to confirm', async () => {
    const view = await openPanel();
    const { section, calls, user } = view;
    expect(
      await within(section).findByRole('heading', { name: 'Add your payout account' }),
    ).toBeInTheDocument();
    const number = within(section).getByLabelText('Account number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(within(section).queryByLabelText('Two-factor code')).not.toBeInTheDocument();

    await fillAccount(view, '012-345 678');
    // Nine digits: nothing asked yet; separators typed by habit are dropped.
    expect(number).toHaveValue('012345678');
    expect(lookups(calls)).toHaveLength(0);
    await user.type(number, '9');
    expect(await within(section).findByText('ADA OBI')).toBeInTheDocument();
    expect(within(section).getByText(/Account name:/)).toHaveTextContent('Account name: ADA OBI');
    expect(lookups(calls).map((call) => call.body)).toEqual([
      { bankCode: '058', accountNumber: '0123456789' },
    ]);
  });

  it('says it is checking while the bank answers', async () => {
    const view = await openPanel({ 'POST /api/wallet/payout-account/lookup': () => pending() });
    await fillAccount(view);
    expect(await within(view.section).findByText('Checking the account with your bank…')).toBeInTheDocument();
  });

  it("shows the bank's refusal of an account it cannot find, and the server's sentence when saved anyway", async () => {
    const refusal = {
      status: 422,
      body: { success: false, code: 'BUSINESS_RULE', message: payoutMessages.accountNotResolved },
    };
    const view = await openPanel({
      'POST /api/wallet/payout-account/lookup': refusal,
      'PUT /api/wallet/payout-account': refusal,
    });
    await fillAccount(view);
    expect(await within(view.section).findByText(payoutMessages.accountNotResolved)).toBeInTheDocument();
    expect(within(view.section).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await view.user.type(within(view.section).getByLabelText('Password'), 'My-pass123');
    await view.user.click(within(view.section).getByRole('button', { name: 'Save account' }));
    // No name was confirmed, so nothing is sent: the alert repeats why.
    expect(saves(view.calls)).toHaveLength(0);
    const alerts = within(view.section).getAllByRole('alert');
    expect(alerts.some((alert) => alert.textContent === payoutMessages.accountNotResolved)).toBe(true);
  });

  it('shows a 422 of the save (the provider changed its mind) in the form', async () => {
    const view = await openPanel({
      'PUT /api/wallet/payout-account': {
        status: 422,
        body: { success: false, code: 'BUSINESS_RULE', message: payoutMessages.accountNotResolved },
      },
    });
    await fillAccount(view);
    await within(view.section).findByText('ADA OBI');
    await view.user.type(within(view.section).getByLabelText('Password'), 'My-pass123');
    await view.user.click(within(view.section).getByRole('button', { name: 'Save account' }));
    const alert = await within(view.section).findByText(payoutMessages.accountNotResolved, { selector: 'p' });
    expect(alert.closest('[role="alert"]')).not.toBeNull();
  });

  it('waits for the name before saving', async () => {
    const view = await openPanel({ 'POST /api/wallet/payout-account/lookup': () => pending() });
    await fillAccount(view);
    await view.user.type(within(view.section).getByLabelText('Password'), 'My-pass123');
    await view.user.click(within(view.section).getByRole('button', { name: 'Save account' }));
    expect(await within(view.section).findByText(LOOKUP_NOT_DONE)).toBeInTheDocument();
    expect(saves(view.calls)).toHaveLength(0);
  });

  it('saves bank, number and password, then shows the account', async () => {
    let account: ReturnType<typeof payoutAccount> | null = null;
    const view = await openPanel({
      'GET /api/wallet/payout-account': () => ({ body: { success: true, account } }),
      'PUT /api/wallet/payout-account': () => {
        account = payoutAccount({ accountNumber: '******6789' });
        return { body: { success: true, account } };
      },
    });
    const { section, user, calls } = view;
    await user.click(await within(section).findByRole('button', { name: 'Save account' }));
    expect(await within(section).findByText(payoutMessages.unknownBank)).toBeInTheDocument();
    expect(within(section).getByText('Enter your password.')).toBeInTheDocument();

    await fillAccount(view);
    await within(section).findByText('ADA OBI');
    await user.type(within(section).getByLabelText('Password'), 'My-pass123');
    await user.click(within(section).getByRole('button', { name: 'Save account' }));

    expect(await screen.findByText(payoutMessages.accountSaved)).toBeInTheDocument();
    expect(saves(calls).map((call) => call.body)).toEqual([
      { bankCode: '058', accountNumber: '0123456789', password: 'My-pass123' },
    ]);
    expect(await within(section).findByText('******6789')).toBeInTheDocument();
    expect(within(section).getByText(/Guaranty Trust Bank/)).toBeInTheDocument();
    expect(within(section).queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('asks for the two-factor code when two-factor sign-in is on, and sends it', async () => {
    const view = await openPanel(
      { 'PUT /api/wallet/payout-account': { body: { success: true, account: payoutAccount() } } },
      { twoFactorEnabled: true },
    );
    const { section, user, calls } = view;
    await fillAccount(view);
    await within(section).findByText('ADA OBI');
    await user.type(within(section).getByLabelText('Password'), 'My-pass123');
    await user.click(within(section).getByRole('button', { name: 'Save account' }));
    expect(await within(section).findByText(payoutMessages.codeRequired)).toBeInTheDocument();
    expect(within(section).getByLabelText('Two-factor code')).toHaveFocus();
    expect(saves(calls)).toHaveLength(0);

    await user.type(within(section).getByLabelText('Two-factor code'), '123456');
    await user.click(within(section).getByRole('button', { name: 'Save account' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]?.body).toEqual({
      bankCode: '058',
      accountNumber: '0123456789',
      password: 'My-pass123',
      code: '123456',
    });
  });

  it('shows a wrong password on the password field, and a wrong code on the code field', async () => {
    let answer: { status: number; body: unknown } = wrongPasswordReply;
    const view = await openPanel(
      { 'PUT /api/wallet/payout-account': () => answer },
      { twoFactorEnabled: true },
    );
    const { section, user } = view;
    await fillAccount(view);
    await within(section).findByText('ADA OBI');
    await user.type(within(section).getByLabelText('Password'), 'Wrong-pass1');
    await user.type(within(section).getByLabelText('Two-factor code'), '000000');
    await user.click(within(section).getByRole('button', { name: 'Save account' }));
    expect(await within(section).findByText(payoutMessages.wrongPassword)).toBeInTheDocument();
    expect(within(section).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(within(section).getByLabelText('Password')).toHaveFocus();

    // The sentence alone (no field list) still lands on its field.
    answer = {
      status: 400,
      body: { success: false, code: 'INVALID_CREDENTIALS', message: payoutMessages.wrongCode },
    };
    await user.click(within(section).getByRole('button', { name: 'Save account' }));
    expect(await within(section).findByText(payoutMessages.wrongCode)).toBeInTheDocument();
    expect(within(section).getByLabelText('Two-factor code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when withdrawals to a changed account open, in Lagos time', async () => {
    const view = await openPanel({
      'GET /api/wallet/payout-account': {
        body: { success: true, account: payoutAccount({ availableAt: '2099-03-04T13:05:00.000Z' }) },
      },
    });
    expect(
      await within(view.section).findByText(
        /Withdrawals to this account open on 4 Mar 2099, 14:05 Lagos time\./,
      ),
    ).toBeInTheDocument();
  });

  it('says nothing of a wait once the account is open, and Change offers the form with a way back', async () => {
    const view = await openPanel({
      'GET /api/wallet/payout-account': { body: { success: true, account: payoutAccount() } },
    });
    const { section, user } = view;
    expect(await within(section).findByText('ADA OBI')).toBeInTheDocument();
    expect(within(section).getByText('******1234')).toBeInTheDocument();
    expect(within(section).queryByText(/open on/)).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: /^Change/ }));
    expect(within(section).getByRole('heading', { name: 'Change your payout account' })).toBeInTheDocument();
    expect(within(section).getByText(/24 hours after the change/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Keep the current account' }));
    expect(within(section).getByText('ADA OBI')).toBeInTheDocument();
  });

  it('holds its place while loading and offers Retry when the account cannot be loaded', async () => {
    let failing = true;
    const view = await openPanel({
      'GET /api/wallet/payout-account': () =>
        failing
          ? { status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'The service is busy.' } }
          : { body: { success: true, account: payoutAccount() } },
    });
    const title = await within(view.section).findByText(
      'Could not load your payout account.',
      {},
      { timeout: 8000 },
    );
    failing = false;
    const alert = title.closest<HTMLElement>('[role="alert"]') as HTMLElement;
    await view.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(view.section).findByText('ADA OBI')).toBeInTheDocument();
  });
});
