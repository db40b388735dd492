import { predictionMessages } from '@cashtips/contract/predictions';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import {
  adminBookingCode,
  adminRolloverPlan,
  adminRolloverTip,
  pageInfo,
  planIds,
  requestedUrls,
  signInAsAdmin,
} from '../../../testing/admin-fixtures.ts';
import { type MockRoute, pending, type RecordedCall } from '../../../testing/mock-api.ts';
import {
  marketComparison,
  matchIds,
  matchPrediction,
  suggestionsAnswer,
  unpricedMatch,
} from '../../../testing/prediction-fixtures.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { adminFreeTip } from '../../../testing/results-fixtures.ts';

afterEach(() => queryClient.clear());

const suggestionsPath = '/api/admin/predictions/suggestions';

function openSuggestions(routes: Record<string, MockRoute> = {}, path = '/admin/suggestions') {
  const api = signInAsAdmin({
    [`GET ${suggestionsPath}`]: { body: suggestionsAnswer([matchPrediction(), unpricedMatch()]) },
    ...routes,
  });
  return { ...api, ...renderApp(path) };
}

const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

const arsenalCard = () => screen.findByRole('article', { name: 'Arsenal FC vs Chelsea FC' });

/** Opens Arsenal v Chelsea's picks and hands back the list of them. */
async function openPicks(user: ReturnType<typeof renderApp>['user']) {
  const card = await arsenalCard();
  await user.click(
    within(card).getByRole('button', { name: 'Show all 3 picks of Arsenal FC vs Chelsea FC' }),
  );
  return within(card).getByRole('list', { name: 'Picks for Arsenal FC vs Chelsea FC' });
}

/** A pick's row: its heading's list item. */
const pickRow = (list: HTMLElement, label: string) =>
  within(list).getByRole('heading', { name: label }).closest('li') as HTMLElement;

const priceOf = (row: HTMLElement, label: string) =>
  within(row).getByRole('textbox', { name: `Bookmaker price for ${label}` });

/** Each row of a table as its cells' texts. */
const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const edgeOf = (row: HTMLElement) => within(row).getByRole('status', { name: 'Edge' });

describe('admin suggestions', () => {
  it('lists upcoming matches with their league, Lagos kickoff, the model’s 1X2 and its fit, or why one is not priced', async () => {
    const { user, fetchMock } = openSuggestions();
    const card = await arsenalCard();
    expect(within(card).getByText(/Premier League ·/)).toHaveTextContent(
      'Premier League · 28 Nov 2026, 17:30',
    );
    const figures = within(card)
      .getAllByRole('term')
      .map((term) => term.parentElement?.textContent);
    expect(figures).toEqual(['Arsenal FC52.3%', 'Draw24.1%', 'Chelsea FC23.6%']);
    expect(within(card).getByText('Expected goals 1.62–0.98')).toBeInTheDocument();
    expect(
      within(card).getByText(
        'Fit: Premier League, 1,140 matches before 24 Nov 2026, fitted 24 Nov 2026, 03:00',
      ),
    ).toBeInTheDocument();

    const unpriced = screen.getByRole('article', { name: 'Enyimba vs Rivers United' });
    expect(
      within(unpriced).getByText(`Not priced: ${predictionMessages.reasons['league-not-modelled']}`),
    ).toBeInTheDocument();
    expect(within(unpriced).queryByRole('button', { name: /picks/ })).not.toBeInTheDocument();

    const fits = screen.getByRole('region', { name: 'The model’s latest fits' });
    const summary = within(fits).getByText('1 league fitted, latest 24 Nov 2026, 03:00');
    const fitLine = within(fits).getByText(/: 1,140 matches before 24 Nov 2026, fitted 24 Nov 2026, 03:00$/);
    expect(fitLine).not.toBeVisible();
    await user.click(summary);
    expect(fitLine).toBeVisible();
    expect(fitLine).toHaveTextContent(
      'Premier League: 1,140 matches before 24 Nov 2026, fitted 24 Nov 2026, 03:00',
    );
    expect(within(fits).getByRole('link', { name: 'Calibration and RPS' })).toHaveAttribute(
      'href',
      '/admin/model',
    );
    expect(screen.getByText('2 matches')).toBeInTheDocument();
    expect(requestedUrls(fetchMock)).toContain(`${suggestionsPath}?days=7&page=1&limit=20`);
  });

  it('sets the market beside the model on a priced match: probabilities without margin, price and edge, the bookmaker and when', async () => {
    openSuggestions({
      [`GET ${suggestionsPath}`]: {
        body: suggestionsAnswer([
          matchPrediction({ market: marketComparison() }),
          matchPrediction({
            matchId: matchIds.inter,
            homeTeam: 'Inter',
            awayTeam: 'Milan',
            league: 'Serie A',
          }),
          unpricedMatch(),
        ]),
      },
    });
    const card = await arsenalCard();
    const table = within(card).getByRole('table', {
      name: 'Model vs market · consensus of 3 bookmakers, latest price taken 27 Nov 2026, 14:05',
    });
    expect(within(table).getByText('27 Nov 2026, 14:05')).toHaveAttribute(
      'datetime',
      '2026-11-27T13:05:00.000Z',
    );
    expect(rows(table)).toEqual([
      ['Outcome', 'Model', 'Market', 'Price', 'Edge'],
      ['Arsenal FC', '52.3%', '47.7%', '2.05', '+7.3%'],
      ['Draw', '24.1%', '27.2%', '3.60', '−13.2%'],
      ['Chelsea FC', '23.6%', '25.1%', '3.90', '−8.1%'],
      ['Over 2.5', '51.1%', '51.9%', '1.85', '−5.4%'],
      ['Under 2.5', '48.9%', '48.0%', '2.00', '−2.2%'],
    ]);
    // No edge is dressed as value, positive or not, until the model's edge picks prove a return.
    for (const edge of ['+7.3%', '−2.2%']) {
      expect(within(table).getByText(edge)).toHaveClass('text-emerald-50');
      expect(within(table).getByText(edge)).not.toHaveClass('text-lime-300');
    }
    expect(card).toHaveTextContent(
      'Market: each bookmaker’s probabilities with its margin removed, then averaged (their mean margin: 1X2 2.2%, over/under 4.0%). Price: the fair price, 1 ÷ the market’s probability. Edge: model probability × price − 1.',
    );

    // No prices, or no prediction: no market at all, not an empty one.
    const inter = screen.getByRole('article', { name: 'Inter vs Milan' });
    expect(within(inter).queryByRole('table')).not.toBeInTheDocument();
    expect(inter).not.toHaveTextContent(/market/i);
    expect(
      within(screen.getByRole('article', { name: 'Enyimba vs Rivers United' })).queryByRole('table'),
    ).not.toBeInTheDocument();
  });

  it('shows only the market the bookmakers priced in full', async () => {
    openSuggestions({
      [`GET ${suggestionsPath}`]: {
        body: suggestionsAnswer([matchPrediction({ market: marketComparison({ result: null }) })]),
      },
    });
    const table = within(await arsenalCard()).getByRole('table', { name: /^Model vs market/ });
    expect(rows(table).map(([outcome]) => outcome)).toEqual(['Outcome', 'Over 2.5', 'Under 2.5']);
    expect(screen.getByText(/margin removed/)).toHaveTextContent('(their mean margin: over/under 4.0%)');
  });

  it('asks for the chosen kickoff window and league, and keeps them in the address', async () => {
    const { user, fetchMock } = openSuggestions();
    await arsenalCard();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kickoff' }), 'Next 3 days');
    await user.selectOptions(screen.getByRole('combobox', { name: 'League' }), 'Serie A');
    await waitFor(() => expect(currentLocation()).toBe('/admin/suggestions?days=3&league=Serie+A'));
    await waitFor(() =>
      expect(requestedUrls(fetchMock)).toContain(`${suggestionsPath}?days=3&league=Serie+A&page=1&limit=20`),
    );
  });

  it('opens a match’s picks with their probability and fair odds, and closes them again', async () => {
    const { user } = openSuggestions();
    const card = await arsenalCard();
    const toggle = within(card).getByRole('button', { name: 'Show all 3 picks of Arsenal FC vs Chelsea FC' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByRole('list', { name: /Picks for/ })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = within(card).getByRole('list', { name: 'Picks for Arsenal FC vs Chelsea FC' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Arsenal FC or draw', 'Arsenal FC to win', 'Over 2.5 goals']);
    const win = pickRow(list, 'Arsenal FC to win');
    expect(
      within(win)
        .getAllByRole('term')
        .map((term) => term.parentElement?.textContent),
    ).toEqual(['Probability52.3%', 'Fair odds1.91']);

    await user.type(priceOf(win, 'Arsenal FC to win'), '2.10');
    await user.click(
      within(card).getByRole('button', { name: 'Hide the picks of Arsenal FC vs Chelsea FC' }),
    );
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
    // Opened again, the typed price is still there.
    await user.click(toggle);
    expect(priceOf(win, 'Arsenal FC to win')).toHaveValue('2.10');
  });

  it('shows the edge at the typed price, never dressed as value, and refuses a price it cannot read', async () => {
    const { user } = openSuggestions();
    const win = pickRow(await openPicks(user), 'Arsenal FC to win');
    const price = priceOf(win, 'Arsenal FC to win');
    expect(edgeOf(win)).toHaveTextContent('—');

    // 0.5234 × 2.10 − 1 = +0.0991
    await user.type(price, '2.10');
    expect(edgeOf(win)).toHaveTextContent('+9.9%');
    expect(within(edgeOf(win)).getByText('+9.9%')).not.toHaveClass('text-lime-300');

    // 0.5234 × 1.80 − 1 = −0.0579 (a comma is read as the decimal point)
    await user.clear(price);
    await user.type(price, '1,80');
    expect(edgeOf(win)).toHaveTextContent('−5.8%');
    expect(within(edgeOf(win)).getByText('−5.8%')).not.toHaveClass('text-lime-300');

    for (const bad of ['abc', '1', '2.1.0', '1001']) {
      await user.clear(price);
      await user.type(price, bad);
      expect(price).toHaveAttribute('aria-invalid', 'true');
      expect(price).toHaveAccessibleDescription('Enter decimal odds from 1.01 to 1,000, e.g. 2.10.');
      expect(edgeOf(win)).toHaveTextContent('—');
    }
  });

  it('posts a pick as a free tip on its match at the typed price, with the model’s probability, and says it was posted', async () => {
    const { user, calls } = openSuggestions({
      'POST /api/admin/tips': { status: 201, body: { success: true, tip: adminFreeTip() } },
    });
    const list = await openPicks(user);
    const win = pickRow(list, 'Arsenal FC to win');
    await user.type(priceOf(win, 'Arsenal FC to win'), '2.10');
    await user.click(within(win).getByRole('button', { name: 'Post as free tip: Arsenal FC to win' }));

    expect(
      await screen.findByText('Free tip posted: Arsenal FC vs Chelsea FC, Arsenal FC to win at 2.10.'),
    ).toBeInTheDocument();
    const posted = within(win).getByRole('button', { name: 'Posted as free tip: Arsenal FC to win' });
    expect(posted).toBeDisabled();
    expect(callsTo(calls, 'POST', '/api/admin/tips').map((call) => call.body)).toEqual([
      {
        matchId: matchIds.arsenal,
        teamA: 'Arsenal FC',
        teamB: 'Chelsea FC',
        league: 'Premier League',
        kickoff: '2026-11-28T16:30:00.000Z',
        prediction: 'Home win',
        totalOdds: 2.1,
        modelProbability: 0.5234,
      },
    ]);

    // Without a price, the tip goes at the fair odds.
    const over = pickRow(list, 'Over 2.5 goals');
    await user.click(within(over).getByRole('button', { name: 'Post as free tip: Over 2.5 goals' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/admin/tips')).toHaveLength(2));
    expect(callsTo(calls, 'POST', '/api/admin/tips')[1]?.body).toMatchObject({
      prediction: 'Over 2.5 goals',
      totalOdds: 1.96,
      modelProbability: 0.5112,
    });
  });

  it('posts nothing while the typed price is unreadable, and shows the server’s refusal', async () => {
    const { user, calls } = openSuggestions({
      'POST /api/admin/tips': {
        status: 409,
        body: { success: false, code: 'CONFLICT', message: 'That match has already kicked off.' },
      },
    });
    const win = pickRow(await openPicks(user), 'Arsenal FC to win');
    const price = priceOf(win, 'Arsenal FC to win');
    await user.type(price, 'evens');
    const post = within(win).getByRole('button', { name: 'Post as free tip: Arsenal FC to win' });
    await user.click(post);
    expect(price).toHaveFocus();
    expect(callsTo(calls, 'POST', '/api/admin/tips')).toHaveLength(0);

    await user.clear(price);
    await user.click(post);
    expect(await screen.findByText('That match has already kicked off.')).toBeInTheDocument();
    expect(within(win).getByRole('button', { name: 'Post as free tip: Arsenal FC to win' })).toBeEnabled();
  });

  it('starts a rollover tip with the pick as its first game, on its match and day, and posts it on that match', async () => {
    const { user, calls } = openSuggestions({
      'GET /api/admin/rollover-plans': { body: { success: true, plans: [adminRolloverPlan()] } },
      'GET /api/admin/rollover-tips': { body: { success: true, tips: [], ...pageInfo(0) } },
      'POST /api/admin/rollover-tips': { status: 201, body: { success: true, tip: adminRolloverTip() } },
    });
    const win = pickRow(await openPicks(user), 'Arsenal FC to win');
    await user.type(priceOf(win, 'Arsenal FC to win'), '2.05');
    await user.click(within(win).getByRole('button', { name: 'New Rollover tip with Arsenal FC to win' }));

    await screen.findByRole('heading', { name: 'New rollover tip' });
    expect(currentLocation()).toBe('/admin/rollover-tips/new');
    expect(screen.getByLabelText('Day (Lagos date)')).toHaveValue('2026-11-28');
    const game = screen.getByRole('group', { name: 'Game 1' });
    expect(within(game).getByRole('textbox', { name: 'Team A' })).toHaveValue('Arsenal FC');
    expect(within(game).getByRole('textbox', { name: 'Team B' })).toHaveValue('Chelsea FC');
    expect(within(game).getByRole('textbox', { name: 'League' })).toHaveValue('Premier League');
    expect(within(game).getByLabelText('Kickoff (Lagos time)')).toHaveValue('2026-11-28T17:30');
    expect(within(game).getByRole('textbox', { name: 'Prediction' })).toHaveValue('Home win');
    expect(within(game).getByRole('textbox', { name: /Odds/ })).toHaveValue('2.05');
    expect(
      within(game).getByText(
        /From the model’s suggestions, on its registered match, model probability 52\.3%/,
      ),
    ).toBeInTheDocument();

    const plan = screen.getByRole('combobox', { name: 'Plan' });
    await waitFor(() => expect(within(plan).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(plan, planIds.daily);
    await user.click(screen.getByRole('button', { name: 'Post tip' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/rollover-tips'));
    const [posted] = callsTo(calls, 'POST', '/api/admin/rollover-tips');
    expect(posted?.body).toMatchObject({
      planId: planIds.daily,
      day: '2026-11-28',
      games: [
        {
          matchId: matchIds.arsenal,
          teamA: 'Arsenal FC',
          teamB: 'Chelsea FC',
          league: 'Premier League',
          kickoff: '2026-11-28T17:30:00+01:00',
          prediction: 'Home win',
          odds: 2.05,
          modelProbability: 0.5234,
        },
      ],
    });
  });

  it('starts a booking code with the pick as its first game at the fair odds, and creates it on that match', async () => {
    const { user, calls } = openSuggestions({
      'POST /api/admin/booking-codes': { status: 201, body: { success: true, code: adminBookingCode() } },
      'GET /api/admin/booking-codes': { body: { success: true, codes: [], ...pageInfo(0) } },
    });
    const over = pickRow(await openPicks(user), 'Over 2.5 goals');
    await user.click(within(over).getByRole('button', { name: 'New Booking code with Over 2.5 goals' }));

    await screen.findByRole('heading', { name: 'New booking code' });
    expect(currentLocation()).toBe('/admin/booking-codes/new');
    const game = screen.getByRole('group', { name: 'Game 1' });
    expect(within(game).getByRole('textbox', { name: 'Team A' })).toHaveValue('Arsenal FC');
    expect(within(game).getByRole('textbox', { name: 'Team B' })).toHaveValue('Chelsea FC');
    expect(within(game).getByRole('textbox', { name: 'League' })).toHaveValue('Premier League');
    expect(within(game).getByLabelText('Kickoff (Lagos time)')).toHaveValue('2026-11-28T17:30');
    expect(within(game).getByRole('textbox', { name: /^Prediction/ })).toHaveValue('Over 2.5 goals');
    expect(within(game).getByRole('textbox', { name: /Odds/ })).toHaveValue('1.96');
    expect(within(game).getByText(/model probability 51\.1%/)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Booking code/ }), 'SB-12345');
    await user.type(screen.getByRole('combobox', { name: 'Bookmaker' }), 'SportyBet');
    await user.type(screen.getByRole('textbox', { name: 'Total odds' }), '1.96');
    await user.type(screen.getByRole('textbox', { name: 'Price (₦)' }), '500');
    await user.type(screen.getByLabelText(/^Expires/), '2026-11-28T17:00');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/booking-codes'));
    const [created] = callsTo(calls, 'POST', '/api/admin/booking-codes');
    expect(created?.body).toMatchObject({
      games: [
        {
          matchId: matchIds.arsenal,
          teamA: 'Arsenal FC',
          teamB: 'Chelsea FC',
          league: 'Premier League',
          kickoff: '2026-11-28T17:30:00+01:00',
          prediction: 'Over 2.5 goals',
          odds: 1.96,
          modelProbability: 0.5112,
        },
      ],
    });
  });

  it('unlinks a pre-filled game from its match and the model once its match or prediction is retyped', async () => {
    const { user } = openSuggestions();
    const over = pickRow(await openPicks(user), 'Over 2.5 goals');
    await user.click(within(over).getByRole('button', { name: 'New Booking code with Over 2.5 goals' }));
    const game = await screen.findByRole('group', { name: 'Game 1' });
    const prediction = within(game).getByRole('textbox', { name: /^Prediction/ });
    await user.clear(prediction);
    await user.type(prediction, 'Over 1.5 goals');
    // The match stays; the model's probability was for the other prediction.
    expect(
      within(game).getByText(/From the model’s suggestions, on its registered match\./),
    ).toBeInTheDocument();
    expect(within(game).queryByText(/model probability/)).not.toBeInTheDocument();
    await user.type(within(game).getByRole('textbox', { name: 'Team B' }), ' Women');
    expect(within(game).queryByText(/From the model’s suggestions/)).not.toBeInTheDocument();
  });

  it('opens a plain new booking code when the address carries no game', async () => {
    signInAsAdmin({});
    renderApp('/admin/booking-codes/new');
    const game = await screen.findByRole('group', { name: 'Game 1' });
    expect(within(game).getByRole('textbox', { name: 'Team A' })).toHaveValue('');
    expect(within(game).queryByText(/From the model’s suggestions/)).not.toBeInTheDocument();
  });

  it('queues a refit and says so', async () => {
    const { user, calls } = openSuggestions({
      'POST /api/admin/predictions/fit': {
        status: 202,
        body: { success: true, message: predictionMessages.fitQueued },
      },
    });
    await arsenalCard();
    await user.click(screen.getByRole('button', { name: 'Refit now' }));
    expect(await screen.findByText(predictionMessages.fitQueued)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/admin/predictions/fit')).toHaveLength(1);
  });

  it('says it is loading, then that there are no matches yet and no fit, with the way to the matches', async () => {
    signInAsAdmin({ [`GET ${suggestionsPath}`]: () => pending() });
    const { unmount } = renderApp('/admin/suggestions');
    expect(await screen.findByText('Loading suggestions…')).toHaveAttribute('role', 'status');
    unmount();
    queryClient.clear();

    openSuggestions({ [`GET ${suggestionsPath}`]: { body: suggestionsAnswer([], { fits: [] }) } });
    expect(await screen.findByText(predictionMessages.noSuggestions)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Match results' })).toHaveAttribute(
      'href',
      '/admin/matches',
    );
    const fits = screen.getByRole('region', { name: 'The model’s latest fits' });
    expect(within(fits).getByText(predictionMessages.reasons['no-fit-yet'])).toBeInTheDocument();
  });

  it('is in the admin sections', async () => {
    openSuggestions();
    await arsenalCard();
    for (const nav of screen.getAllByRole('navigation', { name: 'Admin sections' })) {
      expect(within(nav).getByRole('link', { name: 'Suggestions' })).toHaveAttribute('aria-current', 'page');
      expect(within(nav).getByRole('link', { name: 'Model' })).toHaveAttribute('href', '/admin/model');
    }
  });
});
