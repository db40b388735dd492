import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { communityAnswer, communityEvent } from '../../../testing/dashboard-fixtures.ts';
import { pending } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const widget = () => screen.findByRole('region', { name: 'Community' });

const feed = [
  communityEvent('e1', 0.2, { kind: 'win', name: 'Tunde A.', text: 'won with a 3.10 odds booking code' }),
  communityEvent('e2', 2, { kind: 'subscription', name: 'Chioma E.', text: 'subscribed to Gold Rollover' }),
  communityEvent('e3', 30, { kind: 'purchase', name: 'Ada O.', text: 'bought a 5.20 odds booking code' }),
  communityEvent('e4', 50, { name: 'Bola K.', text: 'bought a 2.05 odds booking code' }),
];
const topReferrers = [
  { rank: 1, name: 'Ngozi U.', referrals: 12 },
  { rank: 2, name: 'Emeka O.', referrals: 7 },
  { rank: 3, name: 'Funmi A.', referrals: 1 },
  { rank: 4, name: 'Segun B.', referrals: 1 },
];

/** The text of each row: the feed is a list, the ranking an ordered list. */
const lists = (region: HTMLElement) => {
  const rows = (list: HTMLElement | null) =>
    list
      ? within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent)
      : [];
  return { feed: rows(region.querySelector('ul')), ranks: rows(region.querySelector('ol')) };
};

describe('Community widget', () => {
  it('shows placeholders while the community loads', async () => {
    signedInApi({ 'GET /api/community': () => pending() });
    renderApp('/dashboard');
    const region = await widget();
    expect(within(region).getAllByRole('status', { name: 'Loading' })).toHaveLength(2);
  });

  it("shows who did what and when, with each kind's name, and this month's top referrers", async () => {
    signedInApi({ 'GET /api/community': { body: communityAnswer(feed, topReferrers) } });
    renderApp('/dashboard');
    const region = await widget();
    await within(region).findByText('Tunde A.');
    expect(lists(region).feed).toEqual([
      'Win:Tunde A. won with a 3.10 odds booking codeJust now',
      'Subscription:Chioma E. subscribed to Gold Rollover2h ago',
      'Purchase:Ada O. bought a 5.20 odds booking codeYesterday',
      expect.stringMatching(/^Purchase:Bola K\. bought a 2\.05 odds booking code\d+ \w+ \d{4}$/),
    ]);
    expect(within(region).getByRole('heading', { name: 'Top referrers this month' })).toBeInTheDocument();
    expect(lists(region).ranks).toEqual([
      'Rank 1Ngozi U.12 referrals',
      'Rank 2Emeka O.7 referrals',
      'Rank 3Funmi A.1 referral',
      'Rank 4Segun B.1 referral',
    ]);
    expect(within(region).getByRole('link', { name: 'Hide me from the community feed' })).toHaveAttribute(
      'href',
      '/profile?tab=preferences',
    );
  });

  it('shows the empty texts when nobody did anything yet', async () => {
    signedInApi({ 'GET /api/community': { body: communityAnswer([], []) } });
    renderApp('/dashboard');
    const region = await widget();
    expect(await within(region).findByText('No community activity yet')).toBeInTheDocument();
    expect(within(region).getByText('No referrals this month yet')).toBeInTheDocument();
  });

  it('shows the first three of each when compact', async () => {
    window.localStorage.setItem(storageKeys.dashboardCompact, '1');
    signedInApi({ 'GET /api/community': { body: communityAnswer(feed, topReferrers) } });
    renderApp('/dashboard');
    const region = await widget();
    await within(region).findByText('Tunde A.');
    expect(lists(region).feed).toHaveLength(3);
    expect(lists(region).ranks).toHaveLength(3);
    expect(within(region).queryByText('Bola K.')).not.toBeInTheDocument();
    expect(within(region).queryByText('Segun B.')).not.toBeInTheDocument();
  });
});
