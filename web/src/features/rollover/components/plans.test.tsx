import { rolloverMessages } from '@cashtips/contract/rollover';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { currentLocation, renderApp } from '../../../testing/render-app.tsx';
import { rolloverPlan, subscription } from '../../../testing/rollover-fixtures.ts';

afterEach(() => queryClient.clear());

const card = (name: string) => screen.getByRole('article', { name });
/** Each day of a card's rollover as 'day stake returns', e.g. '1₦1,000₦2,000'. */
const dayRows = (article: HTMLElement) =>
  within(within(article).getByRole('list', { name: /^Rollover of / }))
    .getAllByRole('listitem')
    .map((row) => (row.firstElementChild?.textContent ?? '').replace(/^Day /, '').replace(' → ', ''));
/** The sentences a card explains its rollover with, day by day. */
const dayExplanations = (article: HTMLElement) =>
  within(within(article).getByRole('list', { name: /^Rollover of / }))
    .getAllByRole('listitem')
    .map((row) => row.lastElementChild?.textContent);

describe('/subscribe', () => {
  it('works out the first 3 days of each plan from one stake, with the chance a whole run wins', async () => {
    const { calls } = signedInApi({
      'GET /api/rollover-plans': {
        body: [rolloverPlan(), rolloverPlan({ _id: 'p2', name: 'Weekend 5 Odds', odds: 5, duration: 3 })],
      },
      'GET /api/rollover/my-subscriptions': { body: [] },
    });
    const { user } = renderApp('/subscribe');
    await screen.findByRole('article', { name: 'Daily 2 Odds' });
    const stake = screen.getByRole('spinbutton', { name: 'Your stake (₦)' });
    expect(stake).toHaveValue(1000);
    expect(stake).toHaveAttribute('min', '100');
    expect(stake).toHaveAttribute('step', '100');
    // Day 1 wins 1,000 × 2; the first stake comes back out; the rest rolls on.
    expect(dayRows(card('Daily 2 Odds'))).toEqual(['1₦1,000₦2,000', '2₦1,000₦2,000', '3₦2,000₦4,000']);
    expect(dayRows(card('Weekend 5 Odds'))).toEqual(['1₦1,000₦5,000', '2₦4,000₦20,000', '3₦20,000₦100,000']);
    expect(within(card('Daily 2 Odds')).getByText(/1 in 1,024 chance all 10 days win/)).toBeInTheDocument();
    expect(within(card('Weekend 5 Odds')).getByText(/1 in 125 chance all 3 days win/)).toBeInTheDocument();
    expect(within(card('Weekend 5 Odds')).getByText('Popular')).toBeInTheDocument();
    expect(within(card('Weekend 5 Odds')).getByText('Medium Risk')).toBeInTheDocument();

    await user.clear(stake);
    await user.type(stake, '500');
    expect(dayRows(card('Daily 2 Odds'))).toEqual(['1₦500₦1,000', '2₦500₦1,000', '3₦1,000₦2,000']);
    await user.clear(stake);
    await user.type(stake, '40');
    expect(stake).toHaveAccessibleDescription(/smallest stake is ₦100/);
    expect(dayRows(card('Daily 2 Odds'))[0]).toBe('1₦100₦200');

    expect(within(card('Daily 2 Odds')).getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute(
      'href',
      '/subscribe/p1',
    );
    expect(calls.some((call) => call.path === '/api/rollover-plans')).toBe(true);
  });

  it('explains each day beside its figures: the stake kept back after day 1, the profit rolling, and the total', async () => {
    signedInApi({
      'GET /api/rollover-plans': {
        body: [
          rolloverPlan({ name: 'Daily 1.5 Odds', odds: 1.5, duration: 7 }),
          rolloverPlan({ _id: 'p2', name: 'One Day Banker', odds: 1.5, duration: 1 }),
        ],
      },
      'GET /api/rollover/my-subscriptions': { body: [] },
    });
    renderApp('/subscribe');
    const plan = await screen.findByRole('article', { name: 'Daily 1.5 Odds' });
    expect(dayRows(plan)).toEqual(['1₦1,000₦1,500', '2₦500₦750', '3₦750₦1,125']);
    expect(dayExplanations(plan)).toEqual([
      "Stake ₦1,000 at 1.50 returns ₦1,500. You keep your ₦1,000 stake back; the ₦500 profit rolls over as day 2's stake.",
      "Stake ₦500 at 1.50 returns ₦750, all of it rolling over as day 3's stake.",
      "Stake ₦750 at 1.50 returns ₦1,125, all of it rolling over as day 4's stake.",
    ]);
    expect(
      within(plan).getByText(/^After 3 days, if each wins: your ₦1,000 stake back plus/),
    ).toHaveTextContent('After 3 days, if each wins: your ₦1,000 stake back plus ₦1,125.');
    expect(
      within(plan).getByText(/^Lose on day 1 and your ₦1,000 stake is lost; lose on a later day/),
    ).toBeInTheDocument();

    const oneDay = card('One Day Banker');
    expect(dayExplanations(oneDay)).toEqual([
      'Stake ₦1,000 at 1.50 returns ₦1,500: your ₦1,000 stake back and ₦500 profit.',
    ]);
    expect(within(oneDay).getByText(/^After 1 day, if it wins/)).toHaveTextContent(
      'After 1 day, if it wins: your ₦1,000 stake back plus ₦500.',
    );
    expect(within(oneDay).getByText('If it loses, your ₦1,000 stake is lost.')).toBeInTheDocument();
  });

  it('marks a plan the user has as Already Subscribed and a full one as full', async () => {
    signedInApi({
      'GET /api/rollover-plans': {
        body: [rolloverPlan(), rolloverPlan({ _id: 'p2', name: 'Full House', slotLimit: 20, slotsLeft: 0 })],
      },
      'GET /api/rollover/my-subscriptions': { body: [subscription()] },
    });
    renderApp('/subscribe');
    await waitFor(() =>
      expect(
        within(card('Daily 2 Odds')).getByRole('button', { name: rolloverMessages.alreadySubscribedButton }),
      ).toBeDisabled(),
    );
    expect(
      within(card('Full House')).getByRole('button', { name: rolloverMessages.planFull }),
    ).toBeDisabled();
    expect(within(card('Full House')).getByTestId('plan-take-up')).toHaveTextContent('Full');
  });

  it("says 'No plans available' when there are none", async () => {
    signedInApi({
      'GET /api/rollover-plans': { body: [] },
      'GET /api/rollover/my-subscriptions': { body: [] },
    });
    renderApp('/subscribe');
    expect(await screen.findByText(rolloverMessages.noPlans)).toBeInTheDocument();
  });
});

describe('/rollover-plans', () => {
  it('lists slots, odds, price, duration and daily posts, with the fullness badge at 50, 75 and 90 %', async () => {
    signedInApi({
      'GET /api/rollover-plans': {
        body: [
          rolloverPlan({ _id: 'a', name: 'Half', slotLimit: 100, slotsLeft: 50 }),
          rolloverPlan({ _id: 'b', name: 'Fast', slotLimit: 100, slotsLeft: 20, postLimit: 2 }),
          rolloverPlan({ _id: 'c', name: 'Nearly', slotLimit: 100, slotsLeft: 9 }),
          rolloverPlan({ _id: 'd', name: 'Open', slotLimit: null, slotsLeft: null, successRate: null }),
          rolloverPlan({ _id: 'e', name: 'Quiet', slotLimit: 100, slotsLeft: 51 }),
        ],
      },
      'GET /api/rollover/my-subscriptions': { body: [] },
    });
    renderApp('/rollover-plans');
    await screen.findByRole('article', { name: 'Half' });
    expect(within(card('Half')).getByText('Half full · 50%')).toBeInTheDocument();
    expect(within(card('Fast')).getByText('Filling fast · 80%')).toBeInTheDocument();
    expect(within(card('Nearly')).getByText('Almost full · 91%')).toBeInTheDocument();
    expect(within(card('Quiet')).queryByText(/full ·|fast ·/)).not.toBeInTheDocument();
    expect(within(card('Fast')).getByTestId('plan-take-up')).toHaveTextContent('20 of 100 slots left');
    expect(within(card('Open')).getByTestId('plan-take-up')).toHaveTextContent(/^40 subscribers$/);
    expect(within(card('Open')).getByText(/^Record/)).toHaveTextContent(/^Record: New$/);
    expect(within(card('Fast')).getByText(/^Record/)).toHaveTextContent(
      /^Record: 80% won \(10 settled tips\)$/,
    );
    expect(within(card('Fast')).getByText('Daily posts').nextSibling).toHaveTextContent('2');
    expect(within(card('Fast')).getByText('Price').nextSibling).toHaveTextContent('₦5,000');
    expect(within(card('Fast')).getByText('Duration').nextSibling).toHaveTextContent('10 days');
    expect(within(card('Fast')).getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
      'href',
      '/subscribe/b',
    );
    // The plain list has no calculator.
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });
});

describe('plan figures', () => {
  it('shows a limited plan by its real slots and never beside a subscriber count that disagrees', async () => {
    signedInApi({
      // 38 shown subscribers are all the admin's extra: they take no slot, so all 100 are left.
      'GET /api/rollover-plans': {
        body: [rolloverPlan({ name: 'Shown Extra', slotLimit: 100, slotsLeft: 100, subscriberCount: 38 })],
      },
      'GET /api/rollover/my-subscriptions': { body: [] },
    });
    renderApp('/rollover-plans');
    const plan = await screen.findByRole('article', { name: 'Shown Extra' });
    expect(within(plan).getByTestId('plan-take-up')).toHaveTextContent(/^100 of 100 slots left$/);
    expect(plan).not.toHaveTextContent(/subscriber/);
  });
});

describe('/subscribe/:id', () => {
  const planRoute = { 'GET /api/rollover/plans/p1': { body: { success: true, plan: rolloverPlan() } } };

  /** Picks the bonus wallet in the confirmation and pays; the server's refusal ('Boom') shows in it. */
  async function payFromBonus(
    user: ReturnType<typeof renderApp>['user'],
    dialog: HTMLElement,
    calls: ReturnType<typeof signedInApi>['calls'],
  ) {
    await user.click(within(dialog).getByRole('radio', { name: /Bonus Wallet/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦5,000 from Bonus Wallet' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        planId: 'p1',
        walletType: 'bonus',
      }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Boom');
  }

  it('asks first: what is paid, from which wallet, the balance before and after; then pays and goes to My Rollover', async () => {
    const { calls } = signedInApi(
      {
        ...planRoute,
        'GET /api/rollover/my-subscriptions': { body: [] },
        'POST /api/rollover-subscribe': {
          body: {
            success: true,
            message: rolloverMessages.subscribed('Daily 2 Odds'),
            subscription: subscription({ currentDay: 1, daysLeft: 10 }),
            mainWallet: 1000,
            bonusWallet: 9000,
          },
        },
      },
      { mainWallet: 6000, bonusWallet: 9000 },
    );
    const { user } = renderApp('/subscribe/p1');
    expect(await screen.findByRole('heading', { name: 'Daily 2 Odds', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Paid from your Main Wallet/)).toHaveTextContent('(balance ₦6,000)');
    await user.click(screen.getByRole('button', { name: 'Subscribe for ₦5,000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Daily 2 Odds' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(dialog).toHaveTextContent('You pay₦5,000');
    const main = within(dialog).getByRole('radio', { name: /Main Wallet/ });
    expect(main).toBeChecked();
    expect(main.closest('label')).toHaveTextContent('Balance ₦6,000 → ₦1,000 after');
    expect(
      within(dialog)
        .getByRole('radio', { name: /Bonus Wallet/ })
        .closest('label'),
    ).toHaveTextContent('Balance ₦9,000 → ₦4,000 after');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦5,000 from Main Wallet' }));
    await waitFor(() => expect(currentLocation()).toBe('/my-rollover'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ planId: 'p1', walletType: 'main' });
    expect(await screen.findByText(rolloverMessages.subscribed('Daily 2 Odds'))).toBeInTheDocument();
  });

  it('charges nothing when the confirmation is closed with Escape, and pays from the wallet the user picks', async () => {
    const { calls } = signedInApi(
      {
        ...planRoute,
        'GET /api/rollover/my-subscriptions': { body: [] },
        'POST /api/rollover-subscribe': { status: 500, body: { success: false, message: 'Boom' } },
      },
      { mainWallet: 6000, bonusWallet: 9000 },
    );
    const { user } = renderApp('/subscribe/p1');
    const subscribe = await screen.findByRole('button', { name: 'Subscribe for ₦5,000' });
    await user.click(subscribe);
    expect(await screen.findByRole('dialog', { name: 'Subscribe to Daily 2 Odds' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(subscribe).toHaveFocus();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(subscribe);
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Daily 2 Odds' });
    await payFromBonus(user, dialog, calls);
  });

  it('starts on the bonus wallet when main is short, and shows the shortfall of main', async () => {
    const { calls } = signedInApi(
      {
        ...planRoute,
        'GET /api/rollover/my-subscriptions': { body: [] },
        'POST /api/rollover-subscribe': { status: 500, body: { success: false, message: 'Boom' } },
      },
      { mainWallet: 4000, bonusWallet: 5000 },
    );
    const { user } = renderApp('/subscribe/p1');
    expect(await screen.findByText(/Paid from your Bonus Wallet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Subscribe for ₦5,000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Daily 2 Odds' });
    expect(within(dialog).getByRole('radio', { name: /Bonus Wallet/ })).toBeChecked();
    const main = within(dialog)
      .getByRole('radio', { name: /Main Wallet/ })
      .closest('label');
    expect(main).toHaveTextContent('Insufficient Balance');
    expect(main).toHaveTextContent('Short by ₦1,000');
    await user.click(within(dialog).getByRole('radio', { name: /Main Wallet/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦5,000 from Main Wallet' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      rolloverMessages.insufficientBalance('main'),
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await payFromBonus(user, dialog, calls);
  });

  it('cannot subscribe when neither wallet covers the price', async () => {
    const { calls } = signedInApi(
      { ...planRoute, 'GET /api/rollover/my-subscriptions': { body: [] } },
      { mainWallet: 4000, bonusWallet: 4999 },
    );
    renderApp('/subscribe/p1');
    expect(await screen.findByText(rolloverMessages.cannotAfford)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe for ₦5,000' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/wallet');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("treats an 'Already subscribed' refusal as subscribed", async () => {
    let subscriptions: unknown[] = [];
    signedInApi(
      {
        ...planRoute,
        'GET /api/rollover/my-subscriptions': () => ({ body: subscriptions }),
        'POST /api/rollover-subscribe': () => {
          subscriptions = [subscription()];
          return { status: 409, body: { success: false, message: rolloverMessages.alreadySubscribed } };
        },
      },
      { mainWallet: 6000 },
    );
    const { user } = renderApp('/subscribe/p1');
    await user.click(await screen.findByRole('button', { name: 'Subscribe for ₦5,000' }));
    await user.click(await screen.findByRole('button', { name: 'Pay ₦5,000 from Main Wallet' }));
    expect(
      await screen.findByRole('button', { name: rolloverMessages.alreadySubscribedButton }),
    ).toBeDisabled();
    expect(screen.getByRole('link', { name: "Today's tips are on My Rollover" })).toHaveAttribute(
      'href',
      '/my-rollover',
    );
  });

  it('says when the plan does not exist', async () => {
    signedInApi({
      'GET /api/rollover/plans/gone': {
        status: 404,
        body: { success: false, code: 'NOT_FOUND', message: rolloverMessages.planNotFound },
      },
      'GET /api/rollover/my-subscriptions': { body: [] },
    });
    renderApp('/subscribe/gone');
    expect(await screen.findByText(rolloverMessages.planNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscribe');
  });
});
