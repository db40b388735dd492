import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, verifiedAccount } from './support/api.ts';
import { chromiumArgs, chromiumPath } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

/*
 * A subscriber's dashboard and profile on the narrowest phones say what each figure is: plan names
 * whole (wrapped between words, never cut with "…"), each countdown labelled, the bonus withdrawal's
 * destination and the deposit's provider named, the profile's statistics there. At 320 and 390 px,
 * with nothing wider than the screen.
 */

const WIDTHS = [320, 390] as const;
const HEIGHT = 740;
const screenshots = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  'test-results',
  'dashboard-labels',
);
const admin = { email: 'labels.admin@example.com', password: 'L4bels!Admin' };
/** Long enough to need two lines beside its badges at 320 px. */
const PLAN = 'Weekend Accumulator Rollover Challenge Plan';

let server: RunningApp;
let browser: Browser;
let session: { token: string; user: unknown };

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  server = await startApp({
    SEED_DEMO: '1',
    PAYMENTS_DEV: '1',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  const { token: adminToken } = await callApi<{ token: string }>(server, 'POST', '/api/auth/login', admin);
  const { plan } = await callApi<{ plan: { _id: string } }>(
    server,
    'POST',
    '/api/admin/rollover-plans',
    { name: PLAN, price: 1000, duration: 5, odds: 1.5, postLimit: 1 },
    adminToken,
  );
  const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  await callApi(
    server,
    'POST',
    '/api/admin/rollover-tips',
    {
      planId: plan._id,
      games: [
        {
          teamA: 'Borussia Mönchengladbach',
          teamB: 'Wolverhampton Wanderers',
          league: 'Club Friendlies',
          kickoff: inHours(3),
          prediction: 'Over 1.5 goals',
          odds: 1.5,
        },
      ],
      bookingCode: 'ROLL1234',
      totalOdds: 1.5,
      expiresAt: inHours(5),
    },
    adminToken,
  );
  const account = await verifiedAccount(server, {
    email: `labels.${Date.now()}@example.com`,
    password: 'L4bels!Phone',
    firstName: 'Oluwaseyifunmi',
  });
  session = { token: account.token, user: account.user };
  await callApi(server, 'POST', '/api/wallet/deposit', { amount: 20_000, provider: 'dev' }, account.token);
  await callApi(server, 'POST', '/api/rollover-subscribe', { planId: plan._id }, account.token);
  const codes = await callApi<Array<{ _id: string }>>(server, 'GET', '/api/booking-codes?limit=1&sort=price');
  await callApi(
    server,
    'POST',
    `/api/booking-codes/purchase/${codes[0]?._id}`,
    { walletType: 'main' },
    account.token,
  );
  // Referral bonus to withdraw (Withdraw Bonus shows only with a bonus).
  await callApi(
    server,
    'POST',
    `/api/admin/users/${account.user.id}/adjust`,
    { wallet: 'bonus', amount: 2500, reason: 'Referral bonus for the label checks' },
    adminToken,
  );
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPage(width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: HEIGHT },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
  });
  await context.addInitScript((stored) => {
    window.localStorage.setItem('token', stored.token);
    window.localStorage.setItem('user', JSON.stringify(stored.user));
  }, session);
  return context.newPage();
}

/** How wide the page is: nothing may scroll sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Elements inside `region` showing `text` that cut it off (their content is wider than their box). */
const cutOff = (region: Locator, text: string) =>
  region.evaluate((root, wanted) => {
    const holders = Array.from(root.querySelectorAll('*')).filter(
      (element) => element.children.length === 0 && element.textContent?.includes(wanted),
    );
    return holders
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
  }, text);

/**
 * Words of the element's text that are split over two lines (a line starts inside a word): text may
 * wrap between words only.
 */
const brokenWords = (element: Locator) =>
  element.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    // Typed by assertion: assigned only in the loop, so narrowing would leave it `null` for good.
    let previous = null as { char: string; top: number } | null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index++) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = range.getBoundingClientRect();
        const char = text[index] ?? '';
        // A space where a line ends may have no box of its own: it marks a word's end all the same.
        if (/\s/.test(char)) {
          previous = { char, top: previous?.top ?? box.top };
          continue;
        }
        if (previous && box.top > previous.top + 2 && /\S/.test(previous.char)) {
          const start = text.lastIndexOf(' ', index) + 1;
          const end = text.indexOf(' ', index);
          broken.push(text.slice(start, end === -1 ? undefined : end));
        }
        previous = { char, top: box.top };
      }
    }
    return broken;
  });

describe('a subscriber’s labels on small phones', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px: plan names whole, countdowns labelled, nothing wider than the screen`, async () => {
      const page = await signedInPage(width);
      try {
        await page.goto(`${server.url}/dashboard`);
        const tips = page.getByRole('region', { name: "Today's Rollover Tips" });
        await tips.getByText(PLAN).waitFor({ timeout: 15_000 });
        const plans = page.getByRole('region', { name: 'Rollover Plans' });
        await plans.getByText(PLAN).waitFor({ timeout: 15_000 });
        expect(await cutOff(tips, PLAN)).toEqual([]);
        expect(await cutOff(plans, PLAN)).toEqual([]);
        expect(await brokenWords(tips.getByText(PLAN))).toEqual([]);
        expect(await brokenWords(plans.getByText(PLAN))).toEqual([]);
        const premium = page.getByRole('region', { name: 'Premium Booking Codes' });
        await premium.getByRole('listitem').first().waitFor({ timeout: 15_000 });
        for (const code of await premium.getByRole('listitem').all()) {
          expect(await brokenWords(code.locator('p').first())).toEqual([]);
        }
        // Each name is one line-wrapped text, not clipped to one line.
        const nameHeight = await tips
          .getByText(PLAN)
          .evaluate((element) => element.getBoundingClientRect().height);
        expect(nameHeight).toBeGreaterThan(30);

        for (const name of ["Today's Rollover Tips", 'Premium Booking Codes', 'My Booking Codes']) {
          const region = page.getByRole('region', { name });
          const countdowns = region.getByTestId('countdown');
          await countdowns.first().waitFor({ timeout: 15_000 });
          for (const countdown of await countdowns.all()) {
            // Today's demo tips are real fixtures at their real kickoffs: late in the Lagos day some
            // have expired, and an expired countdown says so in place of the label and the time.
            if ((await countdown.innerText()) === 'EXPIRED') {
              expect(await countdown.locator('..').innerText(), name).toMatch(/^EXPIRED\s*Expired$/);
              continue;
            }
            // The label shown before the digits (screen readers get it with the time in words).
            const label = await countdown.locator('xpath=preceding-sibling::span[1]').innerText();
            expect(label, name).toBe('Expires in');
            expect(await countdown.locator('..').innerText(), name).toMatch(
              /Expires in \d+ (day|hour|minute)/,
            );
          }
        }
        expect(await pageWidth(page)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(screenshots, `${width}-dashboard.png`), fullPage: true });
      } finally {
        await page.context().close();
      }
    });

    it(`at ${width} px: Withdraw Bonus names the main wallet, and Deposit names its provider`, async () => {
      const page = await signedInPage(width);
      try {
        await page.goto(`${server.url}/dashboard`);
        await page.getByRole('button', { name: 'Withdraw Bonus' }).first().click({ timeout: 15_000 });
        const withdraw = page.getByRole('dialog', { name: 'Withdraw Bonus' });
        await withdraw.waitFor();
        expect(await withdraw.getByRole('combobox').count()).toBe(0);
        expect(await withdraw.getByText('Bonus Wallet', { exact: true }).count()).toBe(0);
        await withdraw.getByText('Main Wallet', { exact: true }).waitFor();
        await withdraw.getByLabel('Amount (₦)').fill('1000');
        await withdraw.getByText('Main wallet after').waitFor();
        expect(await withdraw.locator('dl').innerText()).toMatch(/Main wallet after\s+₦\d/);
        expect(await pageWidth(page)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(screenshots, `${width}-withdraw-bonus.png`) });
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: 'Deposit', exact: true }).first().click();
        const deposit = page.getByRole('dialog', { name: 'Deposit funds' });
        const method = deposit.getByRole('group', { name: 'Payment method' });
        await method.waitFor();
        expect(await method.innerText()).toContain('Test payment');
        expect(await pageWidth(page)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(screenshots, `${width}-deposit.png`) });
      } finally {
        await page.context().close();
      }
    });

    it(`at ${width} px: the profile shows the user’s statistics`, async () => {
      const page = await signedInPage(width);
      try {
        await page.goto(`${server.url}/profile`);
        const statistics = page.getByRole('region', { name: 'Your statistics' });
        // One code and one plan bought.
        await statistics.getByText('1 code · 1 plan').waitFor({ timeout: 15_000 });
        expect(await statistics.getByRole('term').allInnerTexts()).toEqual([
          'Purchases',
          'Spent',
          'Won / lost',
          'Success rate',
          'Member since',
        ]);
        expect(await pageWidth(page)).toBeLessThanOrEqual(width);
        await statistics.screenshot({ path: path.join(screenshots, `${width}-profile-statistics.png`) });
      } finally {
        await page.context().close();
      }
    });
  }
});
