import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, verifiedAccount } from './support/api.ts';
import { openBrowser, type ViewportName, whenHydrated } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

let server: RunningApp;
const screenshots = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-results');
const password = 'C0des!Secret';

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  // The embedded default loads the demo booking codes.
  server = await startApp({ SEED_DEMO: '1', PAYMENTS_DEV: '1' });
});
afterAll(async () => {
  await server?.stop();
});

const api = <T>(method: string, url: string, body?: unknown, token?: string) =>
  callApi<T>(server, method, url, body, token);

const account = (email: string) => verifiedAccount(server, { email, password, firstName: 'Emeka' });

const visible = (page: Page, text: string | RegExp) =>
  page.getByText(text).filter({ visible: true }).first().waitFor({ state: 'visible', timeout: 15_000 });

describe.each<ViewportName>(['phone', 'desktop'])('at %s size', (viewport) => {
  it('a visitor previews masked codes, signs in, deposits, buys one and copies the full code; others still see it masked', async () => {
    const email = `emeka.${viewport}.${Date.now()}@example.com`;
    await account(email);
    const { page, close } = await openBrowser(viewport);
    try {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });

      // A visitor browses and previews.
      await page.goto(`${server.url}/booking-codes`);
      await whenHydrated(page);
      await page.getByRole('heading', { name: 'Premium Booking Codes' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Quick Preview' }).first().click();
      const preview = page.getByRole('dialog', { name: 'Quick Preview' });
      await preview.waitFor();
      expect(await preview.textContent()).toContain('••••••');
      await preview.getByRole('button', { name: 'Buy Now' }).click();
      await visible(page, 'Please login to purchase');
      await page.screenshot({
        path: path.join(screenshots, `codes-visitor-${viewport}.png`),
        fullPage: true,
      });

      // Signs in and deposits from the dashboard.
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('**/dashboard', { timeout: 15_000 });
      await page.getByRole('button', { name: 'Deposit', exact: true }).first().click();
      const deposit = page.getByRole('dialog', { name: 'Deposit funds' });
      await deposit.getByRole('button', { name: '₦10,000' }).click();
      await deposit.getByRole('button', { name: 'Deposit', exact: true }).click();
      await visible(page, 'Deposit successful! Funds added to your wallet.');

      // Buys a code.
      await page.goto(`${server.url}/booking-codes`);
      await whenHydrated(page);
      await page.getByRole('heading', { name: 'Premium Booking Codes' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Buy Now' }).first().click();
      await page.waitForURL(/\/booking-codes\/[0-9a-f-]{36}$/, { timeout: 15_000 });
      const codeId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
      const purchase = page.getByRole('dialog', { name: 'Buy booking code' });
      await purchase.waitFor({ timeout: 15_000 });
      await purchase.getByRole('button', { name: /^Pay ₦[\d,]+ from Main Wallet$/ }).click();
      await visible(page, 'Booking code purchased! The full code is now unlocked.');

      // Sees the full code and copies it.
      const buyer = await api<{ token: string }>('POST', '/api/auth/login', { email, password });
      const bought = await api<{ code: { bookingCode: string } }>(
        'GET',
        `/api/booking-codes/${codeId}`,
        undefined,
        buyer.token,
      );
      expect(bought.code.bookingCode).not.toContain('•');
      await visible(page, bought.code.bookingCode);
      await page.getByRole('button', { name: 'Copy booking code' }).first().click();
      await visible(page, 'Booking code copied to clipboard!');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(bought.code.bookingCode);
      await page.screenshot({ path: path.join(screenshots, `codes-bought-${viewport}.png`), fullPage: true });

      // Another user still gets it masked.
      const other = await account(`other.${viewport}.${Date.now()}@example.com`);
      const masked = await api<{ code: { bookingCode: string } }>(
        'GET',
        `/api/booking-codes/${codeId}`,
        undefined,
        other.token,
      );
      expect(masked.code.bookingCode).toBe(`${bought.code.bookingCode.slice(0, 3)}••••••`);
      // Nor does any page a visitor is sent as HTML, rendered on the server by the same rules.
      for (const url of [
        '/',
        '/booking-codes',
        '/booking-codes?moneyBack=1',
        '/free',
        '/past-tips',
        '/live',
      ]) {
        const html = await (await fetch(`${server.url}${url}`)).text();
        expect(html, url).toContain('data-server-rendered');
        expect(html, url).not.toContain(bought.code.bookingCode);
      }
    } finally {
      await close();
    }
  });
});
