import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, verifiedAccount } from './support/api.ts';
import { openBrowser, signIn } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

let server: RunningApp;
const screenshots = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-results');
const password = 'Br3ak!Secret';

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  server = await startApp({ PAYMENTS_DEV: '1', SEED_DEMO: '1' });
});
afterAll(async () => {
  await server?.stop();
});

const visible = (page: Page, text: string | RegExp) =>
  page.getByText(text).filter({ visible: true }).first().waitFor({ state: 'visible', timeout: 15_000 });

describe('player protection in the browser', () => {
  it('a user sets a daily limit, is refused a deposit over it, takes a 7-day break and finds deposits and purchases closed while the wallet stays open', async () => {
    const email = `ngozi.${Date.now()}@example.com`;
    const account = await verifiedAccount(server, { email, password, firstName: 'Ngozi' });
    await callApi(server, 'POST', '/api/wallet/deposit', { amount: 2_000, provider: 'dev' }, account.token);

    const { page, close } = await openBrowser('phone');
    try {
      await signIn(page, server.url, email, password);

      // A daily limit of ₦3,000: ₦2,000 of it is already used today.
      await page.goto(`${server.url}/profile?tab=responsible-gambling`);
      await page.getByRole('heading', { name: 'Take a break' }).waitFor({ timeout: 15_000 });
      await page.getByLabel('Daily limit (₦)').fill('3000');
      await page.getByRole('button', { name: 'Save limits' }).click();
      await visible(page, 'Your deposit limits are saved.');
      await visible(page, /₦1,000/);

      // The deposit modal says what the limit leaves before anything is typed, and refuses ₦5,000 with it.
      await page.goto(`${server.url}/wallet`);
      await page.getByRole('heading', { name: 'Wallet' }).first().waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Deposit', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Deposit funds' });
      await dialog.waitFor();
      await dialog
        .getByText('In naira. Minimum ₦100. Your daily deposit limit lets you deposit up to ₦1,000 now.')
        .waitFor({ timeout: 15_000 });
      await dialog.getByRole('button', { name: '₦5,000' }).click();
      await dialog.getByRole('button', { name: 'Deposit', exact: true }).click();
      await dialog
        .getByText('Your daily deposit limit lets you deposit up to ₦1,000 now.', { exact: true })
        .waitFor({ timeout: 15_000 });
      await page.screenshot({
        path: path.join(screenshots, 'protection-limit-refused-phone.png'),
        fullPage: true,
      });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // A 7-day break, confirmed.
      await page.goto(`${server.url}/profile?tab=responsible-gambling`);
      await page.getByRole('heading', { name: 'Take a break' }).waitFor({ timeout: 15_000 });
      await page.getByRole('radio', { name: '7 days' }).check();
      await page.getByRole('button', { name: 'Take a 7-day break' }).click();
      await page.getByRole('button', { name: 'Start my 7-day break' }).click();
      await visible(page, /Your break has started/);

      // The wallet stays open, deposits are closed with the break's end date.
      await page.goto(`${server.url}/wallet`);
      await page.getByRole('heading', { name: 'Wallet' }).first().waitFor({ timeout: 15_000 });
      await visible(page, /You are taking a break until .* Lagos time/);
      await visible(page, '₦2,000');
      expect(await page.getByRole('button', { name: 'Deposit', exact: true }).count()).toBe(0);
      await page.screenshot({
        path: path.join(screenshots, 'protection-wallet-on-break-phone.png'),
        fullPage: true,
      });

      // Codes can be read but not bought.
      await page.goto(`${server.url}/booking-codes`);
      await page.getByRole('heading', { name: 'Premium Booking Codes' }).waitFor({ timeout: 15_000 });
      await visible(page, 'Purchases closed');
      expect(await page.getByRole('button', { name: 'Buy Now' }).count()).toBe(0);

      // And the server agrees, whatever the screen shows.
      const refused = await fetch(`${server.url}/api/wallet/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
        body: JSON.stringify({ amount: 500, provider: 'dev' }),
      });
      expect(refused.status).toBe(422);
      expect((await refused.json()).code).toBe('RESTRICTED');
    } finally {
      await close();
    }
  });
});
