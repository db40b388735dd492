import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingCode, listReply, purchase } from '../../../testing/code-fixtures.ts';
import { signedInApi } from '../../../testing/money-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { subscription, unlockedTip } from '../../../testing/rollover-fixtures.ts';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** What a countdown shows (its label and digits) and what a screen reader reads for it. */
function countdownTexts(region: HTMLElement) {
  return within(region)
    .getAllByTestId('countdown')
    .map((digits) => {
      const countdown = digits.parentElement as HTMLElement;
      const spoken = countdown.querySelector('.sr-only')?.textContent;
      const shown = Array.from(countdown.children)
        .filter((child) => !child.classList.contains('sr-only'))
        .map((child) => child.textContent)
        .join(' ');
      return { shown, spoken };
    });
}

describe('dashboard countdowns', () => {
  it('each says what it counts down to, and reads the time in words to screen readers', async () => {
    signedInApi({
      'GET /api/booking-codes': listReply([bookingCode({ expiresAt: inMinutes(4 * 60 + 53 + 0.5) })]),
      'GET /api/booking-codes/purchased': {
        body: [purchase(1, { code: { ...purchase(1).code, expiresAt: inMinutes(90.5) } })],
      },
      'GET /api/rollover/today': {
        body: [unlockedTip({ expiresAt: inMinutes(2 * 24 * 60 + 3 * 60 + 0.5) })],
      },
      'GET /api/rollover/my-subscriptions': { body: [subscription()] },
    });
    renderApp('/dashboard');

    // The widgets are a chunk of their own, loaded after the greeting.
    const premium = await screen.findByRole('region', { name: 'Premium Booking Codes' }, { timeout: 15_000 });
    await within(premium).findByText('Arsenal vs Chelsea');
    expect(countdownTexts(premium)).toEqual([
      { shown: expect.stringMatching(/^Expires in 04:53:\d\d$/), spoken: 'Expires in 4 hours 53 minutes' },
    ]);

    const mine = screen.getByRole('region', { name: 'My Booking Codes' });
    await within(mine).findByText('CODE1');
    expect(countdownTexts(mine)).toEqual([
      { shown: expect.stringMatching(/^Expires in 01:30:\d\d$/), spoken: 'Expires in 1 hour 30 minutes' },
    ]);

    const tips = screen.getByRole('region', { name: "Today's Rollover Tips" });
    await within(tips).findByText('Daily 2 Odds');
    expect(countdownTexts(tips)).toEqual([
      { shown: 'Expires in 2d 3h 00m', spoken: 'Expires in 2 days 3 hours' },
    ]);
  });
});
