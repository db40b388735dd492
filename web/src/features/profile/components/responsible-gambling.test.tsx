import {
  type DepositLimits,
  type DepositLimitsResponse,
  protectionMessages,
  type Restriction,
} from '@cashtips/contract/protection';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockReply, MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { preloadScreens } from '../../../testing/preload-screens.ts';
import { renderApp } from '../../../testing/render-app.tsx';

preloadScreens(() => import('../../../app/routes/profile.tsx'));

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

const noLimits: DepositLimits = {
  daily: null,
  weekly: null,
  monthly: null,
  remaining: { daily: null, weekly: null, monthly: null },
  pending: null,
};

const limitsAnswer = (limits: Partial<DepositLimits> = {}, message?: string): MockReply => ({
  body: {
    success: true,
    ...(message ? { message } : {}),
    limits: { ...noLimits, ...limits },
  } satisfies DepositLimitsResponse,
});

async function responsibleGamblingTab(
  routes: Record<string, MockRoute> = {},
  restriction: Restriction | null = null,
) {
  const api = signedInApi({ 'GET /api/users/me/limits': limitsAnswer(), ...routes }, { restriction });
  const rendered = renderApp('/profile?tab=responsible-gambling');
  const panel = await screen.findByRole('tabpanel', { name: 'Responsible gambling' });
  // The tab's code loads on its own (profile.tsx): wait for it.
  await waitFor(() => expect(within(panel).queryByRole('status', { name: 'Loading this tab' })).toBeNull());
  return { ...api, ...rendered, panel };
}

const section = (panel: HTMLElement, name: string) => within(panel).getByRole('region', { name });
const requests = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path).map((call) => call.body);

describe('Responsible gambling tab: deposit limits', () => {
  it('is a tab of the profile, opened from the address', async () => {
    const { panel } = await responsibleGamblingTab();
    expect(screen.getByRole('tab', { name: 'Responsible gambling' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(panel).getByRole('heading', { name: 'Deposit limits' })).toBeInTheDocument();
  });

  it('shows each limit with what is left of it, and a raise that waits its 24 hours', async () => {
    const effectiveAt = '2026-11-28T09:00:00.000Z';
    const { panel } = await responsibleGamblingTab({
      'GET /api/users/me/limits': limitsAnswer({
        daily: 10_000,
        weekly: 50_000,
        remaining: { daily: 7_500, weekly: 0, monthly: null },
        pending: { daily: 20_000, monthly: null, effectiveAt },
      }),
    });
    const limits = section(panel, 'Deposit limits');
    expect(await within(limits).findByLabelText('Daily limit (₦)')).toHaveValue('10000');
    expect(within(limits).getByLabelText('Weekly limit (₦)')).toHaveValue('50000');
    expect(within(limits).getByLabelText('Monthly limit (₦)')).toHaveValue('');
    expect(within(limits).getByTestId('daily-remaining')).toHaveTextContent(
      '₦7,500 left of ₦10,000 in the last 24 hours.',
    );
    expect(within(limits).getByTestId('weekly-remaining')).toHaveTextContent(
      '₦0 left of ₦50,000 in the last 7 days.',
    );
    expect(within(limits).getByTestId('monthly-remaining')).toHaveTextContent('No limit.');
    const waiting = within(limits).getByRole('list', { name: 'Changes waiting' });
    expect(
      within(waiting)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Your daily limit rises to ₦20,000 at Sat 28 Nov 2026, 10:00 Lagos time.',
      'Your monthly limit is removed at Sat 28 Nov 2026, 10:00 Lagos time.',
    ]);
    expect(limits).toHaveTextContent('A lower limit, or your first one, works at once.');
  });

  it('sends only the limits that changed (an emptied box removes its limit), then shows the answer', async () => {
    let current: Partial<DepositLimits> = {
      daily: 10_000,
      weekly: 50_000,
      remaining: { daily: 10_000, weekly: 50_000, monthly: null },
    };
    const { calls, user, panel } = await responsibleGamblingTab({
      'GET /api/users/me/limits': () => limitsAnswer(current),
      'PUT /api/users/me/limits': () => {
        current = {
          daily: 5_000,
          weekly: 50_000,
          remaining: { daily: 5_000, weekly: 50_000, monthly: null },
          pending: { weekly: null, effectiveAt: inDays(1) },
        };
        return limitsAnswer(current, protectionMessages.limitsSavedWithWait);
      },
    });
    const limits = section(panel, 'Deposit limits');
    const daily = await within(limits).findByLabelText('Daily limit (₦)');
    await user.clear(daily);
    await user.type(daily, '5,000');
    await user.clear(within(limits).getByLabelText('Weekly limit (₦)'));
    await user.click(within(limits).getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText(protectionMessages.limitsSavedWithWait)).toBeInTheDocument();
    expect(requests(calls, 'PUT', '/api/users/me/limits')).toEqual([{ daily: 5000, weekly: null }]);
    // The weekly limit is still in force until its removal's 24 hours are over.
    expect(within(limits).getByLabelText('Weekly limit (₦)')).toHaveValue('50000');
    expect(within(limits).getByRole('list', { name: 'Changes waiting' })).toHaveTextContent(
      /^Your weekly limit is removed at /,
    );
  });

  it("shows the contract's messages on the field, and the server's field errors, before and after sending", async () => {
    const { calls, user, panel } = await responsibleGamblingTab({
      'PUT /api/users/me/limits': {
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Invalid request.',
          errors: [{ field: 'monthly', message: 'A limit is at most ₦100,000,000.' }],
        },
      },
    });
    const limits = section(panel, 'Deposit limits');
    const daily = await within(limits).findByLabelText('Daily limit (₦)');
    await user.type(daily, '50');
    await user.click(within(limits).getByRole('button', { name: 'Save limits' }));
    expect(await within(limits).findByText('A limit is at least ₦100.')).toBeInTheDocument();
    expect(daily).toHaveAttribute('aria-invalid', 'true');
    expect(daily).toHaveFocus();

    await user.clear(daily);
    await user.type(daily, '99.5');
    await user.click(within(limits).getByRole('button', { name: 'Save limits' }));
    expect(await within(limits).findByText('Enter a whole number of naira.')).toBeInTheDocument();
    expect(requests(calls, 'PUT', '/api/users/me/limits')).toEqual([]);

    await user.clear(daily);
    await user.type(within(limits).getByLabelText('Monthly limit (₦)'), '100000000');
    await user.click(within(limits).getByRole('button', { name: 'Save limits' }));
    expect(await within(limits).findByText('A limit is at most ₦100,000,000.')).toBeInTheDocument();
    expect(within(limits).getByLabelText('Monthly limit (₦)')).toHaveAttribute('aria-invalid', 'true');
    expect(requests(calls, 'PUT', '/api/users/me/limits')).toEqual([{ monthly: 100_000_000 }]);
  });

  it('sends nothing when no limit changed, and says so', async () => {
    const { calls, user, panel } = await responsibleGamblingTab();
    const limits = section(panel, 'Deposit limits');
    await within(limits).findByLabelText('Daily limit (₦)');
    await user.click(within(limits).getByRole('button', { name: 'Save limits' }));
    expect(await within(limits).findByRole('alert')).toHaveTextContent('Set at least one limit.');
    expect(requests(calls, 'PUT', '/api/users/me/limits')).toEqual([]);
  });

  it('offers Retry when the limits cannot be loaded', async () => {
    let fail = true;
    const { user, panel } = await responsibleGamblingTab({
      'GET /api/users/me/limits': () =>
        fail
          ? { status: 500, body: { success: false, code: 'INTERNAL', message: 'Server error.' } }
          : limitsAnswer({ daily: 2_000, remaining: { daily: 2_000, weekly: null, monthly: null } }),
    });
    const limits = section(panel, 'Deposit limits');
    expect(await within(limits).findByText('Could not load your deposit limits.')).toBeInTheDocument();
    fail = false;
    await user.click(within(limits).getByRole('button', { name: 'Retry' }));
    expect(await within(limits).findByLabelText('Daily limit (₦)')).toHaveValue('2000');
  });
});

describe('Responsible gambling tab: a break and self-exclusion', () => {
  it('asks to confirm a time-out, saying what closes and that it cannot be shortened; then shows it', async () => {
    const until = inDays(7);
    const { calls, user, panel } = await responsibleGamblingTab({
      'POST /api/users/me/time-out': {
        body: {
          success: true,
          message: protectionMessages.timeOutStarted(until),
          restriction: { kind: 'time-out', until },
        },
      },
    });
    const breakSection = section(panel, 'Take a break');
    await user.click(within(breakSection).getByRole('radio', { name: '7 days' }));
    await user.click(within(breakSection).getByRole('button', { name: 'Take a 7-day break' }));
    const confirm = within(breakSection).getByRole('heading', { name: 'Start a 7-day break?' });
    expect(confirm).toHaveFocus();
    expect(breakSection).toHaveTextContent(
      'Deposits, booking code purchases and rollover plan subscriptions close.',
    );
    expect(breakSection).toHaveTextContent('Nobody can shorten or cancel it once it starts');
    expect(requests(calls, 'POST', '/api/users/me/time-out')).toEqual([]);

    await user.click(within(breakSection).getByRole('button', { name: 'Cancel' }));
    expect(within(breakSection).getByRole('button', { name: 'Take a 7-day break' })).toHaveFocus();
    await user.click(within(breakSection).getByRole('button', { name: 'Take a 7-day break' }));
    await user.click(within(breakSection).getByRole('button', { name: 'Start my 7-day break' }));

    expect(await screen.findByText(protectionMessages.timeOutStarted(until))).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/users/me/time-out')).toEqual([{ days: 7 }]);
    const current = await within(panel).findByRole('region', { name: 'You are taking a break' });
    expect(within(current).getByTestId('current-restriction')).toHaveTextContent(
      protectionMessages.restricted({ kind: 'time-out', until }),
    );
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({
      restriction: { kind: 'time-out', until },
    });
    // Only a longer break is offered now.
    expect(within(breakSection).queryByRole('radio', { name: '1 day' })).not.toBeInTheDocument();
    expect(within(breakSection).queryByRole('radio', { name: '7 days' })).not.toBeInTheDocument();
    expect(within(breakSection).getByRole('radio', { name: '30 days' })).toBeChecked();
  });

  it('self-excludes with the password: a wrong one is shown on the field, the right one starts it', async () => {
    const until = '2027-06-01T10:00:00.000Z';
    const { calls, user, panel } = await responsibleGamblingTab({
      'POST /api/users/me/self-exclusion': (body) =>
        (body as { password: string }).password === 'My-pass123'
          ? {
              body: {
                success: true,
                message: protectionMessages.selfExclusionStarted(until),
                restriction: { kind: 'self-exclusion', until },
              },
            }
          : {
              status: 400,
              body: {
                success: false,
                code: 'VALIDATION_ERROR',
                message: protectionMessages.wrongPassword,
                errors: [{ field: 'password', message: protectionMessages.wrongPassword }],
              },
            },
    });
    const exclusion = section(panel, 'Self-exclusion');
    await user.click(within(exclusion).getByRole('radio', { name: '1 year' }));
    await user.click(within(exclusion).getByRole('button', { name: 'Exclude myself for 1 year' }));
    expect(within(exclusion).getByRole('heading', { name: 'Exclude yourself for 1 year?' })).toHaveFocus();

    await user.click(within(exclusion).getByRole('button', { name: 'Exclude me for 1 year' }));
    expect(await within(exclusion).findByText('Enter your password.')).toBeInTheDocument();
    const password = within(exclusion).getByLabelText('Your password');
    expect(password).toHaveFocus();

    await user.type(password, 'Wrong-pass1');
    await user.click(within(exclusion).getByRole('button', { name: 'Exclude me for 1 year' }));
    expect(await within(exclusion).findByText(protectionMessages.wrongPassword)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await user.clear(password);
    await user.type(password, 'My-pass123');
    await user.click(within(exclusion).getByRole('button', { name: 'Exclude me for 1 year' }));
    expect(await screen.findByText(protectionMessages.selfExclusionStarted(until))).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/users/me/self-exclusion')).toEqual([
      { months: 12, password: 'Wrong-pass1' },
      { months: 12, password: 'My-pass123' },
    ]);
    expect(
      await within(panel).findByRole('region', { name: 'You have excluded yourself' }),
    ).toHaveTextContent(protectionMessages.restricted({ kind: 'self-exclusion', until }));
  });

  it("shows the server's refusal of a break that would not lengthen the current one", async () => {
    const restriction: Restriction = { kind: 'time-out', until: inDays(2) };
    const { user, panel } = await responsibleGamblingTab(
      {
        'POST /api/users/me/time-out': {
          status: 409,
          body: { success: false, code: 'CONFLICT', message: protectionMessages.alreadyLonger(restriction) },
        },
      },
      restriction,
    );
    const breakSection = section(panel, 'Take a break');
    await user.click(within(breakSection).getByRole('button', { name: 'Take a 7-day break' }));
    await user.click(within(breakSection).getByRole('button', { name: 'Start my 7-day break' }));
    expect(await within(breakSection).findByRole('alert')).toHaveTextContent(
      protectionMessages.alreadyLonger(restriction),
    );
  });

  it('while restricted, shows the restriction and its end, offers only longer ones, and where to get help', async () => {
    const restriction: Restriction = { kind: 'self-exclusion', until: inDays(200) };
    const { panel } = await responsibleGamblingTab({}, restriction);
    const current = within(panel).getByRole('region', { name: 'You have excluded yourself' });
    expect(within(current).getByTestId('current-restriction')).toHaveTextContent(
      protectionMessages.restricted(restriction),
    );
    expect(current).toHaveTextContent('Nobody can shorten or cancel it');
    const breakSection = section(panel, 'Take a break');
    expect(within(breakSection).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(breakSection).queryByRole('button')).not.toBeInTheDocument();
    expect(breakSection).toHaveTextContent('Your current restriction already lasts longer than any break.');
    const exclusion = section(panel, 'Self-exclusion');
    expect(
      within(exclusion)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['1 year', '5 years']);
    const help = section(panel, 'Need to talk to someone?');
    expect(within(help).getByRole('link', { name: 'Responsible Gambling page' })).toHaveAttribute(
      'href',
      '/responsible-gambling',
    );
  });

  it('treats a restriction whose end has passed as none', async () => {
    const { panel } = await responsibleGamblingTab({}, { kind: 'time-out', until: inDays(-1) });
    await waitFor(() => expect(section(panel, 'Take a break')).toBeInTheDocument());
    expect(within(panel).queryByRole('region', { name: 'You are taking a break' })).not.toBeInTheDocument();
    expect(
      within(section(panel, 'Take a break'))
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['1 day', '7 days', '30 days']);
  });
});
