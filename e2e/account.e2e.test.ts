import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../server/src/modules/auth/totp.ts';
import { accountWithPurchase, callApi } from './support/api.ts';
import { openBrowser, signIn, viewports } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

let server: RunningApp;
const screenshots = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-results');
const password = 'Str0ng!Pass';
const desktop = { width: 1366, height: 900 };

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  server = await startApp({ SEED_DEMO: '1', PAYMENTS_DEV: '1' });
});
afterAll(async () => {
  await server?.stop();
});

async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(screenshots, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(desktop);
  await page.screenshot({ path: path.join(screenshots, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(viewports.phone);
}

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

interface Stats {
  subscriptions: { activePlans: number };
  performance: { totalPurchases: number; totalSpent: number; avgOdds: number | null };
}

describe('dashboard and two-factor sign-in at phone size', () => {
  it('a user with purchases sees the real figures, turns on two-factor from the shown secret, and signs back in with a code', async () => {
    const email = `femi.account.${Date.now()}@example.com`;
    const account = await accountWithPurchase(server, { email, password, firstName: 'Femi' });
    const stats = await callApi<Stats>(server, 'GET', '/api/users/dashboard-stats', undefined, account.token);
    expect(stats.performance.totalPurchases).toBe(1);
    expect(stats.subscriptions.activePlans).toBe(1);

    const { page, close } = await openBrowser('phone');
    try {
      await signIn(page, server.url, email, password);
      // Performance Stats and the Rollover Plans widget show the server's figures for this user.
      const performance = page.getByRole('region', { name: /Performance/ });
      await expect.poll(() => performance.textContent(), { timeout: 15_000 }).toContain('Last 30 days');
      const spent = `₦${stats.performance.totalSpent.toLocaleString('en-NG')}`;
      await expect.poll(() => performance.textContent(), { timeout: 15_000 }).toContain(spent);
      const odds = (stats.performance.avgOdds ?? 0).toFixed(2);
      expect(await performance.textContent()).toContain(odds);
      const plans = page.getByRole('region', { name: /Rollover Plans/ });
      await expect.poll(() => plans.textContent(), { timeout: 15_000 }).toMatch(/Active plans\s*1/);
      expect(await scrollsSideways(page)).toBe(false);
      await shoot(page, 'dashboard-real');

      // Two-factor on, with a code computed from the secret the page shows.
      await page.goto(`${server.url}/profile?tab=security`);
      await page.getByRole('button', { name: 'Turn on' }).click();
      const secretText = await page.getByTestId('two-factor-secret').textContent({ timeout: 15_000 });
      const secret = (secretText ?? '').replace(/\s+/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expect.poll(() => page.getByRole('img', { name: /QR/i }).count()).toBe(1);
      await page.getByLabel('6-digit code').fill(totpAt(secret, new Date()));
      await page.getByRole('button', { name: 'Confirm' }).click();
      const recoveryList = page.getByRole('list', { name: 'Recovery codes' });
      await recoveryList.waitFor({ timeout: 15_000 });
      expect(await recoveryList.getByRole('listitem').count()).toBe(10);
      expect(await scrollsSideways(page)).toBe(false);
      await shoot(page, 'two-factor-recovery');
      await page.getByRole('button', { name: "I've saved them" }).click();
      await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toBe('On');

      // Sign out, then back in: the password, then a code (the next time step: this one was spent).
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
      const code = page.getByLabel('Authentication code');
      await code.waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await shoot(page, 'login-two-factor');
      await code.fill(totpAt(secret, new Date(Date.now() + 30_000)));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL('**/dashboard', { timeout: 15_000 });
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      const me = await callApi<{ user: { twoFactorEnabled: boolean } }>(
        server,
        'GET',
        '/api/auth/me',
        undefined,
        (await page.evaluate(() => localStorage.getItem('token'))) ?? '',
      );
      expect(me.user.twoFactorEnabled).toBe(true);
    } finally {
      await close();
    }
  });
});
