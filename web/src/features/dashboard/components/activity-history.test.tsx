import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activityItem, activityPageAnswer } from '../../../testing/dashboard-fixtures.ts';
import { pending } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { activityPageFrom } from './activity-history.tsx';

const history = () => screen.findByRole('region', { name: 'Activity' });
const titles = (region: HTMLElement) =>
  within(region)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

/** Page N of 25 items (20 a page), each page's items named after it. */
const pages = (_body: unknown, url: URL) => {
  const page = Number(url.searchParams.get('page'));
  const items =
    page === 1
      ? [
          activityItem('p1-a', 1, { title: 'Deposit confirmed' }),
          activityItem('p1-b', 4.5, { title: 'Code bought' }),
        ]
      : [activityItem('p2-a', 72, { title: 'Subscribed to Gold Rollover' })];
  return { body: activityPageAnswer(page, items, 25) };
};

describe('/activity', () => {
  it('reads ?page as a page number, the first for anything else', () => {
    expect(activityPageFrom('?page=3')).toBe(3);
    expect(activityPageFrom('?tab=activity&page=2')).toBe(2);
    for (const search of ['', '?page=0', '?page=-2', '?page=abc', '?page=1.5'])
      expect(activityPageFrom(search)).toBe(1);
  });

  it('shows placeholders under the heading while the first page loads', async () => {
    signedInApi({ 'GET /api/users/activity': () => pending() });
    renderApp('/activity');
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    expect(within(await history()).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('lists the first page newest first and pages on through ?page=', async () => {
    const { calls } = signedInApi({ 'GET /api/users/activity': pages });
    const { user } = renderApp('/activity');
    const region = await history();
    await within(region).findByText('Deposit confirmed');
    expect(titles(region)).toEqual(['Deposit confirmed', 'Code bought']);
    expect(within(region).getAllByRole('listitem')[0]).toHaveTextContent('Description of p1-a');
    expect(within(region).getAllByRole('listitem')[1]).toHaveTextContent('4h ago');
    const nav = within(region).getByRole('navigation', { name: 'Activity pages' });
    expect(nav).toHaveTextContent('Page 1 of 2');
    expect(calls.find((call) => call.path === '/api/users/activity')?.query.toString()).toBe(
      'page=1&limit=20',
    );

    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await within(region).findByText('Subscribed to Gold Rollover');
    expect(currentLocation()).toBe('/activity?page=2');
    expect(nav).toHaveTextContent('Page 2 of 2');
    expect(
      calls.filter((call) => call.path === '/api/users/activity').map((call) => call.query.get('page')),
    ).toEqual(['1', '2']);

    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    await within(region).findByText('Deposit confirmed');
    expect(currentLocation()).toBe('/activity');
  });

  it('opens the page the address names', async () => {
    const { calls } = signedInApi({ 'GET /api/users/activity': pages });
    renderApp('/activity?page=2');
    const region = await history();
    await within(region).findByText('Subscribed to Gold Rollover');
    expect(
      calls.filter((call) => call.path === '/api/users/activity').map((call) => call.query.get('page')),
    ).toEqual(['2']);
  });

  it('moves a page past the end (an old link) to the last page', async () => {
    signedInApi({ 'GET /api/users/activity': pages });
    renderApp('/activity?page=9');
    const region = await history();
    await waitFor(() => expect(currentLocation()).toBe('/activity?page=2'));
    expect(await within(region).findByText('Subscribed to Gold Rollover')).toBeInTheDocument();
  });

  it('says so when there is no activity yet', async () => {
    signedInApi({ 'GET /api/users/activity': { body: activityPageAnswer(1, [], 0) } });
    renderApp('/activity');
    const region = await history();
    expect(await within(region).findByText('No activity yet')).toBeInTheDocument();
    expect(within(region).queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows the error with Retry, which loads the page again', async () => {
    let failing = true;
    signedInApi({
      'GET /api/users/activity': (body, url) =>
        failing
          ? { status: 500, body: { success: false, message: 'Something went wrong.' } }
          : pages(body, url),
    });
    const { user } = renderApp('/activity');
    const region = await history();
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your activity.');
    expect(alert).toHaveTextContent('Something went wrong.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(titles(region)).toEqual(['Deposit confirmed', 'Code bought']));
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  });
});
