import { predictionMessages } from '@cashtips/contract/predictions';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { pending } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { insight, insightsAnswer, matchIds, modelPick } from '../../../testing/prediction-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

// The widgets are a chunk of their own, loaded after the greeting.
const widget = () => screen.findByRole('region', { name: 'AI Insights' }, { timeout: 15_000 });

const insights = [
  insight(),
  insight({
    matchId: matchIds.inter,
    league: 'Serie A',
    homeTeam: 'Inter',
    awayTeam: 'AC Milan',
    kickoff: '2026-11-28T19:45:00.000Z',
    pick: modelPick({
      label: 'Under 3.5 goals',
      prediction: 'Under 3.5 goals',
      probability: 0.5882,
      fairOdds: 1.7,
    }),
  }),
  insight({
    matchId: matchIds.unknown,
    homeTeam: 'Lyon',
    awayTeam: 'Nice',
    pick: modelPick({ label: 'Lyon to win', probability: 0.48, fairOdds: 2.08 }),
  }),
];

const rows = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('AI Insights widget', () => {
  it('holds placeholders the size of its rows while the insights load', async () => {
    signedInApi({ 'GET /api/predictions/insights': () => pending() });
    renderApp('/dashboard');
    const region = await widget();
    expect(within(region).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(within(region).queryByText(predictionMessages.noInsights)).not.toBeInTheDocument();
  });

  it("shows today's two most probable picks worth a bet with teams, league, Lagos kickoff, probability and fair odds, and says which picks it leaves out", async () => {
    signedInApi({ 'GET /api/predictions/insights': { body: insightsAnswer(insights) } });
    renderApp('/dashboard');
    const region = await widget();
    await within(region).findByText('Arsenal FC vs Chelsea FC');
    expect(rows(region)).toEqual([
      'Arsenal FC vs Chelsea FCPremier League · 17:30 Lagos time61%likelyArsenal FC to win · fair odds 1.63',
      'Inter vs AC MilanSerie A · 20:45 Lagos time59%likelyUnder 3.5 goals · fair odds 1.70',
    ]);
    expect(within(region).getByText('17:30 Lagos time')).toHaveAttribute(
      'datetime',
      '2026-11-28T16:30:00.000Z',
    );
    expect(within(region).getByText(/Only picks at fair odds of 1.40 or more/)).toBeInTheDocument();
    expect(
      within(region).getByText(/fitted on past results \(goals, home advantage, recency\)/),
    ).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Today’s free tips' })).toHaveAttribute('href', '/free');
  });

  it('shows one pick when compact', async () => {
    window.localStorage.setItem(storageKeys.dashboardCompact, '1');
    signedInApi({ 'GET /api/predictions/insights': { body: insightsAnswer(insights) } });
    renderApp('/dashboard');
    const region = await widget();
    await within(region).findByText('Arsenal FC vs Chelsea FC');
    expect(rows(region)).toHaveLength(1);
    expect(within(region).queryByText('Inter vs AC Milan')).not.toBeInTheDocument();
  });

  it('says there are no picks worth a bet today and when the next free-tip match kicks off', async () => {
    signedInApi({
      'GET /api/predictions/insights': { body: insightsAnswer([], '2026-11-29T16:00:00.000Z') },
    });
    const { unmount } = renderApp('/dashboard');
    expect(
      await within(await widget()).findByText(
        'No picks worth a bet today. Next free-tip match: 29 Nov 2026, 17:00 Lagos time.',
      ),
    ).toBeInTheDocument();
    unmount();
    queryClient.clear();

    signedInApi({ 'GET /api/predictions/insights': { body: insightsAnswer([]) } });
    renderApp('/dashboard');
    expect(
      await within(await widget()).findByText(
        `${predictionMessages.noInsights} ${predictionMessages.noNextMatch}`,
      ),
    ).toBeInTheDocument();
  });

  it('says the insights are unavailable when they fail to load, without claiming there are none', async () => {
    signedInApi({
      'GET /api/predictions/insights': {
        status: 500,
        body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' },
      },
    });
    renderApp('/dashboard');
    expect(
      await within(await widget()).findByText(predictionMessages.insightsUnavailable, {}, { timeout: 8000 }),
    ).toBeInTheDocument();
  });
});
