import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './support/api.ts';
import { openBrowser, signIn, socketConnected, type ViewportName } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

let server: RunningApp;
const screenshots = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-results');
const admin = { email: 'notices.admin@example.com', password: 'N0tices!2026' };
const password = 'Str0ng!Pass';

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  server = await startApp({ SEED_DEMO: '0', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
});
afterAll(async () => {
  await server?.stop();
});

/** The bell's badge, read from its accessible name ('Notifications, 3 new'); 0 when it shows none. */
async function badge(page: Page): Promise<number> {
  const text = await page.getByRole('button', { name: /^Notifications/ }).textContent();
  return Number(/Notifications, (\d+)/.exec(text ?? '')?.[1] ?? 0);
}

describe.each<ViewportName>(['phone', 'desktop'])('at %s size', (viewport) => {
  it('an admin broadcasts; a signed-in user sees it arrive live in the open panel and on the badge, marks it read, and it stays read after a reload', async () => {
    const email = `amaka.${viewport}.${Date.now()}@example.com`;
    await verifiedAccount(server, { email, password, firstName: 'Amaka' });
    const title = `Derby day odds boost (${viewport})`;

    const { page, close } = await openBrowser(viewport);
    try {
      const connected = socketConnected(page);
      await signIn(page, server.url, email, password);
      await connected;

      const bell = page.getByRole('button', { name: /^Notifications/ });
      await bell.click();
      const panel = page.getByRole('region', { name: 'Notifications panel' });
      await panel.waitFor();
      // Whatever earlier announcements say, the panel has loaded its list.
      await panel.getByText(/unread • \d+ total/).waitFor();
      const before = await badge(page);

      // The admin sends it from the admin screen, in a browser of their own.
      const desk = await openBrowser(viewport);
      try {
        await signIn(desk.page, server.url, admin.email, admin.password);
        await desk.page.goto(`${server.url}/admin/notifications`);
        await desk.page.getByRole('textbox', { name: 'Title' }).fill(title);
        await desk.page
          .getByRole('textbox', { name: 'Message' })
          .fill('Boosted odds on tonight’s derby codes until kickoff.');
        await desk.page.getByRole('textbox', { name: 'Link (optional)' }).fill('/booking-codes');
        await desk.page.getByRole('button', { name: 'Send notification' }).click();
        await desk.page.getByRole('button', { name: 'Send to everyone' }).click();
        await desk.page.getByText(title).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
      } finally {
        await desk.close();
      }

      // Live: at the top of the open panel, and one more on the badge, without a reload.
      const arrived = panel.getByRole('article').first();
      await arrived.getByText(title).waitFor({ timeout: 10_000 });
      await expect.poll(() => badge(page), { timeout: 10_000 }).toBe(before + 1);
      expect(await arrived.textContent()).toContain('Just now');
      await page.screenshot({ path: path.join(screenshots, `notifications-panel-${viewport}.png`) });

      await arrived.getByRole('button', { name: `Mark read: ${title}` }).click();
      await expect.poll(() => badge(page), { timeout: 10_000 }).toBe(before);
      await expect
        .poll(() => arrived.getByRole('heading').textContent(), { timeout: 10_000 })
        .toMatch(/^Read info announcement/);

      // The read state is the server's: it survives a reload.
      await page.reload();
      await page.getByRole('heading', { name: /Welcome back/ }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const again = page
        .getByRole('region', { name: 'Notifications panel' })
        .getByRole('article', { name: new RegExp(title.replace(/[()]/g, '\\$&')) });
      await again.waitFor({ timeout: 10_000 });
      expect(await again.getByRole('heading').textContent()).toMatch(/^Read info announcement/);
      expect(await badge(page)).toBe(before);
      expect(await again.getByRole('button', { name: `Mark read: ${title}` }).count()).toBe(0);
    } finally {
      await close();
    }
  }, 120_000);
});
