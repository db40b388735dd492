import { accountMessages, type SessionView } from '@cashtips/contract/account';
import { messages, type User } from '@cashtips/contract/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MockReply, MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { preloadScreens } from '../../../testing/preload-screens.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { PASSWORDS_DIFFER } from './change-password-form.tsx';

preloadScreens(() => import('../../../app/routes/profile.tsx'));

const chromeAndroid =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const safariIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const firefoxWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const sessionList: SessionView[] = [
  {
    _id: 's_other1',
    createdAt: ago(60 * 24 * 3),
    lastSeenAt: ago(30),
    userAgent: safariIphone,
    ip: '197.210.54.x',
    current: false,
  },
  {
    _id: 's_current',
    createdAt: ago(60),
    lastSeenAt: ago(1),
    userAgent: chromeAndroid,
    ip: '102.89.34.x',
    current: true,
  },
  {
    _id: 's_other2',
    createdAt: ago(60 * 24 * 10),
    lastSeenAt: ago(60 * 5),
    userAgent: firefoxWindows,
    ip: null,
    current: false,
  },
];

const sessionsAnswer = (sessions: SessionView[] = sessionList): MockReply => ({
  body: { success: true, sessions },
});

async function securityTab(routes: Record<string, MockRoute> = {}, user: Partial<User> = {}) {
  const api = signedInApi({ 'GET /api/auth/sessions': sessionsAnswer(), ...routes }, user);
  const rendered = renderApp('/profile?tab=security');
  const panel = await screen.findByRole('tabpanel', { name: 'Security' });
  return { ...api, ...rendered, panel };
}

const section = (panel: HTMLElement, name: string) => within(panel).getByRole('region', { name });
const posts = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

describe('Change password', () => {
  it('checks the new password and its confirmation before calling the server', async () => {
    const { calls, user, panel } = await securityTab();
    const form = section(panel, 'Change password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(messages.passwordRequired)).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveFocus();

    await user.type(within(form).getByLabelText('Current password'), 'Old-pass1');
    await user.type(within(form).getByLabelText('New password'), 'weak');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(messages.weakPassword)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'New-pass22');
    await user.type(within(form).getByLabelText('Confirm new password'), 'New-pass23');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(PASSWORDS_DIFFER)).toBeInTheDocument();
    expect(within(form).getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(posts(calls, '/api/auth/change-password')).toHaveLength(0);
  });

  it("shows the server's message for a wrong current password, and clears the form once changed", async () => {
    let answer: MockReply = {
      status: 400,
      body: { success: false, code: 'BUSINESS_RULE', message: accountMessages.wrongCurrentPassword },
    };
    const { calls, user, panel } = await securityTab({ 'POST /api/auth/change-password': () => answer });
    const form = section(panel, 'Change password');
    await user.type(within(form).getByLabelText('Current password'), 'Wrong-pass1');
    await user.type(within(form).getByLabelText('New password'), 'New-pass22');
    await user.type(within(form).getByLabelText('Confirm new password'), 'New-pass22');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(accountMessages.wrongCurrentPassword)).toBeInTheDocument();
    expect(within(form).getByLabelText('New password')).toHaveValue('New-pass22');

    answer = { body: { success: true, message: accountMessages.passwordChanged } };
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(accountMessages.passwordChanged)).toBeInTheDocument();
    for (const label of ['Current password', 'New password', 'Confirm new password'])
      expect(within(form).getByLabelText(label)).toHaveValue('');
    expect(within(form).queryByText(accountMessages.wrongCurrentPassword)).not.toBeInTheDocument();
    expect(posts(calls, '/api/auth/change-password').map((call) => call.body)).toEqual([
      { currentPassword: 'Wrong-pass1', newPassword: 'New-pass22' },
      { currentPassword: 'Wrong-pass1', newPassword: 'New-pass22' },
    ]);
  });
});

describe('Two-factor sign-in', () => {
  const recoveryCodes = Array.from({ length: 10 }, (_, index) => `code${index}-abcd${index}`);

  afterEach(() => vi.restoreAllMocks());

  it('sets up with the QR code and key, confirms with a code, then shows the 10 recovery codes once', async () => {
    const { calls, user, panel } = await securityTab({
      'POST /api/auth/2fa/setup': {
        body: {
          success: true,
          message: accountMessages.twoFactorStarted,
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
          otpauthUrl:
            'otpauth://totp/CashTips:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=CashTips',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      },
      'POST /api/auth/2fa/enable': (body) =>
        (body as { code: string }).code === '123456'
          ? { body: { success: true, message: accountMessages.twoFactorEnabled, recoveryCodes } }
          : {
              status: 400,
              body: { success: false, code: 'TWO_FACTOR_INVALID', message: accountMessages.wrongCode },
            },
    });
    const twoFactor = section(panel, 'Two-factor sign-in');
    expect(within(twoFactor).getByTestId('two-factor-status')).toHaveTextContent('Off');
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn on' }));

    const qr = await within(twoFactor).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(within(twoFactor).getByTestId('two-factor-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP',
    );
    expect(within(twoFactor).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    const code = within(twoFactor).getByLabelText('6-digit code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(code, '000000');
    await user.click(within(twoFactor).getByRole('button', { name: 'Confirm' }));
    expect(await within(twoFactor).findByText(accountMessages.wrongCode)).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(within(twoFactor).getByRole('button', { name: 'Confirm' }));
    const list = await within(twoFactor).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(within(twoFactor).getByTestId('two-factor-status')).toHaveTextContent('On');
    expect(within(twoFactor).getByRole('button', { name: 'Copy all recovery codes' })).toBeInTheDocument();
    expect(posts(calls, '/api/auth/2fa/enable').map((call) => call.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ twoFactorEnabled: true });

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(within(twoFactor).getByRole('button', { name: 'Download .txt' }));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('cashtips-recovery-codes.txt');
    expect(decodeURIComponent(link.href)).toContain(recoveryCodes.join('\n'));

    await user.click(within(twoFactor).getByRole('button', { name: "I've saved them" }));
    expect(within(twoFactor).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(within(twoFactor).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(within(twoFactor).getByRole('heading', { name: 'Two-factor sign-in' })).toHaveFocus();
  });

  it('turns off with the password and a code', async () => {
    const { calls, user, panel } = await securityTab(
      {
        'POST /api/auth/2fa/disable': {
          body: { success: true, message: accountMessages.twoFactorDisabled },
        },
      },
      { twoFactorEnabled: true },
    );
    const twoFactor = section(panel, 'Two-factor sign-in');
    expect(within(twoFactor).getByTestId('two-factor-status')).toHaveTextContent('On');
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn off' }));
    const password = within(twoFactor).getByLabelText('Password');
    expect(password).toHaveFocus();

    await user.click(within(twoFactor).getByRole('button', { name: 'Turn off two-factor' }));
    expect(await within(twoFactor).findByText(messages.passwordRequired)).toBeInTheDocument();
    expect(within(twoFactor).getByText(accountMessages.codeRequired)).toBeInTheDocument();

    await user.type(password, 'My-pass123');
    await user.type(within(twoFactor).getByLabelText('Code'), 'abcde-12345');
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn off two-factor' }));
    expect(await screen.findByText(accountMessages.twoFactorDisabled)).toBeInTheDocument();
    await waitFor(() => expect(within(twoFactor).getByTestId('two-factor-status')).toHaveTextContent('Off'));
    expect(within(twoFactor).getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    expect(posts(calls, '/api/auth/2fa/disable').map((call) => call.body)).toEqual([
      { password: 'My-pass123', code: 'abcde-12345' },
    ]);
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({
      twoFactorEnabled: false,
    });
  });
});

describe('Login history', () => {
  it('lists the sessions with this device first, masked addresses and a badge for this device', async () => {
    const { panel } = await securityTab();
    const history = section(panel, 'Login history');
    const rows = within(await within(history).findByRole('list', { name: 'Sessions' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Chrome on Android');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('102.89.34.x');
    expect(within(rows[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Safari on iPhone');
    expect(rows[1]).toHaveTextContent('197.210.54.x');
    expect(rows[1]).toHaveTextContent('30 min ago');
    expect(rows[1]).not.toHaveTextContent('This device');
    expect(rows[2]).toHaveTextContent('Firefox on Windows');
    expect(rows[2]).toHaveTextContent('5h ago');
  });

  it('signs out one session (DELETE with its id) and all the others', async () => {
    let remaining = sessionList;
    const { calls, user, panel } = await securityTab({
      'GET /api/auth/sessions': () => sessionsAnswer(remaining),
      'DELETE /api/auth/sessions/s_other1': () => {
        remaining = remaining.filter((session) => session._id !== 's_other1');
        return { body: { success: true, message: accountMessages.sessionEnded } };
      },
      'POST /api/auth/sessions/revoke-others': () => {
        remaining = remaining.filter((session) => session.current);
        return { body: { success: true, message: accountMessages.otherSessionsEnded, ended: 1 } };
      },
    });
    const history = section(panel, 'Login history');
    await user.click(
      await within(history).findByRole('button', { name: 'Sign out Safari on iPhone (197.210.54.x)' }),
    );
    expect(await screen.findByText(accountMessages.sessionEnded)).toBeInTheDocument();
    await waitFor(() => expect(history).not.toHaveTextContent('Safari on iPhone'));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/auth/sessions/s_other1',
    ]);

    await user.click(within(history).getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('Signed out 1 other session.')).toBeInTheDocument();
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(1));
    expect(history).toHaveTextContent('This device');
    expect(
      within(history).queryByRole('button', { name: 'Sign out all other sessions' }),
    ).not.toBeInTheDocument();
    expect(posts(calls, '/api/auth/sessions/revoke-others')).toHaveLength(1);
  });

  it('offers Retry when the list cannot be loaded', async () => {
    let fail = true;
    const { user, panel } = await securityTab({
      'GET /api/auth/sessions': () =>
        fail
          ? { status: 500, body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' } }
          : sessionsAnswer(),
    });
    const history = section(panel, 'Login history');
    expect(within(history).getByRole('status', { name: 'Loading sessions' })).toBeInTheDocument();
    expect(await within(history).findByText('Could not load your sessions')).toBeInTheDocument();
    fail = false;
    await user.click(within(history).getByRole('button', { name: 'Retry' }));
    expect(await within(history).findByText('Chrome on Android')).toBeInTheDocument();
  });
});
