import { accountMessages } from '@cashtips/contract/account';
import type { User } from '@cashtips/contract/auth';
import { phoneMessages } from '@cashtips/contract/phone';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/fixtures.ts';
import type { MockRoute } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { preloadScreens } from '../../../testing/preload-screens.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

preloadScreens(() => import('../../../app/routes/profile.tsx'));

async function profileTab(routes: Record<string, MockRoute> = {}, user: Partial<User> = {}) {
  const api = signedInApi(routes, user);
  const rendered = renderApp('/profile');
  const panel = await screen.findByRole('tabpanel', { name: 'Profile' });
  return { ...api, ...rendered, panel };
}

const patches = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PATCH' && call.path === '/api/users/me');

describe('the Profile tab form', () => {
  it('refuses a phone number that cannot exist by the sign-up rule, and saves nothing', async () => {
    const { calls, user, panel } = await profileTab();
    const phone = within(panel).getByLabelText('Phone number');
    await user.clear(phone);
    await user.type(phone, '+8 031 234 5678');
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(phone).toHaveAccessibleDescription(phoneMessages.unknownCountryCode));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(patches(calls)).toHaveLength(0);
  });

  it('fills in the account, keeps the email read-only, and saves only what changed', async () => {
    const { calls, user, panel } = await profileTab(
      {
        'PATCH /api/users/me': (body) => ({
          body: {
            success: true,
            message: accountMessages.profileSaved,
            user: { ...testUser, username: 'adaobi', ...(body as Partial<User>), fullName: 'Ada Eze' },
          },
        }),
      },
      { username: 'adaobi' },
    );
    const fullName = within(panel).getByLabelText('Full name');
    const username = within(panel).getByLabelText('Username');
    const email = within(panel).getByLabelText('Email');
    const save = within(panel).getByRole('button', { name: 'Save changes' });
    expect(fullName).toHaveValue('Ada Obi');
    expect(username).toHaveValue('adaobi');
    expect(within(panel).getByText('3–20 letters, digits or _')).toBeInTheDocument();
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(within(panel).getByText("Email can't be changed.")).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.type(email, 'x');
    expect(email).toHaveValue('ada@example.com');
    expect(save).toBeDisabled();

    await user.clear(fullName);
    await user.type(fullName, '  Ada   Eze ');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText(accountMessages.profileSaved)).toBeInTheDocument();
    expect(patches(calls).map((call) => call.body)).toEqual([{ fullName: 'Ada Eze' }]);
    await waitFor(() => expect(fullName).toHaveValue('Ada Eze'));
    expect(save).toBeDisabled();
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ fullName: 'Ada Eze' });
  });

  it('shows a taken username (409) on the username field', async () => {
    const { calls, user, panel } = await profileTab({
      'PATCH /api/users/me': {
        status: 409,
        body: { success: false, code: 'USERNAME_TAKEN', message: accountMessages.usernameTaken },
      },
    });
    const username = within(panel).getByLabelText('Username');
    await user.type(username, 'taken_name');
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));

    const error = await within(panel).findByText(accountMessages.usernameTaken);
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username.getAttribute('aria-describedby')).toContain(error.id);
    expect(username).toHaveFocus();
    expect(patches(calls).map((call) => call.body)).toEqual([{ username: 'taken_name' }]);
  });

  it('checks the username before saving, and shows field errors the server sends', async () => {
    const { calls, user, panel } = await profileTab({
      'PATCH /api/users/me': {
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_FAILED',
          message: 'Check the form.',
          errors: [{ field: 'fullName', message: accountMessages.fullNameFormat }],
        },
      },
    });
    const username = within(panel).getByLabelText('Username');
    await user.type(username, 'no');
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    expect(await within(panel).findByText(accountMessages.usernameFormat)).toBeInTheDocument();
    expect(patches(calls)).toHaveLength(0);

    await user.clear(username);
    expect(within(panel).queryByText(accountMessages.usernameFormat)).not.toBeInTheDocument();
    expect(username).not.toHaveAttribute('aria-invalid');
    expect(within(panel).queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument();
    const fullName = within(panel).getByLabelText('Full name');
    await user.type(fullName, 'x');
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    expect(await within(panel).findByText(accountMessages.fullNameFormat)).toBeInTheDocument();
    expect(fullName).toHaveAttribute('aria-invalid', 'true');
    expect(patches(calls).map((call) => call.body)).toEqual([{ fullName: 'Ada Obix' }]);
  });
});

describe('the profile tabs', () => {
  it('has Profile, Security, Preferences and Activity; Activity shows the whole history', async () => {
    const { calls, user } = await profileTab({
      'GET /api/users/activity': {
        body: { success: true, items: [], page: 1, limit: 20, total: 0, totalPages: 0 },
      },
    });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Security',
      'Preferences',
      'Responsible gambling',
      'Activity',
      'Your data',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(currentLocation()).toBe('/profile?tab=activity');
    const panel = screen.getByRole('tabpanel', { name: 'Activity' });
    expect(await within(panel).findByRole('heading', { level: 2, name: 'Activity' })).toBeInTheDocument();
    expect(await within(panel).findByText('No activity yet')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/users/activity')).toBe(true);
  });
});
