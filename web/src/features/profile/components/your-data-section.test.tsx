import { messages, type User } from '@cashtips/contract/auth';
import { type ClosingStatus, dataRightsMessages } from '@cashtips/contract/data-rights';
import { payoutMessages } from '@cashtips/contract/payouts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { signedInApi, wrongPasswordReply } from '../../../testing/money-fixtures.ts';
import { preloadScreens } from '../../../testing/preload-screens.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

preloadScreens(
  () => import('../../../app/routes/profile.tsx'),
  () => import('../../../app/routes/landing.tsx'),
);

const closingStatus = (refusal: ClosingStatus['refusal']): MockRoute => ({
  body: { success: true, refusal } satisfies ClosingStatus,
});

async function dataTab(routes: Record<string, MockRoute> = {}, user: Partial<User> = {}) {
  const api = signedInApi(
    { 'GET /api/users/me/closing': closingStatus(null), ...routes },
    { mainWallet: 0, bonusWallet: 250, ...user },
  );
  const rendered = renderApp('/profile?tab=data');
  const panel = await screen.findByRole('tabpanel', { name: 'Your data' });
  // The tab's code loads on its own (profile.tsx): wait for it.
  await waitFor(() => expect(within(panel).queryByRole('status', { name: 'Loading this tab' })).toBeNull());
  return { ...api, ...rendered, panel };
}

const region = (panel: HTMLElement, name: string) => within(panel).getByRole('region', { name });
const posts = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

beforeEach(() => {
  // jsdom has no object URLs: the file is "saved" through them.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:data'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Download your data', () => {
  it('saves the file the server names, showing the wait while it is prepared', async () => {
    let answer: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, panel } = await dataTab({
      'GET /api/users/me/export': async () => {
        await ready;
        return {
          body: { success: true, profile: { email: 'ada@example.com' } },
          headers: { 'Content-Disposition': 'attachment; filename="cashtips-data-2026-11-21.json"' },
        };
      },
    });
    const section = region(panel, 'Download your data');
    await user.click(within(section).getByRole('button', { name: 'Download my data' }));
    const busy = within(section).getByRole('button', { name: 'Preparing your file…' });
    expect(busy).toBeDisabled();
    answer();
    expect(await screen.findByText(dataRightsMessages.exportReady)).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('cashtips-data-2026-11-21.json');
    click.mockRestore();
  });

  it("says how long to wait when the hour's downloads are used up", async () => {
    const limited = dataRightsMessages.exportLimited('42 minutes');
    const { user, panel } = await dataTab({
      'GET /api/users/me/export': {
        status: 429,
        body: { success: false, code: 'RATE_LIMITED', message: limited, retryAfterSeconds: 2520 },
        headers: { 'Retry-After': '2520' },
      },
    });
    const section = region(panel, 'Download your data');
    await user.click(within(section).getByRole('button', { name: 'Download my data' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(limited);
    expect(within(section).getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });
});

describe('Close your account', () => {
  it.each([
    {
      reason: 'main-wallet' as const,
      message: dataRightsMessages.closeRefusedMainWallet('₦1,500'),
      link: ['Go to your wallet', '/wallet'],
    },
    {
      reason: 'withdrawal' as const,
      message: dataRightsMessages.closeRefusedWithdrawal,
      link: ['Go to your wallet', '/wallet'],
    },
    {
      reason: 'money-back' as const,
      message: dataRightsMessages.closeRefusedMoneyBack,
      link: ['Go to My Codes', '/my-codes'],
    },
  ])(
    'says what closing does, then why it is refused ($reason) instead of offering it',
    async ({ reason, message, link }) => {
      const { panel, calls } = await dataTab({
        'GET /api/users/me/closing': closingStatus({ reason, message }),
      });
      const section = region(panel, 'Close your account');
      expect(within(section).getByText(/Bonus money is forfeited/)).toBeInTheDocument();
      expect(within(section).getByText(/kept for 6 years/)).toBeInTheDocument();
      expect(await within(section).findByText(message)).toBeInTheDocument();
      expect(within(section).queryByRole('button', { name: 'Close my account' })).not.toBeInTheDocument();
      const [label, href] = link as [string, string];
      expect(within(section).getByRole('link', { name: label })).toHaveAttribute('href', href);
      expect(posts(calls, '/api/users/me/delete')).toHaveLength(0);
      expect(posts(calls, '/api/users/me/delete/check')).toHaveLength(0);
    },
  );

  it('refuses a wrong password at the first step, then asks for the confirmation, then signs out to the landing page', async () => {
    const { user, panel, calls } = await dataTab(
      {
        'POST /api/users/me/delete/check': (body) =>
          (body as { password: string }).password === 'Str0ng!Pass'
            ? { body: { success: true, message: dataRightsMessages.closeChecked } }
            : wrongPasswordReply,
        'POST /api/users/me/delete': (body) =>
          (body as { password: string }).password === 'Str0ng!Pass'
            ? { body: { success: true, message: dataRightsMessages.accountClosed } }
            : wrongPasswordReply,
      },
      { twoFactorEnabled: true },
    );
    const section = region(panel, 'Close your account');
    expect(within(section).getByText(/₦250/)).toBeInTheDocument();
    await user.click(await within(section).findByRole('button', { name: 'Close my account' }));
    const password = within(section).getByLabelText('Password');
    expect(password).toHaveFocus();
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    expect(await within(section).findByText(messages.passwordRequired)).toBeInTheDocument();
    expect(posts(calls, '/api/users/me/delete/check')).toHaveLength(0);

    // The wrong password is refused on its field at once: no "Yes, close" before the server has said so.
    await user.type(password, 'Wrong-pass1');
    await user.type(within(section).getByLabelText('Code'), '123456');
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    expect(await within(section).findByText(payoutMessages.wrongPassword)).toBeInTheDocument();
    expect(within(section).getByLabelText('Password')).toHaveFocus();
    expect(
      within(section).queryByRole('heading', { name: 'Close your account now?' }),
    ).not.toBeInTheDocument();
    expect(posts(calls, '/api/users/me/delete')).toHaveLength(0);
    expect(currentLocation()).toContain('/profile');

    await user.clear(within(section).getByLabelText('Password'));
    await user.type(within(section).getByLabelText('Password'), 'Str0ng!Pass');
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    expect(await within(section).findByRole('heading', { name: 'Close your account now?' })).toHaveFocus();
    await user.click(within(section).getByRole('button', { name: 'Yes, close my account' }));

    expect(await screen.findByText(dataRightsMessages.accountClosed)).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(posts(calls, '/api/users/me/delete/check').map((call) => call.body)).toEqual([
      { password: 'Wrong-pass1', code: '123456' },
      { password: 'Str0ng!Pass', code: '123456' },
    ]);
    expect(posts(calls, '/api/users/me/delete').map((call) => call.body)).toEqual([
      { password: 'Str0ng!Pass', code: '123456' },
    ]);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('says why at the first step when something now holds the account open (422), and shows it in place of the steps', async () => {
    let refusal: ClosingStatus['refusal'] = null;
    const { user, panel } = await dataTab({
      'GET /api/users/me/closing': () => ({ body: { success: true, refusal } }),
      'POST /api/users/me/delete/check': () => {
        refusal = { reason: 'money-back', message: dataRightsMessages.closeRefusedMoneyBack };
        return {
          status: 422,
          body: { success: false, code: 'BUSINESS_RULE', message: dataRightsMessages.closeRefusedMoneyBack },
        };
      },
    });
    const section = region(panel, 'Close your account');
    await user.click(await within(section).findByRole('button', { name: 'Close my account' }));
    await user.type(within(section).getByLabelText('Password'), 'Str0ng!Pass');
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      dataRightsMessages.closeRefusedMoneyBack,
    );
    expect(within(section).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Go to My Codes' })).toBeInTheDocument();
  });
});
