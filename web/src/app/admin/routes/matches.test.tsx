import type { AdminMatchesResponse } from '@cashtips/contract/matches';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { pageInfo, requestedUrls, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import { pending } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { adminMatch, resultIds } from '../../../testing/results-fixtures.ts';

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

const matchesUrls = (fetchMock: Parameters<typeof requestedUrls>[0]) =>
  requestedUrls(fetchMock).filter((url) => url.startsWith('/api/admin/matches?'));

describe('admin match results list', () => {
  it('says it is loading until the matches arrive', async () => {
    signInAsAdmin({ 'GET /api/admin/matches': () => pending() });
    renderApp('/admin/matches');
    expect(await screen.findByText('Loading matches…')).toHaveAttribute('role', 'status');
  });

  it('lists matches awaiting a result by default: teams, league, kickoff, score or status, games and items waiting', async () => {
    const { fetchMock } = signInAsAdmin({ 'GET /api/admin/matches': { body: twoMatches } });
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
    const { fetchMock } = signInAsAdmin({ 'GET /api/admin/matches': () => ({ body: reply }) });
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
    signInAsAdmin({
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
