import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../server/test/fake-telegram.ts';
import { verifiedAccount } from './support/api.ts';
import { openBrowser, signIn, socketConnected, viewports } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

let server: RunningApp;
let telegram: FakeTelegram;
const screenshots = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-results');
const token = '123456789:AAE2eTelegramFakeBotToken_0123456789';
const botUsername = 'CashTipsE2EBot';
const password = 'Str0ng!Pass';
const desktop = { width: 1366, height: 900 };

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  telegram = await startFakeTelegram({ token, botUsername });
  server = await startApp({
    SEED_DEMO: '0',
    TELEGRAM_BOT_TOKEN: token,
    TELEGRAM_API_ROOT: telegram.url,
    TELEGRAM_BOT_USERNAME: botUsername,
  });
});
afterAll(async () => {
  await server?.stop();
  await telegram?.close();
});

/** A screenshot at phone size and at 1366×900 once `toast` is gone, back at phone size after. */
async function shoot(page: Page, name: string, toast: string) {
  // A toast waits while the pointer rests on it (the click that raised it may have left it there).
  await page.mouse.move(1, viewports.phone.height - 1);
  await page.getByText(toast).waitFor({ state: 'hidden', timeout: 10_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(screenshots, `${name}-phone.png`) });
  await page.setViewportSize(desktop);
  await page.screenshot({ path: path.join(screenshots, `${name}-desktop.png`) });
  await page.setViewportSize(viewports.phone);
}

/** Nothing on the page is wider than the screen. */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

describe('Telegram linking at phone size', () => {
  it('a user generates a code on the profile, sends /start <code> in Telegram, sees the account linked live, then unlinks', async () => {
    const email = `tobi.telegram.${Date.now()}@example.com`;
    await verifiedAccount(server, { email, password, firstName: 'Tobi' });
    // The bot is polling the fake Bot API before anyone sends it anything.
    await expect.poll(() => telegram.polling, { timeout: 15_000 }).toBe(true);

    const { page, close } = await openBrowser('phone');
    try {
      const connected = socketConnected(page);
      await signIn(page, server.url, email, password);
      await connected;

      // The dashboard tile leads to the profile's link flow; the bot tile uses the configured bot.
      const tiles = page.getByRole('region', { name: 'Telegram' });
      expect(await tiles.getByRole('link', { name: /Telegram Bot/ }).getAttribute('href')).toBe(
        `https://t.me/${botUsername}`,
      );
      await tiles.getByRole('link', { name: 'Link Telegram' }).click();
      await page.waitForURL('**/profile?tab=security', { timeout: 10_000 });
      await page.getByText("Let's link your Telegram account for instant notifications!").waitFor();
      expect(await page.getByRole('tab', { name: 'Security' }).getAttribute('aria-selected')).toBe('true');

      const panel = page.getByRole('tabpanel', { name: 'Security' });
      await panel.getByRole('textbox', { name: 'Telegram username or phone number' }).fill('@tobi_eze');
      await panel.getByRole('button', { name: 'Generate link code' }).click();
      await page.getByText('Link code generated successfully!').waitFor({ timeout: 10_000 });
      const code = (await panel.getByTestId('telegram-link-code').textContent())?.trim() ?? '';
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
      expect(await panel.getByRole('link', { name: /^Open Telegram/ }).getAttribute('href')).toBe(
        `https://t.me/${botUsername}?start=${code}`,
      );
      await expect(panel.textContent()).resolves.toContain(`/start ${code}`);
      expect(await scrollsSideways(page)).toBe(false);
      await shoot(page, 'telegram-code', 'Link code generated successfully!');

      // Tobi sends the code from Telegram; the bot links the account and the page follows, no reload.
      const tobi = { id: 55501, username: 'tobi_eze', first_name: 'Tobi' };
      telegram.userSays(tobi, `/start ${code}`);
      await telegram.nextMessageTo(tobi.id, 0);
      await panel.getByText('Telegram linked', { exact: true }).waitFor({ timeout: 10_000 });
      await panel.getByText('@tobi_eze').waitFor();
      await page.getByText('Your Telegram account is linked!').waitFor();
      expect(await panel.getByRole('switch', { name: 'Telegram alerts' }).getAttribute('aria-checked')).toBe(
        'true',
      );
      expect(await scrollsSideways(page)).toBe(false);
      await shoot(page, 'telegram-linked', 'Your Telegram account is linked!');

      // Alerts off, then unlink after the confirmation.
      await panel.getByRole('switch', { name: 'Telegram alerts' }).click();
      await expect
        .poll(() => panel.getByRole('switch', { name: 'Telegram alerts' }).getAttribute('aria-checked'))
        .toBe('false');
      await panel.getByRole('button', { name: 'Unlink Telegram' }).click();
      const dialog = page.getByRole('dialog', { name: 'Unlink Telegram?' });
      await dialog.getByRole('button', { name: 'Unlink', exact: true }).click();
      await page.getByText('Your Telegram account has been unlinked.').waitFor({ timeout: 10_000 });
      await panel.getByRole('textbox', { name: 'Telegram username or phone number' }).waitFor();

      // The server agrees after a reload.
      await page.reload();
      await page
        .getByRole('tabpanel', { name: 'Security' })
        .getByRole('button', { name: 'Generate link code' })
        .waitFor({ timeout: 15_000 });
    } finally {
      await close();
    }
  }, 120_000);
});
