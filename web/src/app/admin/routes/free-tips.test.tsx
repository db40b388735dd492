import type { AdminFreeTipsResponse } from '@cashtips/contract/tips';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { pageInfo, requestedUrls, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import { pending } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { adminFreeTip } from '../../../testing/results-fixtures.ts';

afterEach(() => queryClient.clear());

const twoTips: AdminFreeTipsResponse = {
  success: true,
  tips: [
    adminFreeTip(),
    adminFreeTip({
      _id: '6e7f8091-a2b3-4c4d-9e5f-60718293a4b5',
      teams: 'Lyon vs Nice',
      teamA: 'Lyon',
      teamB: 'Nice',
      league: 'Ligue 1',
      kickoff: '2025-02-28T19:45:00.000Z',
      date: '2025-02-28',
      time: '20:45',
      prediction: 'Over 2.5 goals',
      totalOdds: 2,
      confidence: null,
      status: 'Lost',
      result: 'lost',
      score: { home: 1, away: 0 },
      settledAt: '2025-02-28T22:00:00.000Z',
    }),
  ],
  ...pageInfo(2),
};
const noTips: AdminFreeTipsResponse = { success: true, tips: [], ...pageInfo(0) };

const tipsUrls = (fetchMock: Parameters<typeof requestedUrls>[0]) =>
  requestedUrls(fetchMock).filter((url) => url.startsWith('/api/admin/tips?'));

describe('admin free tips list', () => {
  it('says it is loading until the tips arrive', async () => {
    signInAsAdmin({ 'GET /api/admin/tips': () => pending() });
    renderApp('/admin/free-tips');
    expect(await screen.findByText('Loading free tips…')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table', { name: 'Free tips' })).not.toBeInTheDocument();
  });

  it('lists tips with teams, league, Lagos kickoff, prediction, odds, confidence, score and result', async () => {
    signInAsAdmin({ 'GET /api/admin/tips': { body: twoTips } });
    renderApp('/admin/free-tips');
    const table = await screen.findByRole('table', { name: 'Free tips' });
    const first = within(table).getByRole('row', { name: /Arsenal vs Chelsea/ });
    expect(within(first).getByRole('link', { name: 'Arsenal vs Chelsea' })).toHaveAttribute(
      'href',
      `/admin/free-tips/${adminFreeTip()._id}`,
    );
    for (const text of [
      'Premier League',
      'Sat, 1 Mar 2025',
      '17:00',
      'Home win',
      '1.85',
      '75%',
      '—',
      'Pending',
    ]) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    const second = within(table).getByRole('row', { name: /Lyon vs Nice/ });
    for (const text of ['Ligue 1', 'Fri, 28 Feb 2025', '20:45', 'Over 2.5 goals', '2.00', '1-0', 'Lost']) {
      expect(within(second).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('2 tips')).toHaveAttribute('role', 'status');
    // Phones get the same tips as cards.
    const cards = screen.getByRole('list', { name: 'Free tips' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getByText('Sat, 1 Mar 2025 · 17:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New free tip' })).toHaveAttribute(
      'href',
      '/admin/free-tips/new',
    );
  });

  it('sends the result filter and the search to the API and keeps them in the address', async () => {
    let reply = twoTips;
    const { fetchMock } = signInAsAdmin({ 'GET /api/admin/tips': () => ({ body: reply }) });
    const { user } = renderApp('/admin/free-tips');
    await screen.findByRole('table', { name: 'Free tips' });
    reply = noTips;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Result' }), 'Void');
    expect(await screen.findByText('No free tips with these filters.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search free tips' }), 'Arsenal{Enter}');
    expect(await screen.findByText('No free tips match “Arsenal” with these filters.')).toBeInTheDocument();

    expect(tipsUrls(fetchMock)).toEqual([
      '/api/admin/tips?page=1&limit=20',
      '/api/admin/tips?result=void&page=1&limit=20',
      '/api/admin/tips?result=void&q=Arsenal&page=1&limit=20',
    ]);
    expect(currentLocation()).toBe('/admin/free-tips?result=void&q=Arsenal');
  });

  it('reads the page and filter from the address, ignores unknown results and turns pages', async () => {
    const { fetchMock } = signInAsAdmin({
      'GET /api/admin/tips': (_body, url) => ({
        body: { ...twoTips, ...pageInfo(45, Number(url.searchParams.get('page'))) },
      }),
    });
    const { user } = renderApp('/admin/free-tips?result=maybe&page=2');
    await screen.findByRole('table', { name: 'Free tips' });
    expect(screen.getByRole('combobox', { name: 'Result' })).toHaveValue('');
    expect(screen.getByText('45 tips · page 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(tipsUrls(fetchMock)).toContain('/api/admin/tips?page=3&limit=20'));
    expect(tipsUrls(fetchMock)[0]).toBe('/api/admin/tips?page=2&limit=20');
  });

  it('offers the first tip when there are none, and shows a failure with Retry', async () => {
    let fail = true;
    signInAsAdmin({
      'GET /api/admin/tips': () =>
        fail
          ? { status: 500, body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' } }
          : { body: noTips },
    });
    const { user } = renderApp('/admin/free-tips');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No free tips yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New free tip' })).toHaveLength(2);
  });
});
