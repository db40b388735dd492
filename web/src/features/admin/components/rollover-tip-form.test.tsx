import { rolloverMessages } from '@cashtips/contract/rollover';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import {
  adminRolloverPlan,
  adminRolloverTip,
  pageInfo,
  planIds,
  signInAsAdmin,
} from '../../../testing/admin-fixtures.ts';
import type { MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';

afterEach(() => queryClient.clear());

function openNewForm(create: MockRoute, path = '/admin/rollover-tips/new') {
  const api = signInAsAdmin({
    'POST /api/admin/rollover-tips': create,
    'GET /api/admin/rollover-plans': {
      body: {
        success: true,
        plans: [
          adminRolloverPlan(),
          adminRolloverPlan({ _id: planIds.weekend, name: 'Weekend 5 odds', postLimit: 3 }),
        ],
      },
    },
    'GET /api/admin/rollover-tips': { body: { success: true, tips: [], ...pageInfo(0) } },
  });
  return { ...api, ...renderApp(path) };
}

const posts = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/admin/rollover-tips');

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

async function fillGame(
  user: ReturnType<typeof renderApp>['user'],
  number: number,
  values: { teamA: string; teamB: string; league: string; kickoff: string; prediction: string },
) {
  const game = screen.getByRole('group', { name: `Game ${number}` });
  await user.type(within(game).getByRole('textbox', { name: 'Team A' }), values.teamA);
  await user.type(within(game).getByRole('textbox', { name: 'Team B' }), values.teamB);
  await user.type(within(game).getByRole('textbox', { name: 'League' }), values.league);
  await user.type(within(game).getByLabelText('Kickoff (Lagos time)'), values.kickoff);
  await user.type(within(game).getByRole('textbox', { name: 'Prediction' }), values.prediction);
  return game;
}

describe('new rollover tip form', () => {
  it('starts on today’s Lagos date and posts Lagos times with their offset and numbers', async () => {
    const { user, calls } = openNewForm(
      { status: 201, body: { success: true, tip: adminRolloverTip({ day: '2025-03-02' }) } },
      `/admin/rollover-tips/new?planId=${planIds.daily}`,
    );
    // 23:30 UTC on 1 March is already 2 March in Lagos.
    vi.setSystemTime(new Date('2025-03-01T23:30:00Z'));
    await screen.findByRole('heading', { name: 'New rollover tip' });
    const plan = screen.getByRole('combobox', { name: 'Plan' });
    await waitFor(() => expect(plan).toHaveValue(planIds.daily));
    expect(plan).toHaveAccessibleDescription('This plan takes 1 tip a day.');
    expect(screen.getByLabelText('Day (Lagos date)')).toHaveValue('2025-03-02');
    expect(field('Confidence (%)')).toHaveValue('85');

    await user.type(field(/^Booking code/), ' ro2x001 ');
    const codeSection = screen.getByRole('region', { name: 'Booking code' });
    await user.type(within(codeSection).getByRole('combobox', { name: /^Bookmaker/ }), 'SportyBet');
    await user.type(field(/^Total odds/), '2.04');
    await user.type(screen.getByLabelText(/^Expires/), '2025-03-02T15:30');
    const first = await fillGame(user, 1, {
      teamA: 'Arsenal',
      teamB: 'Chelsea',
      league: 'Premier League',
      kickoff: '2025-03-02T16:00',
      prediction: 'Over 1.5 goals',
    });
    await user.type(within(first).getByRole('textbox', { name: /Odds/ }), '1.45');
    await user.type(within(first).getByRole('combobox', { name: /Bookmaker/ }), 'SportyBet');
    await user.click(screen.getByRole('button', { name: 'Add game' }));
    await fillGame(user, 2, {
      teamA: 'Lyon',
      teamB: 'Nice',
      league: 'Ligue 1',
      kickoff: '2025-03-03T00:15',
      prediction: 'Lyon or draw',
    });
    await user.click(screen.getByRole('button', { name: 'Post tip' }));

    await waitFor(() => expect(currentLocation()).toBe('/admin/rollover-tips'));
    expect(await screen.findByText('The Daily 2 odds tip for 2 Mar 2025 posted.')).toBeInTheDocument();
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        planId: planIds.daily,
        day: '2025-03-02',
        games: [
          {
            teamA: 'Arsenal',
            teamB: 'Chelsea',
            league: 'Premier League',
            kickoff: '2025-03-02T16:00:00+01:00',
            prediction: 'Over 1.5 goals',
            odds: 1.45,
            bookmaker: 'SportyBet',
          },
          {
            teamA: 'Lyon',
            teamB: 'Nice',
            league: 'Ligue 1',
            kickoff: '2025-03-03T00:15:00+01:00',
            prediction: 'Lyon or draw',
          },
        ],
        bookingCode: 'RO2X001',
        bookmaker: 'SportyBet',
        totalOdds: 2.04,
        confidence: 85,
        expiresAt: '2025-03-02T15:30:00+01:00',
      },
    ]);
  });

  it('checks the plan, the games and the numbers with the contract schema before anything is sent', async () => {
    const { user, calls } = openNewForm({ status: 201, body: { success: true, tip: adminRolloverTip() } });
    await screen.findByRole('heading', { name: 'New rollover tip' });
    await user.clear(field('Confidence (%)'));
    await user.type(field('Confidence (%)'), 'high');
    await user.type(field(/^Booking code/), 'ab');
    const game = screen.getByRole('group', { name: 'Game 1' });
    await user.type(within(game).getByRole('textbox', { name: /Odds/ }), '1');
    await user.click(screen.getByRole('button', { name: 'Post tip' }));

    const plan = screen.getByRole('combobox', { name: 'Plan' });
    expect(plan).toHaveAccessibleDescription('Choose a plan.');
    expect(plan).toHaveFocus();
    expect(field(/^Booking code/)).toHaveAccessibleDescription(
      /A booking code is 4 to 40 letters, digits or dashes\./,
    );
    expect(field('Confidence (%)')).toHaveAccessibleDescription('Enter a number, e.g. 2.5.');
    expect(within(game).getByRole('textbox', { name: 'Team A' })).toHaveAccessibleDescription(
      'Team A is required.',
    );
    expect(within(game).getByRole('textbox', { name: 'Prediction' })).toHaveAccessibleDescription(
      'The prediction is required.',
    );
    expect(within(game).getByLabelText('Kickoff (Lagos time)')).toHaveAccessibleDescription(
      'Kickoff must be a date and time.',
    );
    expect(within(game).getByRole('textbox', { name: /Odds/ })).toHaveAccessibleDescription(
      'Odds start at 1.01.',
    );
    expect(screen.getByText('Check the highlighted fields.')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('shows the server’s refusal when the plan already has its tips for that day, and stays on the form', async () => {
    const { user, calls } = openNewForm({
      status: 409,
      body: { success: false, code: 'CONFLICT', message: rolloverMessages.postLimitReached(3) },
    });
    await screen.findByRole('heading', { name: 'New rollover tip' });
    const plan = screen.getByRole('combobox', { name: 'Plan' });
    await waitFor(() => expect(within(plan).getByRole('option', { name: 'Weekend 5 odds' })).toBeVisible());
    await user.selectOptions(plan, 'Weekend 5 odds');
    expect(plan).toHaveAccessibleDescription('This plan takes 3 tips a day.');
    await fillGame(user, 1, {
      teamA: 'Arsenal',
      teamB: 'Chelsea',
      league: 'Premier League',
      kickoff: '2025-03-01T16:00',
      prediction: 'Home win',
    });
    await user.type(field(/^Total odds/), '1.9');
    await user.click(screen.getByRole('button', { name: 'Post tip' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This plan already has its 3 tips for that day (its daily post limit).',
    );
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]?.body).toMatchObject({ planId: planIds.weekend, totalOdds: 1.9, confidence: 85 });
    expect(currentLocation()).toBe('/admin/rollover-tips/new');
  });
});
