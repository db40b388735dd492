import { footballMessages } from '@cashtips/contract/football';
import type { AdminMatchesResponse } from '@cashtips/contract/matches';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { pageInfo, requestedUrls, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import { type MockReply, type MockRoute, pending } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import {
  adminMatch,
  disagreement,
  finishingMatch,
  liveMatch,
  noProviderStatus,
  providerStatus,
  resultIds,
  waitingMatch,
} from '../../../testing/results-fixtures.ts';

afterEach(() => queryClient.clear());

const twoMatches: AdminMatchesResponse = {
  success: true,
  matches: [
    adminMatch(),
    adminMatch({
      _id: resultIds.otherMatch,
      homeTeam: 'Lyon',
      awayTeam: 'Nice',
      league: 'Ligue 1',
      kickoff: '2025-02-28T19:45:00.000Z',
      day: '2025-02-28',
      status: 'finished',
      score: { home: 2, away: 0 },
      resultAt: '2025-02-28T22:00:00.000Z',
      games: 1,
      pendingItems: 0,
    }),
  ],
  ...pageInfo(2),
};
const noMatches: AdminMatchesResponse = { success: true, matches: [], ...pageInfo(0) };

/** The admin signed in, with the provider's status answered unless a test answers it otherwise. */
const signIn = (routes: Record<string, MockRoute>) =>
  signInAsAdmin({ 'GET /api/admin/football/status': { body: providerStatus() }, ...routes });

const matchesUrls = (fetchMock: Parameters<typeof requestedUrls>[0]) =>
  requestedUrls(fetchMock).filter((url) => url.startsWith('/api/admin/matches?'));

describe('admin match results list', () => {
  it('says it is loading until the matches arrive', async () => {
    signIn({ 'GET /api/admin/matches': () => pending() });
    renderApp('/admin/matches');
    expect(await screen.findByText('Loading matches…')).toHaveAttribute('role', 'status');
  });

  it('lists matches awaiting a result by default: teams, league, kickoff, score or status, games and items waiting', async () => {
    const { fetchMock } = signIn({ 'GET /api/admin/matches': { body: twoMatches } });
    renderApp('/admin/matches');
    const table = await screen.findByRole('table', { name: 'Matches' });
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('awaiting');
    const first = within(table).getByRole('row', { name: /Arsenal vs Chelsea/ });
    expect(within(first).getByRole('link', { name: 'Arsenal vs Chelsea' })).toHaveAttribute(
      'href',
      `/admin/matches/${resultIds.match}`,
    );
    for (const text of ['Premier League', '1 Mar 2025', '17:00', 'No result yet', '2', '2 items']) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    const second = within(table).getByRole('row', { name: /Lyon vs Nice/ });
    for (const text of ['Ligue 1', '28 Feb 2025', '20:45', '2-0', '1', 'None']) {
      expect(within(second).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('2 matches')).toHaveAttribute('role', 'status');
    expect(within(screen.getByRole('list', { name: 'Matches' })).getAllByRole('listitem')).toHaveLength(2);
    expect(matchesUrls(fetchMock)).toEqual(['/api/admin/matches?view=awaiting&page=1&limit=20']);
  });

  it('sends the view, the Lagos day and the search to the API and keeps them in the address', async () => {
    let reply = twoMatches;
    const { fetchMock } = signIn({ 'GET /api/admin/matches': () => ({ body: reply }) });
    const { user } = renderApp('/admin/matches');
    await screen.findByRole('table', { name: 'Matches' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Finished');
    fireEvent.change(screen.getByLabelText('Day (Lagos)'), { target: { value: '2025-02-28' } });
    reply = noMatches;
    await user.type(screen.getByRole('searchbox', { name: 'Search matches' }), 'Lyon{Enter}');
    expect(await screen.findByText('No finished matches match “Lyon” on that day.')).toBeInTheDocument();

    expect(matchesUrls(fetchMock)).toEqual([
      '/api/admin/matches?view=awaiting&page=1&limit=20',
      '/api/admin/matches?view=finished&page=1&limit=20',
      '/api/admin/matches?view=finished&day=2025-02-28&page=1&limit=20',
      '/api/admin/matches?view=finished&q=Lyon&day=2025-02-28&page=1&limit=20',
    ]);
    expect(currentLocation()).toBe('/admin/matches?view=finished&day=2025-02-28&q=Lyon');
  });

  it('says when no match waits for a result, and shows a failure with Retry', async () => {
    let fail = true;
    signIn({
      'GET /api/admin/matches': () =>
        fail
          ? { status: 500, body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' } }
          : { body: noMatches },
    });
    const { user } = renderApp('/admin/matches?view=nonsense');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText(
        'No match is waiting for a result: every game that kicked off over 2 hours ago has its score.',
      ),
    ).toBeInTheDocument();
  });
});

const failure = { status: 500, body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' } };

/** The value under a label of the football data panel. */
function figure(panel: HTMLElement, label: string): string {
  const term = within(panel).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

const panel = () => screen.getByRole('region', { name: 'Football data' });
/** The panel once the lazily loaded screen is there. */
const panelReady = () => screen.findByRole('region', { name: 'Football data' });

describe('football data on the match results', () => {
  it('shows the provider, its leagues, last sync and poll, the calls left and the counts, and opens the matches waiting for you', async () => {
    const { fetchMock } = signIn({ 'GET /api/admin/matches': { body: twoMatches } });
    const { user } = renderApp('/admin/matches');
    expect(await within(await panelReady()).findByText('API-Football')).toBeInTheDocument();
    expect(within(panel()).getByText('Following leagues 39, 399')).toBeInTheDocument();
    expect(figure(panel(), 'Last sync')).toBe('1 Mar 2025, 06:00');
    expect(figure(panel(), 'Last poll')).toBe('1 Mar 2025, 18:31');
    expect(figure(panel(), 'Calls left today')).toBe('7,412 of 7,500');
    expect(figure(panel(), 'Calls left this minute')).toBe('298');
    expect(figure(panel(), 'Linked matches')).toBe('42');
    expect(figure(panel(), 'Live now')).toBe('3');
    expect(within(panel()).queryByText(/Last error/)).not.toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Sync now' })).toBeEnabled();

    await user.click(within(panel()).getByRole('link', { name: '1 match' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/matches?view=waiting-admin'));
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('waiting-admin');
    await waitFor(() =>
      expect(matchesUrls(fetchMock)).toContain('/api/admin/matches?view=waiting-admin&page=1&limit=20'),
    );
  });

  it('shows the provider’s last error with its time, as an error, and calls not known yet', async () => {
    signIn({
      'GET /api/admin/matches': { body: twoMatches },
      'GET /api/admin/football/status': {
        body: providerStatus({
          lastError: 'API-Football refused the key (401): check FOOTBALL_DATA_KEY.',
          lastErrorAt: '2025-03-01T17:20:00.000Z',
          callsLeftToday: null,
          callsPerDay: null,
          callsLeftThisMinute: null,
          lastPollAt: null,
        }),
      },
    });
    renderApp('/admin/matches');
    const error = await within(await panelReady()).findByText(
      'API-Football refused the key (401): check FOOTBALL_DATA_KEY.',
    );
    expect(error.parentElement).toHaveTextContent('Last error · 1 Mar 2025, 18:20');
    expect(figure(panel(), 'Calls left today')).toBe('Not known yet');
    expect(figure(panel(), 'Calls left this minute')).toBe('Not known yet');
    expect(figure(panel(), 'Last poll')).toBe('Never');
  });

  it('says no provider is configured, naming the settings, and offers no sync', async () => {
    signIn({
      'GET /api/admin/matches': { body: twoMatches },
      'GET /api/admin/football/status': { body: noProviderStatus() },
    });
    renderApp('/admin/matches');
    expect(
      await within(await panelReady()).findByText(/No football data provider is configured/),
    ).toHaveTextContent(
      'No football data provider is configured: fixtures and results are typed by admins. To connect one, set FOOTBALL_DATA_PROVIDER (api-football or football-data) and FOOTBALL_DATA_KEY on the server, then restart it.',
    );
    expect(within(panel()).queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
    expect(within(panel()).queryByText('Calls left today')).not.toBeInTheDocument();
  });

  it('Sync now posts once, stays disabled while it runs, toasts the server’s message and refreshes', async () => {
    let finish: (reply: MockReply) => void = () => undefined;
    const { calls } = signIn({
      'GET /api/admin/matches': { body: twoMatches },
      'POST /api/admin/football/sync': () =>
        new Promise<MockReply>((resolve) => {
          finish = resolve;
        }),
    });
    const { user } = renderApp('/admin/matches');
    const sync = await within(await panelReady()).findByRole('button', { name: 'Sync now' });
    await user.click(sync);
    expect(sync).toBeDisabled();
    expect(sync).toHaveAttribute('aria-busy', 'true');
    await user.click(sync);
    finish({
      body: {
        success: true,
        message: footballMessages.synced(12),
        fixtures: 12,
        created: 3,
        linked: 9,
        moved: 1,
      },
    });
    expect(await screen.findByText('Synced 12 fixtures.')).toBeInTheDocument();
    await waitFor(() => expect(sync).toBeEnabled());
    expect(calls.filter((call) => call.path === '/api/admin/football/sync')).toHaveLength(1);
    // The fixtures it read show at once: the status and the list are read again.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/admin/football/status')).toHaveLength(2),
    );
    expect(calls.filter((call) => call.path === '/api/admin/matches').length).toBeGreaterThan(1);
  });

  it('a sync the server refuses toasts its sentence', async () => {
    signIn({
      'GET /api/admin/matches': { body: twoMatches },
      'POST /api/admin/football/sync': {
        status: 422,
        body: { success: false, code: 'BUSINESS_RULE', message: footballMessages.notConfigured },
      },
    });
    const { user } = renderApp('/admin/matches');
    await user.click(await within(await panelReady()).findByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText(footballMessages.notConfigured)).toBeInTheDocument();
  });

  it('a status that cannot be read says so with Retry, and the list still shows', async () => {
    let fail = true;
    signIn({
      'GET /api/admin/matches': { body: twoMatches },
      'GET /api/admin/football/status': () => (fail ? failure : { body: providerStatus() }),
    });
    const { user } = renderApp('/admin/matches');
    expect(await within(await panelReady()).findByRole('alert')).toHaveTextContent(
      'Could not load the football data status. Something went wrong.',
    );
    expect(await screen.findByRole('table', { name: 'Matches' })).toBeInTheDocument();
    fail = false;
    await user.click(within(panel()).getByRole('button', { name: 'Retry' }));
    expect(await within(await panelReady()).findByText('API-Football')).toBeInTheDocument();
  });

  it('says it is loading the status', async () => {
    signIn({
      'GET /api/admin/matches': { body: twoMatches },
      'GET /api/admin/football/status': () => pending(),
    });
    renderApp('/admin/matches');
    expect(await within(await panelReady()).findByText('Loading the football data status…')).toHaveAttribute(
      'role',
      'status',
    );
  });
});

describe('the provider’s side of each match in the list', () => {
  const ids = {
    held: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
    typed: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  };
  const footballMatches: AdminMatchesResponse = {
    success: true,
    matches: [
      liveMatch(),
      waitingMatch({ _id: resultIds.otherMatch, homeTeam: 'Lyon', awayTeam: 'Nice', league: 'Ligue 1' }),
      finishingMatch({
        _id: ids.held,
        homeTeam: 'Roma',
        awayTeam: 'Lazio',
        league: 'Serie A',
        held: true,
        heldReason: 'Checking a late goal',
      }),
      finishingMatch({ _id: ids.typed, homeTeam: 'Enyimba', awayTeam: 'Rangers', league: 'NPFL' }),
      adminMatch({
        _id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f60',
        homeTeam: 'Kano Pillars',
        awayTeam: 'Remo Stars',
      }),
    ],
    ...pageInfo(5),
  };

  it('shows the provider link or who typed it, the live minute and score, holds, the coming result, and what waits for you', async () => {
    signIn({ 'GET /api/admin/matches': { body: footballMatches } });
    renderApp('/admin/matches?view=all');
    const table = await screen.findByRole('table', { name: 'Matches' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Match', 'Kickoff', 'Live', 'Result', 'Games', 'Items waiting']);
    const row = (name: RegExp) => within(table).getByRole('row', { name });

    const live = row(/Arsenal vs Chelsea/);
    expect(within(live).getByText('API-Football #1208099')).toBeInTheDocument();
    expect(within(live).getByText('Live 67′')).toBeInTheDocument();
    expect(within(live).getByText('1-0')).toBeInTheDocument();

    const waiting = row(/Lyon vs Nice/);
    expect(within(waiting).getByText('Full time')).toBeInTheDocument();
    expect(within(waiting).getByText('Waiting for you: record this result')).toBeInTheDocument();
    expect(within(waiting).getByText(disagreement)).toBeInTheDocument();

    const held = row(/Roma vs Lazio/);
    expect(within(held).getByText('Held')).toBeInTheDocument();
    expect(within(held).getByText('Checking a late goal')).toBeInTheDocument();
    expect(
      within(held).getByText('The provider says 2-1: held, so nothing is recorded until you release it.'),
    ).toBeInTheDocument();

    const due = row(/Enyimba vs Rangers/);
    expect(
      within(due).getByText('The provider says 2-1: to be recorded at 19:10 unless you hold it.'),
    ).toBeInTheDocument();
    expect(within(due).queryByText('Held')).not.toBeInTheDocument();

    const typed = row(/Kano Pillars vs Remo Stars/);
    expect(within(typed).getByText('Typed by an admin')).toBeInTheDocument();
    expect(within(typed).queryByText('Not started')).not.toBeInTheDocument();

    // Phones: the same on each card, the waiting reason in its own box.
    const cards = screen.getByRole('list', { name: 'Matches' });
    const card = within(cards).getAllByRole('listitem')[1] as HTMLElement;
    expect(within(card).getByText('Waiting for you: record this result')).toBeInTheDocument();
    expect(within(card).getByText(disagreement)).toBeInTheDocument();
    expect(within(card).getByText('API-Football #1208099')).toBeInTheDocument();
  });

  it('says when no match is waiting for you', async () => {
    signIn({ 'GET /api/admin/matches': { body: noMatches } });
    renderApp('/admin/matches?view=waiting-admin');
    expect(
      await screen.findByText(
        'No match is waiting for you: every result the provider gave was consistent, and none is held.',
      ),
    ).toBeInTheDocument();
  });
});

describe('provider fixtures waiting for an answer', () => {
  const question = {
    _id: 'q_1',
    provider: 'football-data' as const,
    providerId: '537000',
    league: 'Serie A',
    homeTeam: 'Fiorentina',
    awayTeam: 'Bologna',
    kickoff: '2025-03-01T19:45:00.000Z',
    reason: 'Both clubs match, but the kickoffs are 60 minutes apart.',
    createdAt: '2025-03-01T05:00:00.000Z',
    candidates: [
      {
        _id: resultIds.match,
        league: 'Serie A',
        homeTeam: 'ACF Fiorentina',
        awayTeam: 'Bologna FC 1909',
        kickoff: '2025-03-01T18:45:00.000Z',
        games: 3,
      },
    ],
  };

  it('shows each fixture with why it waits and the match it may be, and links it', async () => {
    const { calls } = signInAsAdmin({
      'GET /api/admin/football/status': { body: providerStatus({ linkQuestions: 1 }) },
      'GET /api/admin/matches': { body: noMatches },
      'GET /api/admin/football/link-questions': { body: { success: true, questions: [question] } },
      'POST /api/admin/football/link-questions/q_1/link': {
        body: { success: true, message: footballMessages.linked, matchId: resultIds.match },
      },
    });
    renderApp('/admin/matches');
    const panel = await screen.findByRole('region', { name: 'Provider fixtures waiting for you' });
    const item = within(panel).getByRole('listitem', { name: 'Fiorentina vs Bologna' });
    for (const text of [
      'football-data.org fixture 537000',
      'Both clubs match, but the kickoffs are 60 minutes apart.',
      'ACF Fiorentina vs Bologna FC 1909',
      /3 games on it/,
    ])
      expect(within(item).getByText(text)).toBeInTheDocument();
    fireEvent.click(within(item).getByRole('button', { name: 'Link to ACF Fiorentina vs Bologna FC 1909' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/admin/football/link-questions/q_1/link')?.body).toEqual(
        {
          matchId: resultIds.match,
        },
      ),
    );
    expect(await screen.findByText(footballMessages.linked)).toBeInTheDocument();
  });

  it('registers the fixture as its own match when the admin says it is another', async () => {
    const { calls } = signInAsAdmin({
      'GET /api/admin/football/status': { body: providerStatus({ linkQuestions: 1 }) },
      'GET /api/admin/matches': { body: noMatches },
      'GET /api/admin/football/link-questions': { body: { success: true, questions: [question] } },
      'POST /api/admin/football/link-questions/q_1/register': {
        body: { success: true, message: footballMessages.registered, matchId: 'm_new' },
      },
    });
    renderApp('/admin/matches');
    fireEvent.click(await screen.findByRole('button', { name: 'It is another match: register it' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/admin/football/link-questions/q_1/register')).toBe(
        true,
      ),
    );
    expect(await screen.findByText(footballMessages.registered)).toBeInTheDocument();
  });

  it('is not there, nor asked for, while none waits', async () => {
    const { fetchMock } = signIn({ 'GET /api/admin/matches': { body: noMatches } });
    renderApp('/admin/matches');
    await screen.findByRole('region', { name: 'Football data' });
    expect(
      screen.queryByRole('region', { name: 'Provider fixtures waiting for you' }),
    ).not.toBeInTheDocument();
    expect(requestedUrls(fetchMock)).not.toContain('/api/admin/football/link-questions');
  });
});
