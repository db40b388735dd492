import type { BookingCode, BookingCodeGame } from '@cashtips/contract/booking-codes';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingCode, boughtCode, purchase } from '../../../testing/code-fixtures.ts';
import { fakeSocketServer } from '../../../testing/fake-socket-server.ts';
import { live, matchEvent } from '../../../testing/match-fixtures.ts';
import type { RecordedCall } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { preloadScreens } from '../../../testing/preload-screens.ts';
import { renderApp } from '../../../testing/render-app.tsx';

preloadScreens(
  () => import('../../../app/routes/booking-code-detail.tsx'),
  () => import('../../../app/routes/my-codes.tsx'),
);

const kickoff = new Date(Date.now() - 60 * 60_000).toISOString();

/** Arsenal v Chelsea in play (match-1) and Enyimba v Rivers United later (match-2), as the buyer sees them. */
function games(
  first: Partial<BookingCodeGame> = {},
  second: Partial<BookingCodeGame> = {},
): BookingCodeGame[] {
  return [
    {
      teamA: 'Arsenal',
      teamB: 'Chelsea',
      league: 'Premier League',
      kickoff,
      prediction: 'Over 1.5',
      odds: 1.45,
      score: null,
      outcome: 'pending',
      matchId: 'match-1',
      live: live('live', 60, [1, 0]),
      ...first,
    },
    {
      teamA: 'Enyimba',
      teamB: 'Rivers United',
      league: 'NPFL',
      kickoff: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      prediction: 'Home win',
      odds: 1.8,
      score: null,
      outcome: 'pending',
      matchId: 'match-2',
      live: live(),
      ...second,
    },
  ];
}

/** After the final whistle and the recorded result: what the server answers once the game settled. */
const settledFirst = {
  live: live('finished', null, [2, 0]),
  score: { home: 2, away: 0 },
  outcome: 'won',
} as const;

const gameRows = async () =>
  within(await screen.findByRole('list', { name: 'Games' })).getAllByRole('listitem') as [
    HTMLElement,
    HTMLElement,
  ];
const detailCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/api/booking-codes/c1');

describe('a code’s games, live', () => {
  it('follows a `match` event on the code detail, game by game, and says a goal politely', async () => {
    signedInApi({
      'GET /api/booking-codes/c1': { body: { success: true, code: boughtCode({ games: games() }) } },
    });
    renderApp('/booking-codes/c1');
    const [first, second] = await gameRows();
    expect(within(first).getByText('Live, minute 60, score 1-0')).toBeInTheDocument();
    expect(second.querySelector('[data-live-status]')).toBeNull();
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    // Signed in: the session's own socket.
    expect(fakeSocketServer.connected()[0]?.auth).toEqual({ token: 'tok_123' });

    act(() => fakeSocketServer.emit('match', matchEvent('match-1', live('live', 67, [2, 0]))));
    await waitFor(() => expect(within(first).getByText('Live, minute 67, score 2-0')).toBeInTheDocument());
    expect(second.querySelector('[data-live-status]')).toBeNull();
    // The pick stays where it was.
    expect(first).toHaveTextContent('Pick: Over 1.5');
    const announcer = document.querySelector('[aria-live="polite"]') as HTMLElement;
    await waitFor(() => expect(announcer).toHaveTextContent('Score: Arsenal 2-0 Chelsea, minute 67.'));

    // The minute alone moving on is not worth a word.
    act(() => fakeSocketServer.emit('match', matchEvent('match-2', live('live', 1, [0, 0]))));
    await waitFor(() => expect(within(second).getByText('Live, minute 1, score 0-0')).toBeInTheDocument());
    await waitFor(() => expect(announcer).toHaveTextContent('Kick-off: Enyimba 0-0 Rivers United.'));
  });

  it('refetches the code when its match is finished, so the result the server gives shows: Won', async () => {
    let settled = false;
    const { calls } = signedInApi({
      'GET /api/booking-codes/c1': () => ({
        body: { success: true, code: boughtCode({ games: games(settled ? settledFirst : {}) }) },
      }),
    });
    renderApp('/booking-codes/c1');
    const [first] = await gameRows();
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    expect(detailCalls(calls)).toHaveLength(1);

    settled = true;
    act(() => fakeSocketServer.emit('match', matchEvent('match-1', live('finished', null, [2, 0]))));
    await waitFor(() => expect(within(first).getByText('Full time, score 2-0')).toBeInTheDocument());
    const won = await within(first).findByText('Won', {}, { timeout: 4000 });
    expect(won.closest('[data-outcome]')).toHaveAttribute('data-outcome', 'won');
    expect(detailCalls(calls)).toHaveLength(2);
    const [, second] = await gameRows();
    expect(second.querySelector('[data-outcome]')).toBeNull();
  });

  it('shows a settled code’s result where its time left was', async () => {
    signedInApi({
      'GET /api/booking-codes/c1': {
        body: { success: true, code: boughtCode({ result: 'won', games: games(settledFirst) }) },
      },
    });
    renderApp('/booking-codes/c1');
    await gameRows();
    expect(screen.queryByTestId('countdown')).toBeNull();
    expect(screen.getAllByText('Settled', { exact: false }).length).toBeGreaterThan(0);
  });

  it('shows a code’s non-buyer the score and full time, never the result or the pick', async () => {
    const locked = (finished: boolean): BookingCode =>
      bookingCode({
        games: games(finished ? { ...settledFirst, outcome: null } : {}).map((game) => ({
          ...game,
          prediction: null,
          odds: null,
          outcome: null,
        })),
      });
    let finished = false;
    const { calls } = signedInApi({
      'GET /api/booking-codes/c1': () => ({ body: { success: true, code: locked(finished) } }),
    });
    renderApp('/booking-codes/c1');
    const [first] = await gameRows();
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    finished = true;
    act(() => fakeSocketServer.emit('match', matchEvent('match-1', live('finished', null, [2, 0]))));
    await waitFor(() => expect(detailCalls(calls)).toHaveLength(2), { timeout: 4000 });
    expect(within(first).getByText('Full time, score 2-0')).toBeInTheDocument();
    expect(first.querySelector('[data-outcome]')).toBeNull();
    expect(within(first).getByText('Pick unlocks after purchase')).toBeInTheDocument();
  });

  it('shows each game’s state on My Codes, live, and the result once the server has it', async () => {
    let settled = false;
    const { calls } = signedInApi({
      'GET /api/booking-codes/purchased': () => ({
        body: [
          purchase(1, {
            code: boughtCode({
              _id: 'c1',
              bookingCode: 'CODE1',
              games: settled ? games(settledFirst, { live: live('halftime', null, [0, 1]) }) : games(),
            }),
          }),
        ],
      }),
      'GET /api/booking-codes/purchased/summary': {
        body: { success: true, bought: 1, spent: 500, active: 1, expired: 0, won: 0, lost: 0 },
      },
    });
    renderApp('/my-codes');
    const card = await screen.findByRole('article', { name: 'SportyBet code CODE1' });
    const [first, second] = within(within(card).getByRole('list', { name: 'Games' })).getAllByRole(
      'listitem',
    ) as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Arsenal vs Chelsea');
    expect(within(first).getByText('Live, minute 60, score 1-0')).toBeInTheDocument();
    // Not started: its kickoff instead.
    expect(second).toHaveTextContent(/Enyimba vs Rivers United.*Lagos time/);
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));

    act(() => fakeSocketServer.emit('match', matchEvent('match-2', live('halftime', null, [0, 1]))));
    await waitFor(() => expect(within(second).getByText('Half-time, score 0-1')).toBeInTheDocument());

    settled = true;
    act(() => fakeSocketServer.emit('match', matchEvent('match-1', live('finished', null, [2, 0]))));
    expect(await within(card).findByText('Won', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/booking-codes/purchased')).toHaveLength(2);
    expect(within(second).getByText('Half-time, score 0-1')).toBeInTheDocument();
    expect(second.querySelector('[data-outcome]')).toBeNull();
  });
});
