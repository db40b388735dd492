import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import {
  adminBookingCode,
  adminRolloverPlan,
  pageInfo,
  requestedUrls,
  signInAsAdmin,
} from '../../../testing/admin-fixtures.ts';
import type { MockRoute, RecordedCall } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { adminFreeTip, resultIds, searchResults } from '../../../testing/results-fixtures.ts';

afterEach(() => queryClient.clear());

const searchPath = '/api/admin/matches/search';

/** The search answers the fixtures whose teams or league hold the text, as the server would. */
const search: MockRoute = (_body, url) => {
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const matches = searchResults().filter((match) =>
    [match.homeTeam, match.awayTeam, match.league].some((text) => text.toLowerCase().includes(q)),
  );
  return { body: { success: true, matches } };
};

function openNewCode(routes: Record<string, MockRoute> = {}) {
  const api = signInAsAdmin({
    [`GET ${searchPath}`]: search,
    'GET /api/admin/booking-codes': { body: { success: true, codes: [], ...pageInfo(0) } },
    'POST /api/admin/booking-codes': { status: 201, body: { success: true, code: adminBookingCode() } },
    ...routes,
  });
  return { ...api, ...renderApp('/admin/booking-codes/new') };
}

const searches = (fetchMock: Parameters<typeof requestedUrls>[0]) =>
  requestedUrls(fetchMock).filter((url) => url.startsWith(searchPath));

const created = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/admin/booking-codes');

async function firstGame() {
  const game = await screen.findByRole('group', { name: 'Game 1' });
  return { game, picker: within(game).getByRole('combobox', { name: 'Pick a registered match' }) };
}

async function fillTheCode(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByRole('textbox', { name: /Booking code/ }), 'SB-12345');
  await user.type(screen.getByRole('combobox', { name: 'Bookmaker' }), 'SportyBet');
  await user.type(screen.getByRole('textbox', { name: 'Total odds' }), '1.85');
  await user.type(screen.getByRole('textbox', { name: 'Price (₦)' }), '500');
  await user.type(screen.getByLabelText(/^Expires/), '2025-03-01T16:30');
}

describe('picking a registered match for a game', () => {
  it('searches after a pause in typing, moves with the arrows, picks with Enter, and the game is posted on that match', async () => {
    const { user, calls, fetchMock } = openNewCode();
    const { game, picker } = await firstGame();
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    await user.type(picker, 'premier');

    const list = await within(game).findByRole('listbox', { name: 'Registered matches' });
    expect(picker).toHaveAttribute('aria-expanded', 'true');
    expect(picker).toHaveAttribute('aria-controls', list.id);
    const [option] = within(list).getAllByRole('option');
    expect(option).toHaveTextContent('Arsenal vs Chelsea');
    expect(option).toHaveTextContent('Premier League · 1 Mar 2025, 17:00 · API-Football #1208099');
    expect(within(game).getByRole('status')).toHaveTextContent(
      '1 match: choose with the up and down arrows and Enter.',
    );
    // One search for the whole word, not one a keystroke.
    expect(searches(fetchMock)).toEqual([`${searchPath}?q=premier`]);

    await user.keyboard('{ArrowDown}');
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(picker).toHaveAttribute('aria-activedescendant', option?.id);
    await user.keyboard('{Enter}');

    expect(within(game).queryByRole('combobox', { name: 'Pick a registered match' })).not.toBeInTheDocument();
    expect(within(game).getByText('Registered match')).toBeInTheDocument();
    expect(
      within(game).getByText('Premier League · 1 Mar 2025, 17:00 · API-Football #1208099'),
    ).toBeInTheDocument();
    expect(within(game).getByRole('textbox', { name: 'Team A' })).toHaveValue('Arsenal');
    expect(within(game).getByRole('textbox', { name: 'Team B' })).toHaveValue('Chelsea');
    expect(within(game).getByRole('textbox', { name: 'League' })).toHaveValue('Premier League');
    expect(within(game).getByLabelText('Kickoff (Lagos time)')).toHaveValue('2025-03-01T17:00');
    // The match is set: the pick is what is left to type.
    expect(within(game).getByRole('textbox', { name: /^Prediction/ })).toHaveFocus();
    await user.keyboard('Home win');

    await fillTheCode(user);
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/booking-codes'));
    expect(created(calls)[0]?.body).toMatchObject({
      games: [
        {
          matchId: resultIds.match,
          teamA: 'Arsenal',
          teamB: 'Chelsea',
          league: 'Premier League',
          kickoff: '2025-03-01T17:00:00+01:00',
          prediction: 'Home win',
        },
      ],
    });
  });

  it('opens the soonest matches with the down arrow, wraps with the up arrow, and picks with a click', async () => {
    const { user, fetchMock } = openNewCode();
    const { game, picker } = await firstGame();
    await user.click(picker);
    await user.keyboard('{ArrowDown}');
    const list = await within(game).findByRole('listbox', { name: 'Registered matches' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Arsenal vs ChelseaPremier League · 1 Mar 2025, 17:00 · API-Football #1208099',
      'Lyon vs NiceLigue 1 · 1 Mar 2025, 20:45',
    ]);
    expect(searches(fetchMock)).toEqual([searchPath]);
    await user.keyboard('{ArrowUp}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');

    await user.click(options[1] as HTMLElement);
    expect(within(game).getByRole('textbox', { name: 'Team A' })).toHaveValue('Lyon');
    expect(within(game).getByText('Ligue 1 · 1 Mar 2025, 20:45')).toBeInTheDocument();
  });

  it('Escape closes the list, then clears the text, and Enter never sends the form', async () => {
    const { user, calls } = openNewCode();
    const { game, picker } = await firstGame();
    await user.type(picker, 'lyon');
    await within(game).findByRole('listbox', { name: 'Registered matches' });
    await user.keyboard('{Escape}');
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    expect(within(game).queryByRole('listbox')).not.toBeInTheDocument();
    expect(picker).toHaveValue('lyon');
    await user.keyboard('{Escape}');
    expect(picker).toHaveValue('');
    await user.keyboard('{Enter}');
    expect(created(calls)).toHaveLength(0);
    expect(screen.queryByText('Check the highlighted fields.')).not.toBeInTheDocument();
  });

  it('unlinks a picked match to type by hand: the words stay, no match is sent, and the picker is back', async () => {
    const { user, calls } = openNewCode();
    const { game, picker } = await firstGame();
    await user.type(picker, 'nice');
    await user.click(await within(game).findByRole('option', { name: /Lyon vs Nice/ }));

    await user.click(within(game).getByRole('button', { name: 'Unlink Lyon vs Nice and type by hand' }));
    const teamA = within(game).getByRole('textbox', { name: 'Team A' });
    expect(teamA).toHaveFocus();
    expect(teamA).toHaveValue('Lyon');
    expect(within(game).queryByText('Registered match')).not.toBeInTheDocument();
    expect(within(game).getByRole('combobox', { name: 'Pick a registered match' })).toHaveValue('');
    await user.clear(teamA);
    await user.type(teamA, 'Olympique Lyonnais');

    await fillTheCode(user);
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(created(calls)).toHaveLength(1));
    const body = created(calls)[0]?.body as { games: Record<string, unknown>[] } | undefined;
    const posted = body?.games[0];
    expect(posted).toMatchObject({ teamA: 'Olympique Lyonnais', teamB: 'Nice', league: 'Ligue 1' });
    expect(posted).not.toHaveProperty('matchId');
  });

  it('retyping a picked match’s team unlinks it', async () => {
    const { user } = openNewCode();
    const { game, picker } = await firstGame();
    await user.type(picker, 'arsenal');
    await user.click(await within(game).findByRole('option', { name: /Arsenal vs Chelsea/ }));
    await user.type(within(game).getByRole('textbox', { name: 'Team B' }), ' Women');
    expect(within(game).queryByText('Registered match')).not.toBeInTheDocument();
    expect(within(game).getByRole('combobox', { name: 'Pick a registered match' })).toBeInTheDocument();
  });

  it('says when nothing matches, and when the search fails', async () => {
    let fail = false;
    const { user } = openNewCode({
      [`GET ${searchPath}`]: (body, url) =>
        fail
          ? { status: 500, body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' } }
          : (search as Exclude<MockRoute, 'network-error' | { status?: number }>)(body, url),
    });
    const { game, picker } = await firstGame();
    await user.type(picker, 'Barcelona');
    expect(
      await within(game).findByText(
        'No registered match to come matches “Barcelona”. Type the teams below instead.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(picker).toHaveAttribute('aria-expanded', 'false');

    fail = true;
    await user.clear(picker);
    await user.type(picker, 'Madrid');
    expect(
      await within(game).findByText(
        'Could not search the matches. Something went wrong.',
        {},
        { timeout: 8000 },
      ),
    ).toHaveAttribute('role', 'status');
  });

  it('puts a new free tip on a picked match', async () => {
    const { user, calls } = (() => {
      const api = signInAsAdmin({
        [`GET ${searchPath}`]: search,
        'GET /api/admin/tips': { body: { success: true, tips: [], ...pageInfo(0) } },
        'POST /api/admin/tips': { status: 201, body: { success: true, tip: adminFreeTip() } },
      });
      return { ...api, ...renderApp('/admin/free-tips/new') };
    })();
    const picker = await screen.findByRole('combobox', { name: 'Pick a registered match' });
    await user.type(picker, 'chelsea');
    await screen.findByRole('option', { name: /Arsenal vs Chelsea/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('textbox', { name: 'Home team' })).toHaveValue('Arsenal');
    expect(screen.getByRole('textbox', { name: 'Prediction' })).toHaveFocus();
    await user.keyboard('Home win');
    await user.type(screen.getByRole('textbox', { name: 'Odds' }), '1.85');
    await user.click(screen.getByRole('button', { name: 'Post tip' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/free-tips'));
    expect(
      calls.filter((call) => call.method === 'POST' && call.path === '/api/admin/tips')[0]?.body,
    ).toEqual({
      matchId: resultIds.match,
      teamA: 'Arsenal',
      teamB: 'Chelsea',
      league: 'Premier League',
      kickoff: '2025-03-01T17:00:00+01:00',
      prediction: 'Home win',
      totalOdds: 1.85,
    });
  });

  it('is offered on every game of a rollover tip too', async () => {
    signInAsAdmin({
      [`GET ${searchPath}`]: search,
      'GET /api/admin/rollover-plans': { body: { success: true, plans: [adminRolloverPlan()] } },
    });
    const { user } = renderApp('/admin/rollover-tips/new');
    const game = await screen.findByRole('group', { name: 'Game 1' });
    await user.type(within(game).getByRole('combobox', { name: 'Pick a registered match' }), 'ligue');
    await within(game).findByRole('option', { name: /Lyon vs Nice/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(within(game).getByRole('textbox', { name: 'Team A' })).toHaveValue('Lyon');
    await user.click(screen.getByRole('button', { name: 'Add game' }));
    const second = screen.getByRole('group', { name: 'Game 2' });
    expect(within(second).getByRole('combobox', { name: 'Pick a registered match' })).toHaveFocus();
  });
});
