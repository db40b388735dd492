import { tipMessages } from '@cashtips/contract/tips';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { bookingCode, listReply } from '../../testing/code-fixtures.ts';
import { mockApi } from '../../testing/mock-api.ts';
import { signedInApi } from '../../testing/money-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { rolloverPlan, subscription, unlockedTip } from '../../testing/rollover-fixtures.ts';
import { freeTip, pastTipsAnswer, recordAnswer, tipRecord } from '../../testing/tip-fixtures.ts';

/*
 * PRODUCT 15: what the demo seeding made (`demo: true`) stays listed, and says so with a "Demo" badge
 * wherever it shows; a real item carries none.
 */

afterEach(() => queryClient.clear());

const demoBadge = (scope: HTMLElement) => within(scope).queryByTestId('demo-badge');

describe('demo content wears a Demo badge', () => {
  it('on booking code cards, and nowhere on a real code', async () => {
    mockApi({
      'GET /api/geo': { body: { success: true, countryCode: 'ng', currency: 'NGN' } },
      'GET /api/booking-codes': listReply([
        bookingCode({ _id: 'demo', teamA: 'Demo FC', games: [], demo: true }),
        bookingCode({ _id: 'real', teamA: 'Real FC', games: [] }),
      ]),
    });
    renderApp('/booking-codes');
    const demo = await screen.findByRole('article', { name: 'Demo FC vs Chelsea' });
    expect(demoBadge(demo)).toHaveTextContent(
      /^Demo: sample content made by the demo, counted in no record$/,
    );
    expect(demoBadge(screen.getByRole('article', { name: 'Real FC vs Chelsea' }))).toBeNull();
  });

  it('on the code page', async () => {
    signedInApi({
      'GET /api/booking-codes/c1': { body: { success: true, code: bookingCode({ _id: 'c1', demo: true }) } },
    });
    renderApp('/booking-codes/c1');
    expect(await screen.findByTestId('demo-badge')).toHaveTextContent(/^Demo/);
  });

  it('on plan cards', async () => {
    signedInApi({
      'GET /api/rollover-plans': {
        body: [rolloverPlan({ demo: true }), rolloverPlan({ _id: 'p2', name: 'Real Plan' })],
      },
      'GET /api/rollover/my-subscriptions': { body: [] },
    });
    renderApp('/rollover-plans');
    expect(demoBadge(await screen.findByRole('article', { name: 'Daily 2 Odds' }))).not.toBeNull();
    expect(demoBadge(screen.getByRole('article', { name: 'Real Plan' }))).toBeNull();
  });

  it('on rollover tips', async () => {
    signedInApi({
      'GET /api/rollover/all': {
        body: [unlockedTip({ demo: true })],
        headers: { 'X-Total-Count': '1', 'X-Total-Pages': '1' },
      },
    });
    renderApp('/rollover');
    expect(demoBadge(await screen.findByRole('article', { name: 'Daily 2 Odds' }))).not.toBeNull();
  });

  it('on My Rollover: the plan subscribed to and its tip', async () => {
    signedInApi({
      'GET /api/rollover/my-subscriptions': { body: [subscription({ demo: true })] },
      'GET /api/rollover/today': { body: [unlockedTip({ demo: true })] },
    });
    renderApp('/my-rollover');
    const card = await screen.findByRole('article', { name: 'Daily 2 Odds' });
    // The plan's badge and its tip's.
    await waitFor(() => expect(within(card).getAllByTestId('demo-badge')).toHaveLength(2));
  });

  it('on free tips', async () => {
    mockApi({
      'GET /api/tips': { body: [freeTip({ demo: true })] },
    });
    renderApp('/free');
    expect(
      demoBadge(
        await screen.findByRole('article', { name: 'Arsenal FC vs Chelsea FC: Over 2.5 goals, Pending' }),
      ),
    ).not.toBeNull();
  });

  it('on past tips, whose record says none is settled while only demo tips are', async () => {
    const settledDemo = freeTip({
      _id: 'd1',
      demo: true,
      status: 'Won',
      result: 'won',
      score: { home: 3, away: 1 },
    });
    mockApi({
      'GET /api/tips/record': {
        body: recordAnswer({
          record: tipRecord({ won: 0, lost: 0, pending: 0, successRate: null, since: null }),
          windows: [
            { days: 30, won: 0, lost: 0, successRate: null },
            { days: 90, won: 0, lost: 0, successRate: null },
          ],
          weeks: [],
        }),
      },
      'GET /api/tips/past': {
        body: pastTipsAnswer([settledDemo], {
          record: tipRecord({ won: 0, lost: 0, pending: 0, successRate: null, since: null }),
        }),
      },
    });
    renderApp('/past-tips');
    const record = await screen.findByRole('region', { name: 'Our record' });
    expect(await within(record).findByText(new RegExp(tipMessages.noSettledTips))).toHaveTextContent(
      tipMessages.demoNotCounted,
    );
    expect(within(record).queryByText(/%/)).toBeNull();
    expect(
      demoBadge(
        await screen.findByRole('article', { name: /Arsenal FC vs Chelsea FC: Over 2.5 goals, Won/ }),
      ),
    ).not.toBeNull();
  });
});
