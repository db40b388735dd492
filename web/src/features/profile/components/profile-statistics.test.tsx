import { NO_SETTLED_CODES, type ProfileStatistics } from '@cashtips/contract/dashboard';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pending } from '../../../testing/mock-api.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const statistics = (overrides: Partial<ProfileStatistics> = {}): ProfileStatistics => ({
  success: true,
  codesBought: 7,
  plansSubscribed: 2,
  spent: { codes: 8500, plans: 6000, total: 14_500 },
  won: 4,
  lost: 2,
  successRate: 66.7,
  ...overrides,
});

async function statisticsBlock() {
  renderApp('/profile');
  // The profile is a route chunk of its own, slow to load the first time on a busy machine.
  const panel = await screen.findByRole('tabpanel', { name: 'Profile' }, { timeout: 15_000 });
  return within(panel).getByRole('region', { name: 'Your statistics' });
}

/** Each figure as 'label: value (hint)'. */
const figures = (block: HTMLElement) =>
  within(block)
    .getAllByRole('term')
    .map((term) => {
      const [value, hint] = Array.from(term.nextElementSibling?.children ?? [], (part) => part.textContent);
      return hint ? `${term.textContent}: ${value} (${hint})` : `${term.textContent}: ${value}`;
    });

describe('profile statistics', () => {
  it('shows purchases, spending, won and lost, the success rate and member since, from the server’s figures', async () => {
    const { calls } = signedInApi({ 'GET /api/users/me/statistics': { body: statistics() } });
    const block = await statisticsBlock();
    await within(block).findByText('9');
    expect(figures(block)).toEqual([
      'Purchases: 9 (7 codes · 2 plans)',
      'Spent: ₦14,500 (₦8,500 codes · ₦6,000 plans)',
      'Won / lost: 4 / 2 (Settled codes)',
      'Success rate: 66.7% (Of your settled codes)',
      'Member since: 1 Jan 2025',
    ]);
    expect(calls.filter((call) => call.path === '/api/users/me/statistics')).toHaveLength(1);
  });

  it('says there is no rate before any of the user’s codes is settled', async () => {
    signedInApi({
      'GET /api/users/me/statistics': {
        body: statistics({ codesBought: 1, plansSubscribed: 0, won: 0, lost: 0, successRate: null }),
      },
    });
    const block = await statisticsBlock();
    await within(block).findByText(NO_SETTLED_CODES);
    expect(figures(block)).toContain(`Success rate: — (${NO_SETTLED_CODES})`);
    expect(figures(block)).toContain('Purchases: 1 (1 code · 0 plans)');
  });

  it('holds each figure’s place while loading', async () => {
    signedInApi({ 'GET /api/users/me/statistics': () => pending() });
    const block = await statisticsBlock();
    expect(within(block).getAllByRole('term')).toHaveLength(5);
    expect(within(block).queryByText('—')).not.toBeInTheDocument();
    expect(within(block).getByText('1 Jan 2025')).toBeInTheDocument();
  });

  it('shows empty values and Retry when the load fails, and the figures once it succeeds', async () => {
    let fail = true;
    signedInApi({
      'GET /api/users/me/statistics': () =>
        fail
          ? { status: 500, body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' } }
          : { body: statistics() },
    });
    const block = await statisticsBlock();
    const alert = await within(block).findByText(
      /^Your statistics could not be loaded\./,
      {},
      { timeout: 8000 },
    );
    expect(figures(block)[0]).toBe('Purchases: —');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(block).findByText('9')).toBeInTheDocument();
    expect(within(block).queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });
});
