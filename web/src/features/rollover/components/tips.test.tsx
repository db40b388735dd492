import type { RolloverGame } from '@cashtips/contract/rollover';
import { rolloverMessages } from '@cashtips/contract/rollover';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { dashboardStatsAnswer } from '../../../testing/dashboard-fixtures.ts';
import { fakeSocketServer } from '../../../testing/fake-socket-server.ts';
import { live, matchEvent } from '../../../testing/match-fixtures.ts';
import { pending } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { lockedTip, rolloverPlan, subscription, unlockedTip } from '../../../testing/rollover-fixtures.ts';

afterEach(() => queryClient.clear());

describe('/rollover', () => {
  it("covers a plan the user has not bought with 'Subscribe to Unlock' and shows no code or pick", async () => {
    signedInApi({
      'GET /api/rollover/all': {
        body: [
          unlockedTip(),
          lockedTip({ _id: 't2', planId: 'p2', planName: 'Weekend 5 Odds', totalOdds: 5.2, expiresAt: null }),
        ],
        headers: { 'X-Total-Count': '2', 'X-Total-Pages': '1' },
      },
    });
    renderApp('/rollover');
    const locked = await screen.findByRole('article', { name: 'Weekend 5 Odds' });
    expect(within(locked).getByRole('link', { name: rolloverMessages.subscribeToUnlock })).toHaveAttribute(
      'href',
      '/subscribe/p2',
    );
    expect(within(locked).queryByRole('button', { name: 'Copy booking code' })).not.toBeInTheDocument();
    expect(within(locked).queryByText(/Pick:/)).not.toBeInTheDocument();
    expect(within(locked).getByText(rolloverMessages.noExpiry)).toBeInTheDocument();
    expect(within(locked).getByText('Medium Risk')).toBeInTheDocument();

    const open = screen.getByRole('article', { name: 'Daily 2 Odds' });
    expect(within(open).getByText('ROLL2X9K')).toBeInTheDocument();
    expect(within(open).getByText('Over 1.5 goals')).toBeInTheDocument();
    expect(within(open).getByText(/Both sides score/)).toBeInTheDocument();
    expect(within(open).getByText('88% confidence')).toBeInTheDocument();
    expect(within(open).getByTestId('countdown')).toBeInTheDocument();
    expect(within(open).queryByText(rolloverMessages.subscribeToUnlock)).not.toBeInTheDocument();
  });

  it('pages through the tips and says when there are none', async () => {
    const { calls } = signedInApi({
      'GET /api/rollover/all': (_body, url) =>
        url.searchParams.get('page') === '2'
          ? {
              body: [lockedTip({ _id: 't9', planName: 'Older Plan', day: '2026-11-01' })],
              headers: { 'X-Total-Pages': '2' },
            }
          : { body: [unlockedTip()], headers: { 'X-Total-Pages': '2' } },
    });
    const { user } = renderApp('/rollover');
    await screen.findByRole('article', { name: 'Daily 2 Odds' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Older Plan' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sun, 1 Nov 2026' })).toBeInTheDocument();
    expect(
      calls.filter((call) => call.path === '/api/rollover/all').map((call) => call.query.get('page')),
    ).toEqual(['1', '2']);
  });
  it('shows a locked tip’s matches live (scores are public), and still no pick', async () => {
    signedInApi({
      'GET /api/rollover/all': {
        body: [lockedTip({ _id: 't2', planId: 'p2', planName: 'Weekend 5 Odds' })],
        headers: { 'X-Total-Count': '1', 'X-Total-Pages': '1' },
      },
    });
    renderApp('/rollover');
    const locked = await screen.findByRole('article', { name: 'Weekend 5 Odds' });
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    act(() => fakeSocketServer.emit('match', matchEvent('match-2', live('live', 20, [0, 0]))));
    const [, second] = within(within(locked).getByRole('list', { name: 'Games' })).getAllByRole('listitem');
    await waitFor(() =>
      expect(within(second as HTMLElement).getByText('Live, minute 20, score 0-0')).toBeInTheDocument(),
    );
    expect(within(locked).getAllByText('Pick for subscribers')).toHaveLength(2);
  });
});

describe('/my-rollover', () => {
  it('shows the day of each running plan, today’s games, the code with copy, the note and confidence', async () => {
    signedInApi({
      'GET /api/rollover/my-subscriptions': {
        body: [
          subscription(),
          subscription({
            _id: 's2',
            planId: 'p2',
            planName: 'Weekend 5 Odds',
            currentDay: 1,
            duration: 3,
            daysLeft: 3,
          }),
          subscription({
            _id: 's3',
            planId: 'p3',
            planName: 'Old Plan',
            status: 'expired',
            startDate: '2026-10-01T10:00:00.000Z',
            expiresAt: '2026-10-05T23:00:00.000Z',
            daysLeft: 0,
          }),
        ],
      },
      'GET /api/rollover/today': {
        body: [unlockedTip(), lockedTip({ _id: 't5', planId: 'p9', planName: 'Other' })],
      },
    });
    const { user } = renderApp('/my-rollover');
    const running = await screen.findByRole('article', { name: 'Daily 2 Odds' });
    expect(within(running).getByText('Day 3 of 10')).toBeInTheDocument();
    expect(within(running).getByText('8 days left, today included')).toBeInTheDocument();
    await waitFor(() => expect(within(running).getByText('ROLL2X9K')).toBeInTheDocument());
    expect(within(running).getByText('Arsenal vs Chelsea')).toBeInTheDocument();
    expect(within(running).getByText(/Both sides score/)).toBeInTheDocument();
    expect(within(running).getByText('88% confidence')).toBeInTheDocument();
    // The tip's countdown says once what it counts down to.
    expect(within(running).getByText('Expires in')).toBeInTheDocument();
    expect(running).not.toHaveTextContent(/Expires\s*Expires/);
    await user.click(within(running).getByRole('button', { name: 'Copy booking code' }));
    expect(await screen.findByText('Booking code copied to clipboard!')).toBeInTheDocument();

    // A plan with no tip yet today counts down to Lagos midnight; another plan's locked tip is not shown.
    const waiting = screen.getByRole('article', { name: 'Weekend 5 Odds' });
    expect(within(waiting).getByText(rolloverMessages.noTipYet)).toBeInTheDocument();
    expect(within(waiting).getByTestId('countdown')).toHaveTextContent(/^\d\d:\d\d:\d\d$/);
    expect(screen.queryByText('Other')).not.toBeInTheDocument();

    const expired = screen.getByText('Expired plans (1)');
    expect(screen.getByText('Old Plan')).not.toBeVisible();
    await user.click(expired);
    expect(screen.getByText('Old Plan')).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Expired plans' })).getByText(/Thu, 1 Oct 2026 to/),
    ).toHaveTextContent('Thu, 1 Oct 2026 to Mon, 5 Oct 2026');
  });

  it("says 'No Active Subscriptions' and links to /rollover", async () => {
    signedInApi({
      'GET /api/rollover/my-subscriptions': { body: [] },
      'GET /api/rollover/today': { body: [] },
    });
    renderApp('/my-rollover');
    expect(await screen.findByText(rolloverMessages.noActiveSubscriptions)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "See today's rollover tips" })).toHaveAttribute(
      'href',
      '/rollover',
    );
  });
  it('brings a game’s result onto today’s tip when its match is finished', async () => {
    let settled = false;
    const settledGame = (game: RolloverGame, index: number): RolloverGame =>
      settled && index === 0
        ? { ...game, live: live('finished', null, [2, 0]), score: { home: 2, away: 0 }, outcome: 'won' }
        : { ...game, outcome: 'pending' };
    signedInApi({
      'GET /api/rollover/my-subscriptions': { body: [subscription()] },
      'GET /api/rollover/today': () => {
        const tip = unlockedTip();
        return { body: [{ ...tip, games: tip.games.map(settledGame) }] };
      },
    });
    renderApp('/my-rollover');
    const running = await screen.findByRole('article', { name: 'Daily 2 Odds' });
    const [first] = within(await within(running).findByRole('list', { name: 'Games' })).getAllByRole(
      'listitem',
    );
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    settled = true;
    act(() => fakeSocketServer.emit('match', matchEvent('match-1', live('finished', null, [2, 0]))));
    expect(await within(first as HTMLElement).findByText('Won', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('Full time, score 2-0')).toBeInTheDocument();
  });
});

describe('dashboard rollover widgets', () => {
  it('shows 2 of today’s tips with View Details for a plan the user has and Subscribe otherwise', async () => {
    signedInApi({
      'GET /api/rollover/today': {
        body: [
          unlockedTip(),
          lockedTip({ _id: 't2', planId: 'p2', planName: 'Weekend 5 Odds', totalOdds: 12 }),
          lockedTip({ _id: 't3', planId: 'p3', planName: 'Third Plan' }),
        ],
      },
      'GET /api/rollover/my-subscriptions': { body: [subscription()] },
      'GET /api/rollover-plans': {
        body: [
          rolloverPlan({ successRate: 80, settledTips: 10 }),
          rolloverPlan({ _id: 'p2', name: 'Weekend 5 Odds', successRate: 50, settledTips: 6 }),
          rolloverPlan({ _id: 'p3', name: 'Third Plan', successRate: null, settledTips: 3 }),
        ],
      },
      'GET /api/users/dashboard-stats': {
        body: dashboardStatsAnswer({
          subscriptions: { activePlans: 1 },
          rollover: { successRate: 71.4, won: 10, lost: 4 },
        }),
      },
    });
    renderApp('/dashboard');
    const tips = await screen.findByRole('region', { name: "Today's Rollover Tips" });
    await within(tips).findByText('Daily 2 Odds');
    expect(within(tips).getAllByRole('listitem')).toHaveLength(2);
    expect(within(tips).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/my-rollover');
    expect(within(tips).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscribe/p2');
    expect(within(tips).getByText('High Risk')).toBeInTheDocument();
    expect(within(tips).queryByText('ROLL2X9K')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(tips).getByRole('link', { name: 'My rollover' })).toHaveAttribute('href', '/my-rollover'),
    );

    const plans = screen.getByRole('region', { name: 'Rollover Plans' });
    // The user's running plans and every plan's settled record, as the server counts them (not the plan list).
    await waitFor(() => expect(within(plans).getByText('Active plans').nextSibling).toHaveTextContent(/^1$/));
    // Labelled as what it is, with its sample, and not in a success colour (issue 34).
    const record = within(plans).getByText('Tips won, all plans').parentElement as HTMLElement;
    expect(record).toHaveTextContent(/^Tips won, all plans71.4%won 10 of 14 settled$/);
    expect(within(record).getByText('71.4%')).not.toHaveClass('text-lime-300');
    expect(within(plans).getAllByRole('link', { name: /^Subscribe to / })).toHaveLength(2);
    expect(within(plans).getByRole('link', { name: 'All plans' })).toHaveAttribute('href', '/rollover-plans');
  });

  it('shows the tip of the user’s own plan first, even when the server lists it last', async () => {
    signedInApi({
      'GET /api/rollover/today': {
        body: [
          lockedTip({ _id: 't2', planId: 'p2', planName: 'Weekend 5 Odds', totalOdds: 12 }),
          lockedTip({ _id: 't3', planId: 'p3', planName: 'Third Plan' }),
          unlockedTip(),
        ],
      },
      'GET /api/rollover/my-subscriptions': { body: [subscription()] },
    });
    renderApp('/dashboard');
    const tips = await screen.findByRole('region', { name: "Today's Rollover Tips" });
    await within(tips).findByText('Daily 2 Odds');
    const items = within(tips).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'View Details' })).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('Weekend 5 Odds')).toBeInTheDocument();
    expect(within(tips).queryByText('Third Plan')).not.toBeInTheDocument();
  });

  it('links to the plans when the user has none, and shows the empty texts', async () => {
    signedInApi({
      'GET /api/rollover/today': { body: [] },
      'GET /api/rollover/my-subscriptions': { body: [] },
      'GET /api/rollover-plans': { body: [] },
    });
    renderApp('/dashboard');
    const tips = await screen.findByRole('region', { name: "Today's Rollover Tips" });
    expect(await within(tips).findByText(rolloverMessages.noTipsToday)).toBeInTheDocument();
    expect(within(tips).getByRole('link', { name: 'Rollover plans' })).toHaveAttribute('href', '/subscribe');
    const plans = screen.getByRole('region', { name: 'Rollover Plans' });
    expect(await within(plans).findByText(rolloverMessages.noRolloverPlans)).toBeInTheDocument();
  });

  it("shows 'New' until enough rollover tips are settled, a placeholder while loading and dashes on failure", async () => {
    let answer: 'new' | 'pending' | 'failed' = 'pending';
    signedInApi({
      'GET /api/rollover-plans': { body: [rolloverPlan()] },
      'GET /api/users/dashboard-stats': () =>
        answer === 'pending'
          ? pending()
          : answer === 'failed'
            ? { status: 500, body: { success: false, message: 'Boom' } }
            : {
                body: dashboardStatsAnswer({
                  subscriptions: { activePlans: 0 },
                  rollover: { successRate: null, won: 1, lost: 3 },
                }),
              },
    });
    const first = renderApp('/dashboard');
    let plans = await screen.findByRole('region', { name: 'Rollover Plans' });
    expect(within(plans).getByText('Active plans').nextSibling?.textContent).toBe('');
    expect(within(plans).getByText('Tips won, all plans').nextSibling?.textContent).toBe('');
    first.unmount();

    queryClient.clear();
    answer = 'new';
    const second = renderApp('/dashboard');
    plans = await screen.findByRole('region', { name: 'Rollover Plans' });
    await waitFor(() =>
      expect(within(plans).getByText('Tips won, all plans').nextSibling).toHaveTextContent(/^New$/),
    );
    // Under 5 settled: 'New', with the sample it is waiting on.
    expect(within(plans).getByText('won 1 of 4 settled')).toBeInTheDocument();
    expect(within(plans).getByText('Active plans').nextSibling).toHaveTextContent(/^0$/);
    second.unmount();

    queryClient.clear();
    answer = 'failed';
    renderApp('/dashboard');
    plans = await screen.findByRole('region', { name: 'Rollover Plans' });
    await waitFor(() =>
      expect(within(plans).getByText('Tips won, all plans').nextSibling).toHaveTextContent(/^—$/),
    );
    expect(within(plans).getByText('Active plans').nextSibling).toHaveTextContent(/^—$/);
  });
});
