import { accountMessages, type Preferences } from '@cashtips/contract/account';
import type { User } from '@cashtips/contract/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockReply, MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { preloadScreens } from '../../../testing/preload-screens.ts';
import { renderApp } from '../../../testing/render-app.tsx';

preloadScreens(() => import('../../../app/routes/profile.tsx'));

const defaults: Preferences = {
  emailNotifications: true,
  pushNotifications: true,
  telegramNotifications: true,
  communityVisible: true,
  currency: null,
};

/** A server keeping the preferences; `fail` makes the next PUT fail. */
function preferencesServer(initial: Partial<Preferences> = {}) {
  const state = { preferences: { ...defaults, ...initial }, fail: false };
  const routes: Record<string, MockRoute> = {
    'GET /api/users/me/preferences': () => ({ body: { success: true, preferences: state.preferences } }),
    'PUT /api/users/me/preferences': (body): MockReply => {
      if (state.fail)
        return { status: 500, body: { success: false, code: 'INTERNAL', message: 'Could not save.' } };
      state.preferences = { ...state.preferences, ...(body as Partial<Preferences>) };
      return { body: { success: true, preferences: state.preferences } };
    },
  };
  return { state, routes };
}

async function preferencesTab(routes: Record<string, MockRoute>, user: Partial<User> = {}) {
  const api = signedInApi(routes, user);
  const rendered = renderApp('/profile?tab=preferences');
  const panel = await screen.findByRole('tabpanel', { name: 'Preferences' });
  await within(panel).findByRole('switch', { name: 'Email notifications' });
  return { ...api, ...rendered, panel };
}

const puts = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'PUT' && call.path === '/api/users/me/preferences')
    .map((call) => call.body);

describe('the Preferences tab', () => {
  it('shows the saved switches and saves each one at once with just that field', async () => {
    const server = preferencesServer({ communityVisible: false });
    const { calls, user, panel } = await preferencesTab(server.routes);
    const email = within(panel).getByRole('switch', { name: 'Email notifications' });
    const community = within(panel).getByRole('switch', { name: 'Show me in the community feed' });
    expect(email).toHaveAttribute('aria-checked', 'true');
    expect(
      within(panel).getByRole('switch', { name: 'Push notifications on all my devices' }),
    ).toHaveAttribute('aria-checked', 'true');
    expect(community).toHaveAttribute('aria-checked', 'false');

    await user.click(email);
    expect(email).toHaveAttribute('aria-checked', 'false');
    expect(await screen.findByText(accountMessages.preferencesSaved)).toBeInTheDocument();
    await waitFor(() => expect(email).toBeEnabled());
    await user.click(community);
    await waitFor(() => expect(community).toHaveAttribute('aria-checked', 'true'));
    await waitFor(() => expect(community).toBeEnabled());
    expect(puts(calls)).toEqual([{ emailNotifications: false }, { communityVisible: true }]);
    expect(server.state.preferences).toMatchObject({ emailNotifications: false, communityVisible: true });
  });

  it('puts a switch back and says so when the save fails', async () => {
    const server = preferencesServer();
    server.state.fail = true;
    const { calls, user, panel } = await preferencesTab(server.routes);
    const push = within(panel).getByRole('switch', { name: 'Push notifications on all my devices' });
    await user.click(push);
    expect(await screen.findByText('Could not save.')).toBeInTheDocument();
    await waitFor(() => expect(push).toHaveAttribute('aria-checked', 'true'));
    expect(push).toBeEnabled();
    expect(puts(calls)).toEqual([{ pushNotifications: false }]);
  });

  it('keeps the session user in step when Telegram alerts change here', async () => {
    const server = preferencesServer();
    const { user, panel } = await preferencesTab(server.routes, {
      telegramId: '777001',
      telegramUsername: 'ada_obi',
    });
    await user.click(within(panel).getByRole('switch', { name: 'Telegram alerts' }));
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({
        telegramNotifications: false,
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    const security = screen.getByRole('tabpanel', { name: 'Security' });
    expect(within(security).getByRole('switch', { name: 'Telegram alerts' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it("saves the currency and makes it the app's display currency; Automatic follows the location", async () => {
    const server = preferencesServer();
    const { calls, user, panel } = await preferencesTab(server.routes, { mainWallet: 2500 });
    const select = within(panel).getByRole('combobox', { name: 'Display currency' });
    expect(select).toHaveValue('auto');
    expect(within(select).getByRole('option', { name: 'Automatic (by location)' })).toBeInTheDocument();

    await user.selectOptions(select, 'USD');
    await waitFor(() => expect(window.localStorage.getItem('currency')).toBe('USD'));
    expect(select).toHaveValue('USD');
    const topBar = screen
      .getAllByRole('combobox', { name: 'Display currency' })
      .find((box) => box !== select);
    expect(topBar).toHaveValue('USD');

    await user.selectOptions(select, 'auto');
    // The test location is Nigeria.
    await waitFor(() => expect(window.localStorage.getItem('currency')).toBe('NGN'));
    expect(select).toHaveValue('auto');
    expect(puts(calls)).toEqual([{ currency: 'USD' }, { currency: null }]);
  });

  it('offers Retry when the preferences cannot be loaded', async () => {
    let fail = true;
    const server = preferencesServer();
    signedInApi({
      ...server.routes,
      'GET /api/users/me/preferences': () =>
        fail
          ? { status: 500, body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' } }
          : { body: { success: true, preferences: defaults } },
    });
    const { user } = renderApp('/profile?tab=preferences');
    expect(await screen.findByText('Could not load your preferences')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('switch', { name: 'Email notifications' })).toBeInTheDocument();
  });
});
