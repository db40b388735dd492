import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, verifiedAccount } from './support/api.ts';
import { openBrowser, type ViewportName } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

let server: RunningApp;
const screenshots = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-results');
const password = 'M0ney!Secret';

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  server = await startApp({ PAYMENTS_DEV: '1' });
});
afterAll(async () => {
  await server?.stop();
});

const api = <T>(method: string, url: string, body?: unknown, token?: string) =>
  callApi<T>(server, method, url, body, token);

const account = (email: string, firstName: string, referralCode?: string) =>
  verifiedAccount(server, { email, password, firstName, ...(referralCode ? { referralCode } : {}) });

async function arriveAt(page: Page, url: string, heading: string | RegExp, timeout = 15_000) {
  await page.waitForURL(url, { timeout });
  await page.getByRole('heading', { name: heading }).first().waitFor({ timeout });
}

const visible = (page: Page, text: string | RegExp) =>
  page.getByText(text).filter({ visible: true }).first().waitFor({ state: 'visible', timeout: 15_000 });

describe.each<ViewportName>(['phone', 'desktop'])('at %s size', (viewport) => {
  it('a user deposits through the test provider, sees the balance change, and withdraws a referral bonus', async () => {
    const stamp = `${viewport}.${Date.now()}`;
    const email = `chioma.${stamp}@example.com`;
    const referrer = await account(email, 'Chioma');
    // A friend signs up with the referrer's code and makes a first deposit of ₦20,000: ₦2,000 bonus.
    const friend = await account(`friend.${stamp}@example.com`, 'Bayo', referrer.user.referralCode);
    await api('POST', '/api/wallet/deposit', { amount: 20_000, provider: 'dev' }, friend.token);

    const { page, close } = await openBrowser(viewport);
    try {
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
      await arriveAt(page, '**/dashboard', /Chioma/);

      await page.goto(`${server.url}/wallet`);
      await arriveAt(page, '**/wallet', 'Wallet');
      await page.getByRole('button', { name: 'Deposit', exact: true }).first().click();
      const depositDialog = page.getByRole('dialog', { name: 'Deposit funds' });
      await depositDialog.waitFor();
      const submit = depositDialog.getByRole('button', { name: 'Deposit', exact: true });
      expect(await submit.isDisabled()).toBe(true);
      await depositDialog.getByRole('button', { name: '₦5,000' }).click();
      await submit.click();
      await visible(page, 'Deposit successful! Funds added to your wallet.');
      await depositDialog.waitFor({ state: 'hidden' });
      await visible(page, '₦5,000');
      await page.screenshot({
        path: path.join(screenshots, `money-deposited-${viewport}.png`),
        fullPage: true,
      });

      await page.getByRole('button', { name: 'Withdraw Bonus' }).first().click();
      const withdrawDialog = page.getByRole('dialog', { name: 'Withdraw Bonus' });
      await withdrawDialog.waitFor();
      await withdrawDialog.getByLabel('Amount (₦)').fill('1500');
      await withdrawDialog.getByRole('button', { name: 'Withdraw Now' }).click();
      await withdrawDialog.waitFor({ state: 'hidden' });
      await visible(page, '₦6,500');
      await visible(page, '₦500');
      await visible(page, /Bonus transfer/);
      await page.screenshot({
        path: path.join(screenshots, `money-withdrawn-${viewport}.png`),
        fullPage: true,
      });

      const balances = await api<{ mainWallet: number; bonusWallet: number }>(
        'GET',
        '/api/wallets/balance',
        undefined,
        referrer.token,
      );
      expect(balances).toMatchObject({ mainWallet: 6500, bonusWallet: 500 });
    } finally {
      await close();
    }
  });
});
