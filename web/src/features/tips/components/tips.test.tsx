import { addLagosDays, lagosDay } from '@cashtips/contract/lagos-time';
import { tipMessages } from '@cashtips/contract/tips';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { fakeSocketServer } from '../../../testing/fake-socket-server.ts';
import { live, matchEvent } from '../../../testing/match-fixtures.ts';
import { mockApi, pending } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { freeTip, pastTipsAnswer, recordAnswer, tipRecord } from '../../../testing/tip-fixtures.ts';
import { FreeTipsWidget } from './free-tips-widget.tsx';
import { RecordChart } from './record-chart.tsx';

afterEach(() => queryClient.clear());

describe('/free and /free-tips', () => {
  it("shows today's free tips to a visitor with kickoff, pick, odds and status, and the community links", async () => {
    mockApi({
      'GET /api/tips': {
        body: [
          freeTip(),
          freeTip({
            _id: 'f2',
            teams: 'Inter vs Milan',
            league: 'Serie A',
            time: '20:45',
            prediction: 'BTTS',
          }),
        ],
      },
    });
    renderApp('/free');
    const card = await screen.findByRole('article', {
      name: 'Arsenal FC vs Chelsea FC: Over 2.5 goals, Pending',
    });
    expect(within(card).getByText('Premier League')).toBeInTheDocument();
    expect(within(card).getByText('20:00 Lagos time')).toHaveAttribute(
      'datetime',
      '2026-11-24T19:00:00.000Z',
    );
    expect(within(card).getByText('1.72')).toBeInTheDocument();
    expect(within(card).getByText('Pending')).toHaveAttribute('data-status', 'Pending');
    expect(screen.getByRole('article', { name: 'Inter vs Milan: BTTS, Pending' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Telegram community/ })).toHaveAttribute(
      'href',
      'https://t.me/CashTipsNG',
    );
    expect(screen.getByRole('link', { name: /Past tips and our verified record/ })).toHaveAttribute(
      'href',
      '/past-tips',
    );
  });

  it('shows a visitor the match live, and the result and final score once the server has them', async () => {
    let settled = false;
    const { fetchMock } = mockApi({
      'GET /api/tips': () => ({
        body: [
          settled
            ? freeTip({
                status: 'Won',
                result: 'won',
                score: { home: 3, away: 1 },
                live: live('finished', null, [3, 1]),
              })
            : freeTip({ live: live('live', 30, [1, 0]) }),
        ],
      }),
    });
    renderApp('/free');
    const card = await screen.findByRole('article', { name: /Arsenal FC vs Chelsea FC/ });
    expect(within(card).getByText('Live, minute 30, score 1-0')).toBeInTheDocument();
    await waitFor(() => expect(fakeSocketServer.connected()).toHaveLength(1));

    act(() => fakeSocketServer.emit('match', matchEvent('match-1', live('live', 75, [3, 1]))));
    await waitFor(() => expect(within(card).getByText('Live, minute 75, score 3-1')).toBeInTheDocument());

    settled = true;
    act(() => fakeSocketServer.emit('match', matchEvent('match-1', live('finished', null, [3, 1]))));
    await screen.findByRole(
      'article',
      { name: 'Arsenal FC vs Chelsea FC: Over 2.5 goals, Won' },
      { timeout: 4000 },
    );
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/tips'))).toHaveLength(2);
    // The recorded score stands for the live state from here on.
    expect(screen.getByText('3-1').closest('dd')).toHaveTextContent('Final score 3-1');
    expect(card.querySelector('[data-live-status]')).toBeNull();
  });

  it('is the same screen at /free-tips, says so when nothing is posted, and retries a failed load', async () => {
    let fail = true;
    mockApi({
      'GET /api/tips': () =>
        fail ? { status: 503, body: { success: false, message: 'Try again soon.' } } : { body: [] },
    });
    const { user } = renderApp('/free-tips');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load today’s free tips');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(tipMessages.noFreeTipsToday)).toBeInTheDocument();
  });

  it('shows skeletons while loading', async () => {
    mockApi({ 'GET /api/tips': pending });
    renderApp('/free');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });
});

describe('/past-tips', () => {
  it('shows the record from settled results, the weekly chart and each tip with its status colour', async () => {
    mockApi({
      'GET /api/tips/record': { body: recordAnswer() },
      'GET /api/tips/past': {
        body: pastTipsAnswer([
          freeTip({
            _id: 'w',
            status: 'Won',
            result: 'won',
            score: { home: 3, away: 1 },
            date: '2026-11-20',
          }),
          freeTip({
            _id: 'l',
            teams: 'Inter vs Milan',
            status: 'Lost',
            result: 'lost',
            score: { home: 0, away: 0 },
          }),
          freeTip({ _id: 'p', teams: 'PSG vs Lyon', status: 'Pending', date: '2026-11-22' }),
        ]),
      },
    });
    const { user } = renderApp('/past-tips');
    const record = await screen.findByRole('region', { name: 'Our record' });
    const rate = (await within(record).findByText('Success rate')).parentElement as HTMLElement;
    expect(within(rate).getByText('75%')).toBeInTheDocument();
    const terms = within(record)
      .getAllByRole('term')
      .map((term) => term.parentElement?.textContent);
    expect(terms).toEqual(['Success rate75%', 'Won6', 'Lost2', 'Pending1']);
    expect(within(record).getByText('Last 30 days:', { exact: false })).toBeInTheDocument();
    expect(within(record).getByText('80%')).toBeInTheDocument();
    // Too few settled for a return: it says when it shows, with the sample so far.
    expect(record).toHaveTextContent(
      'The return at the published odds shows from 30 settled tips (8 so far).',
    );
    expect(
      within(record).getByRole('img', {
        name: /Running success rate by week: 100% in the week of 5 Oct 2026/,
      }),
    ).toBeInTheDocument();
    await user.click(within(record).getByText('Show the numbers'));
    expect(within(record).getAllByRole('row')).toHaveLength(4);

    const won = screen.getByRole('article', { name: 'Arsenal FC vs Chelsea FC: Over 2.5 goals, Won' });
    expect(within(won).getByText('Won')).toHaveAttribute('data-status', 'Won');
    expect(within(won).getByText('3-1')).toBeInTheDocument();
    expect(within(won).getByText(/Fri, 20 Nov 2026/)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Inter vs Milan: Over 2.5 goals, Lost' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'PSG vs Lyon: Over 2.5 goals, Pending' })).toBeInTheDocument();
  });

  it('gives the return at the published odds with its interval and sample, and the closing-line value', async () => {
    mockApi({
      'GET /api/tips/record': {
        body: recordAnswer({
          record: tipRecord({
            won: 30,
            lost: 14,
            pending: 0,
            successRate: 68.2,
            since: '2026-09-01',
            roi: 4.2,
            roiLow: -10.1,
            roiHigh: 18.5,
            clv: 1.3,
            clvCount: 32,
          }),
        }),
      },
      'GET /api/tips/past': { body: pastTipsAnswer([]) },
    });
    renderApp('/past-tips');
    const record = await screen.findByRole('region', { name: 'Our record' });
    await waitFor(() =>
      expect(record).toHaveTextContent(
        'A unit staked on each of the 44 settled tips at its published odds returned +4.2% (90% interval −10.1% to +18.5%). Against the closing market, the published odds were +1.3% over 32 priced tips.',
      ),
    );
  });

  it("says 'No past tips available' and 'New' before there is a record", async () => {
    mockApi({
      'GET /api/tips/record': {
        body: recordAnswer({
          record: tipRecord({ won: 0, lost: 0, pending: 0, successRate: null, since: null }),
          windows: [],
          weeks: [],
        }),
      },
      'GET /api/tips/past': { body: pastTipsAnswer([]) },
    });
    renderApp('/past-tips');
    expect(await screen.findByText(tipMessages.noPastTips)).toBeInTheDocument();
    expect(await screen.findByText('New')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Running success rate/ })).not.toBeInTheDocument();
  });

  it("says a model pick's probability is the model's at posting, and says nothing of the kind for an admin's own pick", async () => {
    mockApi({
      'GET /api/tips/record': { body: recordAnswer() },
      'GET /api/tips/past': {
        body: pastTipsAnswer([
          freeTip({
            _id: 'model',
            teams: 'Inter vs Milan',
            prediction: 'Home win',
            status: 'Won',
            result: 'won',
            modelProbability: 0.567,
            note: 'Inter unbeaten at home.',
          }),
          freeTip({ _id: 'human', teams: 'PSG vs Lyon', modelProbability: null }),
        ]),
      },
    });
    renderApp('/past-tips');
    const model = await screen.findByRole('article', { name: 'Inter vs Milan: Home win, Won' });
    expect(
      within(model).getByText('Inter unbeaten at home. · Model’s probability at posting: 57%'),
    ).toBeInTheDocument();
    const human = screen.getByRole('article', { name: 'PSG vs Lyon: Over 2.5 goals, Pending' });
    expect(within(human).queryByText(/probability/i)).not.toBeInTheDocument();
  });

  it('pages through past tips', async () => {
    const { calls } = mockApi({
      'GET /api/tips/record': { body: recordAnswer() },
      'GET /api/tips/past': (_body, url) =>
        url.searchParams.get('page') === '2'
          ? {
              body: pastTipsAnswer([freeTip({ _id: 'old', teams: 'Older vs Match' })], {
                page: 2,
                totalPages: 2,
              }),
            }
          : { body: pastTipsAnswer([freeTip()], { totalPages: 2 }) },
    });
    const { user } = renderApp('/past-tips');
    await screen.findByRole('article', { name: /Arsenal FC vs Chelsea FC/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: /Older vs Match/ })).toBeInTheDocument();
    expect(
      calls.filter((call) => call.path === '/api/tips/past').map((call) => call.query.get('page')),
    ).toEqual(['1', '2']);
  });
});

describe('dashboard Free Tips Today widget', () => {
  function renderWidget(compact: boolean) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <FreeTipsWidget compact={compact} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  const today = lagosDay(new Date());
  const todaysTips = [
    freeTip({ _id: 'a', date: today, kickoff: `${today}T15:00:00.000Z` }),
    freeTip({
      _id: 'b',
      teams: 'Inter vs Milan',
      prediction: 'BTTS',
      date: today,
      kickoff: `${today}T19:45:00.000Z`,
    }),
  ];
  const rowTexts = (widget: HTMLElement) =>
    within(widget)
      .getAllByRole('listitem')
      .map((row) => row.textContent);

  it("lists today's free tips (2, 1 compact) with their Lagos kickoff, and links past tips and the community", async () => {
    const { calls } = mockApi({ 'GET /api/tips': { body: todaysTips } });
    const { unmount } = renderWidget(false);
    const widget = await screen.findByRole('region', { name: 'Free Tips Today' });
    await waitFor(() => expect(within(widget).getAllByRole('listitem')).toHaveLength(2));
    expect(rowTexts(widget)).toEqual([
      'Arsenal FC vs Chelsea FC16:00 Lagos time · Over 2.5 goals · 1.72 oddsPending',
      'Inter vs Milan20:45 Lagos time · BTTS · 1.72 oddsPending',
    ]);
    expect(within(widget).queryByRole('heading', { name: 'Latest results' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).not.toContain('/api/tips/past');
    expect(calls[0]?.query.get('type')).toBe('free');
    expect(within(widget).getByRole('link', { name: /Past tips/ })).toHaveAttribute('href', '/past-tips');
    expect(within(widget).getByRole('link', { name: /Telegram community/ })).toBeInTheDocument();
    unmount();
    renderWidget(true);
    const compact = await screen.findByRole('region', { name: 'Free Tips Today' });
    await waitFor(() => expect(within(compact).getAllByRole('listitem')).toHaveLength(1));
  });

  it('on a day without free tips says so, and shows the latest results under a heading of their own with their dates', async () => {
    const { calls } = mockApi({
      'GET /api/tips': { body: [] },
      'GET /api/tips/past': {
        body: pastTipsAnswer([
          freeTip({ _id: 'a', status: 'Won', result: 'won' }),
          freeTip({ _id: 'b', teams: 'Inter vs Milan', status: 'Lost', result: 'lost', date: '2026-11-23' }),
        ]),
      },
    });
    renderWidget(false);
    const widget = await screen.findByRole('region', { name: 'Free Tips Today' });
    expect(await within(widget).findByText(tipMessages.noFreeTipsToday)).toBeInTheDocument();
    const latest = await within(widget).findByRole('region', { name: 'Latest results' });
    await waitFor(() => expect(within(latest).getAllByRole('listitem')).toHaveLength(2));
    expect(rowTexts(latest)).toEqual([
      'Arsenal FC vs Chelsea FCTue, 24 Nov 2026 · Over 2.5 goals · 1.72 oddsWon',
      'Inter vs MilanMon, 23 Nov 2026 · Over 2.5 goals · 1.72 oddsLost',
    ]);
    expect(calls.find((call) => call.path === '/api/tips/past')?.query.get('limit')).toBe('2');
  });

  it('never lists yesterday’s tips as today’s, even from a list fetched before midnight', async () => {
    mockApi({
      'GET /api/tips': { body: [freeTip({ date: addLagosDays(lagosDay(new Date()), -1) })] },
      'GET /api/tips/past': { body: pastTipsAnswer([]) },
    });
    renderWidget(false);
    const widget = await screen.findByRole('region', { name: 'Free Tips Today' });
    expect(await within(widget).findByText(tipMessages.noFreeTipsToday)).toBeInTheDocument();
    const latest = await within(widget).findByRole('region', { name: 'Latest results' });
    expect(await within(latest).findByText(tipMessages.noPastTips)).toBeInTheDocument();
  });

  it('is on the signed-in dashboard', async () => {
    signedInApi({ 'GET /api/tips': { body: todaysTips } });
    renderApp('/dashboard');
    // The widgets are a chunk of their own, loaded after the greeting.
    const widget = await screen.findByRole('region', { name: 'Free Tips Today' }, { timeout: 15_000 });
    expect(await within(widget).findByText('Inter vs Milan')).toBeInTheDocument();
  });
});

describe('record chart', () => {
  it('draws nothing with fewer than two weeks of results', () => {
    const { container } = render(
      <RecordChart weeks={[{ week: '2026-11-16', won: 1, lost: 0, runningRate: 100 }]} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
