import type { ToSettleResponse } from '@cashtips/contract/matches';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { pageInfo, requestedUrls, signInAsAdmin } from '../../../testing/admin-fixtures.ts';
import { pending } from '../../../testing/mock-api.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { adminFreeTip, resultIds, waitingCode, waitingFreeTip } from '../../../testing/results-fixtures.ts';

afterEach(() => queryClient.clear());

const queue = (items: ToSettleResponse['items']): ToSettleResponse => ({
  success: true,
  items,
  ...pageInfo(items.length),
});

const queueUrls = (fetchMock: Parameters<typeof requestedUrls>[0]) =>
  requestedUrls(fetchMock).filter((url) => url.startsWith('/api/admin/to-settle'));

describe('admin to-settle queue', () => {
  it('says it is loading until the queue arrives', async () => {
    signInAsAdmin({ 'GET /api/admin/to-settle': () => pending() });
    renderApp('/admin/to-settle');
    expect(await screen.findByText('Loading the queue…')).toHaveAttribute('role', 'status');
  });

  it('lists each waiting item with its kind and what each game waits for: a score or a hand', async () => {
    signInAsAdmin({ 'GET /api/admin/to-settle': { body: queue([waitingCode(), waitingFreeTip()]) } });
    renderApp('/admin/to-settle');
    const list = await screen.findByRole('list', { name: 'Items to settle' });
    expect(screen.getByText('2 items wait')).toBeInTheDocument();
    const [code, free] = within(list).getAllByRole('article');

    expect(within(code!).getByText('Booking code')).toBeInTheDocument();
    expect(within(code!).getByRole('heading', { name: 'SportyBet code at 12.50 odds' })).toBeInTheDocument();
    expect(within(code!).getByRole('link', { name: 'SportyBet code at 12.50 odds' })).toHaveAttribute(
      'href',
      `/admin/booking-codes/${resultIds.code}`,
    );
    expect(within(code!).getByText('Last game kicked off 1 Mar 2025, 20:45')).toBeInTheDocument();
    const games = within(code!).getByRole('list', { name: 'Games of SportyBet code at 12.50 odds' });
    const [waitsForScore, waitsForHand] = within(games).getAllByRole('listitem');
    expect(waitsForScore).toHaveTextContent('Home win · read as Arsenal to win');
    expect(
      within(waitsForScore!).getByRole('link', { name: 'Enter the score of Arsenal vs Chelsea' }),
    ).toHaveAttribute('href', `/admin/matches/${resultIds.match}`);
    expect(waitsForHand).toHaveTextContent('Over 9.5 corners · settled by hand');
    expect(waitsForHand).toHaveTextContent('Score 1-1: settle by hand');
    expect(within(waitsForHand!).getByRole('link', { name: 'Lyon vs Nice' })).toHaveAttribute(
      'href',
      `/admin/matches/${resultIds.otherMatch}`,
    );
    expect(code).toHaveTextContent('Enter the missing score, then settle what is left by hand.');

    expect(within(free!).getByText('Free tip')).toBeInTheDocument();
    expect(within(free!).getByRole('heading', { name: 'Lyon vs Nice' })).toBeInTheDocument();
    expect(free).toHaveTextContent(
      'Its scores are in, but not every pick is read from a score: settle it by hand.',
    );
  });

  it('settles an item by hand through its kind’s endpoint, then drops it from the queue', async () => {
    let settled = false;
    const { calls } = signInAsAdmin({
      'GET /api/admin/to-settle': () => ({
        body: queue(settled ? [waitingCode()] : [waitingCode(), waitingFreeTip()]),
      }),
      [`POST /api/admin/tips/${resultIds.freeTip}/settle`]: () => {
        settled = true;
        return { body: { success: true, tip: adminFreeTip({ result: 'lost', status: 'Lost' }) } };
      },
    });
    const { user } = renderApp('/admin/to-settle');
    const list = await screen.findByRole('list', { name: 'Items to settle' });
    const free = within(list).getAllByRole('article')[1]!;
    await user.click(within(free).getByRole('button', { name: 'Settle the free tip Lyon vs Nice as Lost' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Settle the free tip Lyon vs Nice as Lost?' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason \(optional/ }),
      'Lacazette did not start',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Settle as Lost' }));

    const message = await screen.findByText('The free tip Lyon vs Nice settled as Lost.');
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(1));
    expect(message.closest('[tabindex="-1"]')).toHaveFocus();
    expect(screen.getByText('1 item waits')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.method === 'POST').map((call) => ({ path: call.path, body: call.body })),
    ).toEqual([
      {
        path: `/api/admin/tips/${resultIds.freeTip}/settle`,
        body: { result: 'lost', reason: 'Lacazette did not start' },
      },
    ]);
  });

  it('settles a booking code through the booking codes endpoint, and shows a refusal on its card', async () => {
    const { calls } = signInAsAdmin({
      'GET /api/admin/to-settle': { body: queue([waitingCode()]) },
      [`POST /api/admin/booking-codes/${resultIds.code}/settle`]: {
        status: 500,
        body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' },
      },
    });
    const { user } = renderApp('/admin/to-settle');
    const card = (await screen.findAllByRole('article'))[0]!;
    await user.click(
      within(card).getByRole('button', { name: 'Settle the SportyBet code at 12.50 odds as Void' }),
    );
    await user.click(
      within(
        screen.getByRole('alertdialog', { name: 'Settle the SportyBet code at 12.50 odds as Void?' }),
      ).getByRole('button', { name: 'Settle as Void' }),
    );
    expect(await within(card).findByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      [`/api/admin/booking-codes/${resultIds.code}/settle`, { result: 'void' }],
    ]);
  });

  it('filters by kind through the address', async () => {
    const { fetchMock } = signInAsAdmin({ 'GET /api/admin/to-settle': { body: queue([waitingCode()]) } });
    const { user } = renderApp('/admin/to-settle');
    await screen.findByRole('list', { name: 'Items to settle' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Booking codes');
    await waitFor(() => expect(currentLocation()).toBe('/admin/to-settle?kind=code'));
    await waitFor(() =>
      expect(queueUrls(fetchMock)).toEqual([
        '/api/admin/to-settle?page=1&limit=20',
        '/api/admin/to-settle?kind=code&page=1&limit=20',
      ]),
    );
  });

  it('says when nothing waits, and shows a failure with Retry', async () => {
    let fail = true;
    signInAsAdmin({
      'GET /api/admin/to-settle': () =>
        fail
          ? { status: 503, body: { success: false, code: 'UNAVAILABLE', message: 'The database is busy.' } }
          : { body: queue([]) },
    });
    const { user } = renderApp('/admin/to-settle');
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is busy.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText(
        'Nothing waits to be settled. An item joins this queue when it is still pending 2 hours after its last game kicked off.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the match results' })).toHaveAttribute(
      'href',
      '/admin/matches',
    );
  });
});
