import type { User } from '@cashtips/contract/auth';
import { type TelegramLinkCodeResponse, telegramMessages } from '@cashtips/contract/telegram';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSocketServer } from '../../../testing/fake-socket-server.ts';
import { testUser } from '../../../testing/fixtures.ts';
import type { MockReply } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { telegramLinkedToast } from '../api/telegram.ts';

const codeAnswer = (overrides: Partial<TelegramLinkCodeResponse> = {}): TelegramLinkCodeResponse => ({
  success: true,
  message: telegramMessages.codeGenerated,
  linkCode: 'ABCD2345EFGH',
  link: 'https://t.me/CashTipsTestBot?start=ABCD2345EFGH',
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  ...overrides,
});

const linked: Partial<User> = {
  telegramId: '777001',
  telegramUsername: 'ada_obi',
  telegramNotifications: true,
};

const userAnswer = (user: Partial<User>, message: string) => ({
  body: { success: true, message, user: { ...testUser, ...user } },
});

async function securityTab(path = '/profile?tab=security') {
  const rendered = renderApp(path);
  const tab = await screen.findByRole('tab', { name: 'Security' });
  expect(tab).toHaveAttribute('aria-selected', 'true');
  return { ...rendered, panel: screen.getByRole('tabpanel', { name: 'Security' }) };
}

describe('the profile', () => {
  it('shows the real account details and wallets on the Profile tab; the tabs move with the arrow keys', async () => {
    signedInApi({}, { username: 'adaobi', mainWallet: 2500, bonusWallet: 300 });
    const { user } = renderApp('/profile');
    const profileTab = await screen.findByRole('tab', { name: 'Profile' });
    expect(profileTab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Profile' });
    expect(within(panel).getByLabelText('Full name')).toHaveValue('Ada Obi');
    expect(within(panel).getByLabelText('Email')).toHaveValue('ada@example.com');
    const phone = within(panel).getByLabelText('Phone number') as HTMLInputElement;
    expect(phone.value.replace(/\D/g, '')).toBe('2348012345678');
    expect(within(panel).getByLabelText('Username')).toHaveValue('adaobi');
    expect(within(panel).getByText(/^Member since/)).toBeInTheDocument();
    expect(await within(panel).findByText('₦2,500')).toBeInTheDocument();
    expect(within(panel).getByText('₦300')).toBeInTheDocument();

    act(() => profileTab.focus());
    await user.keyboard('{ArrowRight}');
    const security = screen.getByRole('tab', { name: 'Security' });
    expect(security).toHaveFocus();
    expect(security).toHaveAttribute('aria-selected', 'true');
    expect(profileTab).toHaveAttribute('tabindex', '-1');
    expect(currentLocation()).toBe('/profile?tab=security');
    expect(screen.getByRole('tabpanel', { name: 'Security' })).toHaveTextContent('Telegram');
  });

  it('is in the account menu', async () => {
    signedInApi();
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ada' }));
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });
});

describe('linking Telegram on the Security tab', () => {
  it('asks for a username or phone number before calling the server', async () => {
    const { calls } = signedInApi();
    const { user, panel } = await securityTab();
    const field = within(panel).getByRole('textbox', { name: 'Telegram username or phone number' });
    expect(field).toHaveAttribute('placeholder', expect.stringMatching(/@username.*phone|@username or \+/));
    await user.type(field, '   ');
    await user.click(within(panel).getByRole('button', { name: 'Generate link code' }));
    expect(await screen.findByText(telegramMessages.identifierRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('telegram'))).toBe(false);
  });

  it('generates a code, shows it with Open Telegram and the /start fallback, and Change Details goes back', async () => {
    const { calls } = signedInApi({
      'POST /api/auth/telegram/generate-link-code': { body: codeAnswer() },
    });
    const { user, panel } = await securityTab();
    await user.type(within(panel).getByRole('textbox'), ' @ada_obi ');
    await user.click(within(panel).getByRole('button', { name: 'Generate link code' }));
    expect(await screen.findByText(telegramMessages.codeGeneratedToast)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ telegramIdentifier: '@ada_obi' });

    expect(within(panel).getByTestId('telegram-link-code')).toHaveTextContent('ABCD2345EFGH');
    const open = within(panel).getByRole('link', { name: /^Open Telegram/ });
    expect(open).toHaveAttribute('href', 'https://t.me/CashTipsTestBot?start=ABCD2345EFGH');
    expect(open).toHaveAttribute('target', '_blank');
    expect(panel).toHaveTextContent('/start ABCD2345EFGH');
    expect(panel).toHaveTextContent('@CashTipsTestBot');
    expect(panel).toHaveTextContent(/Valid for 1[45]:\d\d/);
    expect(within(panel).getByRole('button', { name: 'Copy link code' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Change Details' }));
    expect(within(panel).getByRole('textbox', { name: 'Telegram username or phone number' })).toHaveValue(
      ' @ada_obi ',
    );
    expect(within(panel).queryByTestId('telegram-link-code')).not.toBeInTheDocument();
  });

  it("shows the server's message when a code is refused, else 'Failed to generate link code'", async () => {
    let answer: MockReply = {
      status: 400,
      body: { success: false, code: 'VALIDATION_FAILED', message: telegramMessages.identifierInvalid },
    };
    signedInApi({ 'POST /api/auth/telegram/generate-link-code': () => answer });
    const { user, panel } = await securityTab();
    await user.type(within(panel).getByRole('textbox'), 'a');
    await user.click(within(panel).getByRole('button', { name: 'Generate link code' }));
    expect(await screen.findByText(telegramMessages.identifierInvalid)).toBeInTheDocument();

    answer = { status: 500, body: { success: false, code: 'INTERNAL', message: '' } };
    await user.click(within(panel).getByRole('button', { name: 'Generate link code' }));
    expect(await screen.findByText(telegramMessages.generateFailed)).toBeInTheDocument();
    expect(within(panel).queryByTestId('telegram-link-code')).not.toBeInTheDocument();
  });

  it('turns into the linked state live when the bot links the account (telegram socket event)', async () => {
    signedInApi({ 'POST /api/auth/telegram/generate-link-code': { body: codeAnswer() } });
    const { user, panel } = await securityTab();
    await user.type(within(panel).getByRole('textbox'), '@ada_obi');
    await user.click(within(panel).getByRole('button', { name: 'Generate link code' }));
    await within(panel).findByTestId('telegram-link-code');
    await waitFor(() => expect(fakeSocketServer.connected().length).toBeGreaterThan(0));
    act(() =>
      fakeSocketServer.emit('telegram', {
        telegramId: '777001',
        telegramUsername: 'ada_obi',
        telegramNotifications: true,
      }),
    );
    expect(await within(panel).findByText('Telegram linked')).toBeInTheDocument();
    expect(panel).toHaveTextContent('@ada_obi');
    expect(within(panel).queryByTestId('telegram-link-code')).not.toBeInTheDocument();
    expect(await screen.findByText(telegramLinkedToast)).toBeInTheDocument();
    // The session keeps it: stored for the next visit.
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ telegramId: '777001' });
  });

  it('switches Telegram alerts with PATCH and shows what the server answered', async () => {
    const { calls } = signedInApi(
      {
        'PATCH /api/auth/telegram/preferences': (body) => {
          const on = (body as { telegramNotifications: boolean }).telegramNotifications;
          return userAnswer(
            { ...linked, telegramNotifications: on },
            on ? telegramMessages.alertsOn : telegramMessages.alertsOff,
          );
        },
      },
      linked,
    );
    const { user, panel } = await securityTab();
    const alerts = within(panel).getByRole('switch', { name: 'Telegram alerts' });
    expect(alerts).toHaveAttribute('aria-checked', 'true');
    await user.click(alerts);
    expect(await screen.findByText(telegramMessages.alertsOff)).toBeInTheDocument();
    await waitFor(() => expect(alerts).toHaveAttribute('aria-checked', 'false'));
    await waitFor(() => expect(alerts).toBeEnabled());
    await user.click(alerts);
    expect(await screen.findByText(telegramMessages.alertsOn)).toBeInTheDocument();
    await waitFor(() => expect(alerts).toHaveAttribute('aria-checked', 'true'));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { telegramNotifications: false },
      { telegramNotifications: true },
    ]);
  });

  it('unlinks only after the confirmation', async () => {
    const { calls } = signedInApi(
      {
        'DELETE /api/auth/telegram/link': userAnswer(
          { telegramId: null, telegramUsername: null },
          telegramMessages.unlinked,
        ),
      },
      linked,
    );
    const { user, panel } = await securityTab();
    expect(panel).toHaveTextContent('@ada_obi');
    await user.click(within(panel).getByRole('button', { name: 'Unlink Telegram' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlink Telegram?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(panel).getByRole('button', { name: 'Unlink Telegram' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Unlink Telegram?' })).getByRole('button', {
        name: 'Unlink',
      }),
    );
    expect(await screen.findByText(telegramMessages.unlinked)).toBeInTheDocument();
    expect(
      await within(panel).findByRole('textbox', { name: 'Telegram username or phone number' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/auth/telegram/link',
    ]);
  });

  it('?link-telegram=true selects Security with the prompt once, and leaves ?tab=security in the address', async () => {
    signedInApi();
    const { panel } = await securityTab('/profile?link-telegram=true');
    expect(await screen.findByText(telegramMessages.linkPrompt)).toBeInTheDocument();
    expect(
      within(panel).getByRole('textbox', { name: 'Telegram username or phone number' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/profile?tab=security'));
    expect(screen.getAllByText(telegramMessages.linkPrompt)).toHaveLength(1);
  });

  it('?link-telegram=true on a linked account shows the link without the prompt', async () => {
    signedInApi({}, linked);
    const { panel } = await securityTab('/profile?link-telegram=true');
    expect(panel).toHaveTextContent('Telegram linked');
    await waitFor(() => expect(currentLocation()).toBe('/profile?tab=security'));
    expect(screen.queryByText(telegramMessages.linkPrompt)).not.toBeInTheDocument();
  });
});

describe('the dashboard Telegram tiles', () => {
  it('offers the bot and Link Telegram before linking', async () => {
    signedInApi();
    renderApp('/dashboard');
    const tiles = await screen.findByRole('region', { name: 'Telegram' });
    const bot = within(tiles).getByRole('link', { name: /Telegram Bot/ });
    expect(bot).toHaveAttribute('href', 'https://t.me/CashTipsNGBot');
    expect(bot).toHaveAttribute('target', '_blank');
    expect(within(tiles).getByRole('link', { name: 'Link Telegram' })).toHaveAttribute(
      'href',
      '/profile?link-telegram=true',
    );
    expect(within(tiles).queryByText('Telegram Linked')).not.toBeInTheDocument();
  });

  it('says Telegram Linked once the account has a telegramId', async () => {
    signedInApi({}, linked);
    renderApp('/dashboard');
    const tiles = await screen.findByRole('region', { name: 'Telegram' });
    expect(within(tiles).getByRole('link', { name: /^Telegram Linked/ })).toHaveAttribute(
      'href',
      '/profile?tab=security',
    );
    expect(tiles).toHaveTextContent('@ada_obi');
    expect(within(tiles).queryByRole('link', { name: 'Link Telegram' })).not.toBeInTheDocument();
  });
});
