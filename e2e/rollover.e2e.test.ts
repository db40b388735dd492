import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, verifiedAccount } from './support/api.ts';
import { openBrowser, signIn, type ViewportName } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

let server: RunningApp;
const screenshots = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-results');
const password = 'R0llover!Plan';
/** A demo plan without a slot limit, so each run's subscribers always find a slot. */
const PLAN = 'Weekend Banker';

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  // The embedded default loads the demo plans with today's tips.
  server = await startApp({ SEED_DEMO: '1', PAYMENTS_DEV: '1' });
});
afterAll(async () => {
  await server?.stop();
});

interface TodayTip {
  planName: string;
  bookingCode: string | null;
  note: string | null;
  locked: boolean;
  games: { prediction: string | null }[];
}

const api = <T>(method: string, url: string, body?: unknown, token?: string) =>
  callApi<T>(server, method, url, body, token);

const visible = (page: Page, text: string | RegExp) =>
  page.getByText(text).filter({ visible: true }).first().waitFor({ state: 'visible', timeout: 15_000 });

describe.each<ViewportName>(['phone', 'desktop'])('at %s size', (viewport) => {
  it("a user deposits, subscribes from the plan page, copies today's unlocked code on My Rollover; another user sees it locked", async () => {
    const email = `ngozi.${viewport}.${Date.now()}@example.com`;
    const subscriber = await verifiedAccount(server, { email, password, firstName: 'Ngozi' });
    const otherEmail = `tunde.${viewport}.${Date.now()}@example.com`;
    const other = await verifiedAccount(server, { email: otherEmail, password, firstName: 'Tunde' });

    const { page, close } = await openBrowser(viewport);
    try {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await signIn(page, server.url, email, password);
      await page.getByRole('button', { name: 'Deposit', exact: true }).first().click();
      const deposit = page.getByRole('dialog', { name: 'Deposit funds' });
      await deposit.getByRole('button', { name: '₦5,000' }).click();
      await deposit.getByRole('button', { name: 'Deposit', exact: true }).click();
      await visible(page, 'Deposit successful! Funds added to your wallet.');

      // Works out a stake on the plans page, then opens the plan.
      await page.goto(`${server.url}/subscribe`);
      const card = page.getByRole('article', { name: PLAN });
      await card.waitFor({ timeout: 15_000 });
      const stake = page.getByRole('spinbutton', { name: 'Your stake (₦)' });
      await stake.fill('2000');
      await card.getByText('₦2,600').first().waitFor();
      expect(await card.textContent()).toMatch(/chance all 3 days win/);
      await page.screenshot({
        path: path.join(screenshots, `rollover-plans-${viewport}.png`),
        fullPage: true,
      });
      await card.getByRole('link', { name: 'Subscribe Now' }).click();
      await page.waitForURL(/\/subscribe\/[0-9a-f-]{36}$/, { timeout: 15_000 });
      await visible(page, 'Paid from your Main Wallet');
      await page.getByRole('button', { name: 'Subscribe for ₦2,000' }).click();
      // Nothing is charged until the confirmation says what is paid and from which wallet.
      const confirm = page.getByRole('dialog', { name: `Subscribe to ${PLAN}` });
      await confirm.waitFor({ timeout: 15_000 });
      await confirm.getByRole('button', { name: 'Pay ₦2,000 from Main Wallet' }).click();

      // Lands on My Rollover with today's tip unlocked, and copies the code.
      await page.waitForURL('**/my-rollover', { timeout: 15_000 });
      await visible(page, `Subscribed to ${PLAN}!`);
      const mine = await api<TodayTip[]>('GET', '/api/rollover/today', undefined, subscriber.token);
      const tip = mine.find((item) => item.planName === PLAN);
      expect(tip?.locked).toBe(false);
      const code = tip?.bookingCode ?? '';
      expect(code).toMatch(/^RL/);
      const running = page.getByRole('article', { name: PLAN });
      await running.getByText('Day 1 of 3').waitFor({ timeout: 15_000 });
      await running.getByText(code).waitFor();
      await running.getByRole('button', { name: 'Copy booking code' }).click();
      await visible(page, 'Booking code copied to clipboard!');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      await page.screenshot({ path: path.join(screenshots, `my-rollover-${viewport}.png`), fullPage: true });

      const balance = await api<{ mainWallet: number }>(
        'GET',
        '/api/wallets/balance',
        undefined,
        subscriber.token,
      );
      expect(balance.mainWallet).toBe(3000);
    } finally {
      await close();
    }

    // Another user: the same tip locked on /rollover, and nothing of it in the answer.
    const theirs = await api<TodayTip[]>('GET', '/api/rollover/today', undefined, other.token);
    const locked = theirs.find((item) => item.planName === PLAN);
    expect(locked).toMatchObject({ locked: true, bookingCode: null, note: null });
    expect(locked?.games.every((game) => game.prediction === null)).toBe(true);
    const second = await openBrowser(viewport);
    try {
      await signIn(second.page, server.url, otherEmail, password);
      await second.page.goto(`${server.url}/rollover`);
      const today = second.page.getByRole('region', { name: 'Today' });
      const lockedCard = today.getByRole('article', { name: PLAN }).first();
      await lockedCard.waitFor({ timeout: 15_000 });
      await lockedCard.getByRole('link', { name: 'Subscribe to Unlock' }).waitFor();
      expect(await second.page.content()).not.toContain(
        (await api<TodayTip[]>('GET', '/api/rollover/today', undefined, subscriber.token)).find(
          (item) => item.planName === PLAN,
        )?.bookingCode ?? 'no code',
      );
      await second.page.screenshot({
        path: path.join(screenshots, `rollover-locked-${viewport}.png`),
        fullPage: true,
      });
    } finally {
      await second.close();
    }
  });
});
