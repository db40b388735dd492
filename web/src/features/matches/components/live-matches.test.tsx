import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSocketServer } from '../../../testing/fake-socket-server.ts';
import { live, liveMatch, liveMatchesReply, matchEvent } from '../../../testing/match-fixtures.ts';
import { mockApi, pending } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { preloadScreens } from '../../../testing/preload-screens.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { groupByLeague } from './live-matches.tsx';

preloadScreens(
  () => import('../../../app/routes/live.tsx'),
  () => import('../../../app/routes/public-layout.tsx'),
);

/** Lagos is UTC+1: 14:00Z is 15:00 in Lagos. */
const today = [
  liveMatch({
    _id: 'm-late',
    league: 'Premier League',
    homeTeam: 'Liverpool',
    awayTeam: 'Everton',
    kickoff: '2026-11-24T17:30:00.000Z',
  }),
  liveMatch({
    _id: 'm-npfl',
    league: 'NPFL',
    homeTeam: 'Enyimba',
    awayTeam: 'Rivers United',
    kickoff: '2026-11-24T15:00:00.000Z',
    ...live('halftime', null, [1, 0]),
  }),
  liveMatch({
    _id: 'm-early',
    league: 'Premier League',
    homeTeam: 'Arsenal',
    awayTeam: 'Chelsea',
    kickoff: '2026-11-24T14:00:00.000Z',
    ...live('live', 67, [2, 1]),
  }),
  liveMatch({
    _id: 'm-off',
    league: 'Serie A',
    homeTeam: 'Inter',
    awayTeam: 'Milan',
    kickoff: '2026-11-24T19:45:00.000Z',
    ...live('postponed'),
  }),
];

const publicApi = (routes = {}) =>
  mockApi({ 'GET /api/geo': { body: { success: true, countryCode: 'NG' } }, ...routes });

const leagues = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const rowsOf = (league: string) =>
  within(screen.getByRole('region', { name: league }))
    .getAllByRole('listitem')
    .filter((item) => item.closest('ul[aria-label]') === null);

describe('/live', () => {
  it('groups today’s matches by league, in kickoff order, with Lagos kickoffs and each one’s state', async () => {
    publicApi({ 'GET /api/matches/live': liveMatchesReply(today) });
    renderApp('/live');
    expect(await screen.findByRole('heading', { level: 1, name: 'Live Scores' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Premier League' });
    expect(leagues()).toEqual(['Premier League', 'NPFL', 'Serie A']);
    expect(
      screen.getByText(
        'Today’s matches, Tue, 24 Nov 2026. Kickoffs are in Lagos time; scores update as they happen.',
      ),
    ).toBeInTheDocument();

    const [early, late] = rowsOf('Premier League') as [HTMLElement, HTMLElement];
    expect(early).toHaveTextContent(/^15:00Arsenal vs Chelsea/);
    expect(within(early).getByText('Live, minute 67, score 2-1')).toBeInTheDocument();
    expect(within(early.querySelector('time') as HTMLElement).getByText('15:00')).toHaveAttribute(
      'dateTime',
      '2026-11-24T14:00:00.000Z',
    );
    expect(late).toHaveTextContent(/^18:30Liverpool vs Everton$/);
    expect(within(rowsOf('NPFL')[0] as HTMLElement).getByText('Half-time, score 1-0')).toBeInTheDocument();
    expect(rowsOf('Serie A')[0]).toHaveTextContent('Postponed');
    // A visitor holds nothing.
    expect(screen.queryByRole('list', { name: 'Yours on this match' })).not.toBeInTheDocument();
  });

  it('says live scores are off without a football data provider, and that results come after the match', async () => {
    publicApi({ 'GET /api/matches/live': liveMatchesReply(today, '2026-11-24', false) });
    renderApp('/live');
    await screen.findByRole('region', { name: 'Premier League' });
    expect(
      screen.getByText(
        'Today’s matches, Tue, 24 Nov 2026. Kickoffs are in Lagos time. Live scores are off: each result is added after the match.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/as they happen/)).toBeNull();
  });

  it('badges a match the demo registered, and no other', async () => {
    publicApi({
      'GET /api/matches/live': liveMatchesReply([
        liveMatch({ _id: 'm-demo', homeTeam: 'Lazio', awayTeam: 'Roma', league: 'Serie A', demo: true }),
        liveMatch({ _id: 'm-real', homeTeam: 'Enyimba', awayTeam: 'Remo Stars', league: 'NPFL' }),
      ]),
    });
    renderApp('/live');
    const demoRow = (await screen.findByText('Lazio', { exact: false })).closest('li') as HTMLElement;
    expect(within(demoRow).getByTestId('demo-badge')).toHaveTextContent(/^Demo/);
    const realRow = screen.getByText('Enyimba', { exact: false }).closest('li') as HTMLElement;
    expect(within(realRow).queryByTestId('demo-badge')).toBeNull();
  });

  it('updates a row from `match` events on a visitor’s public socket, without moving it', async () => {
    publicApi({ 'GET /api/matches/live': liveMatchesReply(today) });
    renderApp('/live');
    await screen.findByRole('region', { name: 'Premier League' });
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));
    expect(fakeSocketServer.connected()[0]?.auth).toEqual({});

    act(() => fakeSocketServer.emit('match', matchEvent('m-late', live('live', 2, [0, 1]))));
    const [early, late] = rowsOf('Premier League') as [HTMLElement, HTMLElement];
    await waitFor(() => expect(within(late).getByText('Live, minute 2, score 0-1')).toBeInTheDocument());
    expect(early).toHaveTextContent('Arsenal vs Chelsea');
    const announcer = document.querySelector('[aria-live="polite"]') as HTMLElement;
    await waitFor(() => expect(announcer).toHaveTextContent('Kick-off: Liverpool 0-1 Everton.'));

    act(() => fakeSocketServer.emit('match', matchEvent('m-early', live('finished', null, [2, 1]))));
    await waitFor(() => expect(within(early).getByText('Full time, score 2-1')).toBeInTheDocument());
  });

  it('marks a signed-in user’s matches with links to their code and to today’s tips', async () => {
    signedInApi({
      'GET /api/matches/live': liveMatchesReply([
        {
          ...today[2],
          yours: [{ kind: 'code', itemId: 'c1', label: 'SportyBet code' }],
        } as (typeof today)[number],
        {
          ...today[0],
          yours: [
            { kind: 'rollover', itemId: 't1', label: 'Daily Double tip' },
            { kind: 'code', itemId: 'c 2', label: 'Bet9ja code' },
          ],
        } as (typeof today)[number],
        today[1] as (typeof today)[number],
      ]),
    });
    renderApp('/live');
    await screen.findByRole('region', { name: 'Premier League' });
    expect(screen.getByText('2 of these matches have your codes or tips on them.')).toBeInTheDocument();

    const [early, late] = rowsOf('Premier League') as [HTMLElement, HTMLElement];
    expect(early).toHaveAttribute('data-yours', 'true');
    const earlyYours = within(early).getByRole('list', { name: 'Yours on this match' });
    expect(within(earlyYours).getByRole('link', { name: 'SportyBet code' })).toHaveAttribute(
      'href',
      '/booking-codes/c1',
    );
    const lateYours = within(late).getByRole('list', { name: 'Yours on this match' });
    expect(within(lateYours).getByRole('link', { name: 'Daily Double tip' })).toHaveAttribute(
      'href',
      '/my-rollover',
    );
    expect(within(lateYours).getByRole('link', { name: 'Bet9ja code' })).toHaveAttribute(
      'href',
      '/booking-codes/c%202',
    );

    const npfl = rowsOf('NPFL')[0] as HTMLElement;
    expect(npfl).not.toHaveAttribute('data-yours');
    expect(within(npfl).queryByRole('list', { name: 'Yours on this match' })).not.toBeInTheDocument();
    // In the signed-in layout: the bottom bar's More is lit on it.
    expect(
      within(screen.getByRole('navigation', { name: 'Bottom navigation' })).getByRole('button', {
        name: 'More',
      }),
    ).toHaveClass('text-lime-300');
  });

  it('says where fixtures come from when there are no matches today', async () => {
    publicApi({ 'GET /api/matches/live': liveMatchesReply([]) });
    renderApp('/live');
    expect(await screen.findByText('No matches today')).toBeInTheDocument();
    expect(
      screen.getByText(/Fixtures come from our football data provider for the leagues we follow/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading, the size of the rows it stands for', async () => {
    publicApi({ 'GET /api/matches/live': () => pending() });
    renderApp('/live');
    const loading = await screen.findByRole('status', { name: 'Loading today’s matches' });
    expect(loading.querySelectorAll('.h-6')).toHaveLength(6);
  });

  it('recovers from a failed load with Retry', async () => {
    let failing = true;
    publicApi({
      'GET /api/matches/live': () =>
        failing
          ? { status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'The service is busy.' } }
          : liveMatchesReply(today),
    });
    const { user } = renderApp('/live');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Could not load today’s matches');
    expect(alert).toHaveTextContent('The service is busy.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'NPFL' })).toBeInTheDocument();
  });

  it('is linked from the public shell’s footer for visitors', async () => {
    publicApi({ 'GET /api/matches/live': liveMatchesReply(today) });
    renderApp('/terms');
    const footer = await screen.findByRole('navigation', { name: 'Scores' });
    expect(within(footer).getByRole('link', { name: 'Live scores' })).toHaveAttribute('href', '/live');
  });
});

describe('grouping by league', () => {
  it('orders leagues by their first kickoff and keeps a league’s matches together', () => {
    const groups = groupByLeague(today);
    expect(groups.map((group) => [group.league, group.matches.map((match) => match._id)])).toEqual([
      ['Premier League', ['m-early', 'm-late']],
      ['NPFL', ['m-npfl']],
      ['Serie A', ['m-off']],
    ]);
  });
});
