import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { isoToLagosInput, lagosDay, lagosMidnightEnding } from '@cashtips/contract/lagos-time';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api.ts';
import { openBrowser, signIn, type ViewportName, whenHydrated } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

let server: RunningApp;
const screenshots = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-results');
const admin = { email: 'results.admin@example.com', password: 'Res!ults2026' };

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  // No demo content: the landing page previews at most 3 of today's tips, and these are the only ones.
  server = await startApp({ SEED_DEMO: '0', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
});
afterAll(async () => {
  await server?.stop();
});

interface Record {
  won: number;
  lost: number;
}

const visible = (page: Page, text: string | RegExp) =>
  page.getByText(text).filter({ visible: true }).first().waitFor({ state: 'visible', timeout: 15_000 });

/** An hour from now, but still today in Lagos (the free tips list is today's). */
function kickoffToday(): Date {
  const now = new Date();
  const lastMinute = lagosMidnightEnding(lagosDay(now), 1).getTime() - 60_000;
  return new Date(Math.min(now.getTime() + 3_600_000, lastMinute));
}

describe.each<ViewportName>(['phone', 'desktop'])('at %s size', (viewport) => {
  it('an admin posts a free tip, a visitor sees it on the landing page and /free, the score settles it Won on /past-tips and the record moves', async () => {
    const home = `Enyimba ${viewport === 'phone' ? 'Aba' : 'Heartland'} FC`;
    const away = `Rivers United ${viewport === 'phone' ? 'Stars' : 'Pillars'}`;
    const before = (await callApi<{ record: Record }>(server, 'GET', '/api/tips/record')).record;

    const adminBrowser = await openBrowser(viewport);
    const visitor = await openBrowser(viewport);
    try {
      const { page: desk } = adminBrowser;
      await signIn(desk, server.url, admin.email, admin.password);
      await desk.goto(`${server.url}/admin/free-tips/new`);
      await desk.getByRole('textbox', { name: 'Home team' }).fill(home);
      await desk.getByRole('textbox', { name: 'Away team' }).fill(away);
      await desk.getByRole('textbox', { name: 'League' }).fill('NPFL');
      await desk.getByLabel('Kickoff (Lagos time)').fill(isoToLagosInput(kickoffToday().toISOString()));
      await desk.getByRole('textbox', { name: 'Prediction' }).fill('Home win');
      await visible(desk, `Read as: ${home} to win`);
      await desk.getByRole('textbox', { name: 'Odds' }).fill('1.65');
      await desk.getByRole('button', { name: 'Post tip' }).click();
      await visible(desk, `The free tip ${home} vs ${away} posted.`);

      // A visitor: the landing page's preview and /free show it at once.
      const { page } = visitor;
      await page.goto(server.url);
      // The page is the server's until the app has taken it over; its buttons act from then on.
      await whenHydrated(page);
      await page.getByRole('button', { name: 'Show today’s free tips' }).click();
      await visible(page, home);
      await page.getByText('Home win at 1.65').first().waitFor();
      await page.goto(`${server.url}/free`);
      await whenHydrated(page);
      const card = page.getByRole('article', { name: `${home} vs ${away}: Home win, Pending` });
      await card.waitFor({ timeout: 15_000 });
      await page.screenshot({ path: path.join(screenshots, `free-tips-${viewport}.png`), fullPage: true });

      // The admin records the final score on the match screen.
      await desk.goto(`${server.url}/admin/matches?view=all&q=${encodeURIComponent(home)}`);
      await desk
        .getByRole('link', { name: new RegExp(home) })
        .first()
        .click();
      const form = desk.getByRole('form', { name: `Result of ${home} vs ${away}` });
      await form.waitFor({ timeout: 15_000 });
      await form.getByRole('textbox', { name: `${home} goals` }).fill('2');
      await form.getByRole('textbox', { name: `${away} goals` }).fill('0');
      await form.getByRole('button', { name: 'Save result' }).click();
      await desk.getByRole('alertdialog').getByRole('button', { name: 'Record result' }).click();
      await visible(desk, 'Result saved. 1 item settled.');

      // The visitor sees it Won on /past-tips, and the record has moved.
      await page.goto(`${server.url}/past-tips`);
      await whenHydrated(page);
      const settled = page.getByRole('article', { name: `${home} vs ${away}: Home win, Won` });
      await settled.waitFor({ timeout: 15_000 });
      expect(await settled.textContent()).toContain('2-0');
      const record = page.getByRole('region', { name: 'Our record' });
      const wonTerm = record.getByRole('term').filter({ hasText: /^Won$/ });
      await wonTerm.waitFor();
      expect(await wonTerm.locator('..').textContent()).toBe(`Won${before.won + 1}`);
      await page.screenshot({ path: path.join(screenshots, `past-tips-${viewport}.png`), fullPage: true });
      const after = (await callApi<{ record: Record }>(server, 'GET', '/api/tips/record')).record;
      expect(after).toMatchObject({ won: before.won + 1, lost: before.lost });
    } finally {
      await visitor.close();
      await adminBrowser.close();
    }
  });
});
