import { type Browser, type ConsoleMessage, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPageHeadings } from '../server/test/public-page-headings.ts';
import { verifiedAccount } from './support/api.ts';
import {
  chromiumArgs,
  chromiumPath,
  openSettled,
  signIn,
  viewports,
  whenHydrated,
} from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

/*
 * The public pages as the server sends them (PRODUCT 14, decision 018): the raw HTML already holds
 * what Chromium shows once the JavaScript has run, the browser hydrates it without a mismatch (React
 * reports one as a recoverable error in the console) and without fetching the page's data again, and
 * the page works as an app afterwards. A signed-in browser gets its own layout, never the visitor's.
 */

let server: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startApp({ SEED_DEMO: '1', PAYMENTS_DEV: '1' }),
    chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The visible text of the page's first heading in raw HTML, tags removed. */
function headingOf(html: string): string | undefined {
  return html
    .match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&');
}

/** Whether React has hydrated this element (it keeps its fiber on the DOM node). */
function heldByReact(element: Locator): Promise<boolean> {
  return element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber')));
}

/** Console errors and warnings, page errors, and the API requests and scripts the page makes. */
function watch(page: Page) {
  const problems: string[] = [];
  const apiRequests: string[] = [];
  const scripts: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(url.pathname);
    if (request.resourceType() === 'script') scripts.push(url.pathname.split('/').at(-1) ?? '');
  });
  return { problems, apiRequests, scripts };
}

describe('public pages rendered on the server', () => {
  // Side by side (each mostly waits for the network to fall quiet), so each uses its own `expect`.
  it.concurrent.for(Object.entries(publicPageHeadings))(
    '%s hydrates its server HTML without a mismatch or a refetch, and loads no signed-in code',
    async ([path, heading], { expect }) => {
      const raw = await fetch(`${server.url}${path}`);
      const html = await raw.text();
      expect(html).toContain('data-server-rendered');
      expect(headingOf(html)).toBe(heading);

      const context = await browser.newContext({ viewport: viewports.phone, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const { problems, apiRequests, scripts } = watch(page);
      await openSettled(page, `${server.url}${path}`);
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(heading);
      // No signed-in or admin chunk (decision 003); e2e/public-chunks.e2e.test.ts checks that they exist.
      expect(scripts.length, path).toBeGreaterThan(2);
      expect(
        scripts.filter((file) => /^(signed-in|admin)[\w-]*\.js$/.test(file)),
        path,
      ).toEqual([]);
      // The page's code came from the list in its HTML, asked for together once the page was painted,
      // not found one lazy import after another; only chunks a screen loads after hydration come later
      // (the toast host, the live-score socket, the phone field).
      const listed = JSON.parse(
        html.slice(
          html.indexOf('>', html.indexOf('id="page-scripts"')) + 1,
          html.indexOf('</script>', html.indexOf('id="page-scripts"')),
        ),
      ) as { entry: string; preload: string[] };
      const listedFiles = new Set([listed.entry, ...listed.preload].map((file) => file.split('/').at(-1)));
      expect(
        scripts.filter((file) => !listedFiles.has(file) && !/^(toasts|socket|phone-field)-/.test(file)),
        `scripts of ${path} not named in its HTML`,
      ).toEqual([]);
      // A page that only shows things builds no schemas: zod loads with the sign-in forms alone.
      const forms = ['/login', '/register', '/forgot-password'];
      expect(
        scripts.filter((file) => /^zod-/.test(file)),
        path,
      ).toEqual(forms.includes(path) ? [expect.stringMatching(/^zod-/)] : []);
      // The markup the browser ends with is the server's: same heading, same number of links.
      const serverLinks = (html.slice(html.indexOf('id="root"')).match(/<a\s/g) ?? []).length;
      expect(await page.locator('#root a').count()).toBe(serverLinks);
      expect(problems, `console of ${path}`).toEqual([]);
      // Only the visitor's own location is asked for; the page's data came with it.
      expect(
        apiRequests.filter((url) => url !== '/api/geo'),
        `API requests of ${path}`,
      ).toEqual([]);

      // Hydrated: a link is the app's own (no page load), and the screen it opens works.
      await page.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });
      const target = path === '/privacy' ? '/terms' : '/privacy';
      const link = page.locator(`#root a[href="${target}"]`).first();
      // Before hydration it is a plain link the browser follows itself: wait until React holds it.
      await expect.poll(() => heldByReact(link), { timeout: 15_000 }).toBe(true);
      await link.click();
      await page.waitForURL(`**${target}`);
      await expect
        .poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 })
        .toBe(target === '/terms' ? 'Terms of Service' : 'Privacy Policy');
      // The tab's title follows (the server's HTML had the first page's).
      expect(await page.title()).toBe(
        target === '/terms' ? 'Terms of Service — CashTips' : 'Privacy Policy — CashTips',
      );
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      );
      await context.close();
    },
  );

  it('the code list works after hydration: a search filters the server-rendered cards', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    const { problems } = watch(page);
    await openSettled(page, `${server.url}/booking-codes`);
    const cards = page.locator('#root article');
    const before = await cards.count();
    expect(before).toBeGreaterThan(1);
    const firstTitle = (await cards.first().locator('h3').textContent()) ?? '';
    const search = page.getByRole('searchbox', { name: 'Search codes' });
    await expect.poll(() => heldByReact(search), { timeout: 15_000 }).toBe(true);
    await search.fill(firstTitle.split(' vs ')[0] ?? '');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeLessThan(before);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps what was typed into the login form before the app loaded, its button working all along', async () => {
    const email = `early.${Date.now()}@example.com`;
    const password = 'Str0ng!Pass';
    await verifiedAccount(server, { email, password, firstName: 'Tunde' });
    const context = await browser.newContext({ viewport: viewports.phone, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    // The app's code waits (a slow phone network) while the visitor types into the server's form.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    // The button works before the app (a tap then is held and sent by it: slow-phone-sign-in.e2e.test.ts).
    await expect(page.getByRole('button', { name: 'Login' }).isEnabled()).resolves.toBe(true);
    release();
    await whenHydrated(page);
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard', { timeout: 20_000 });
    expect(page.url()).not.toContain('password');
    await context.close();
  });

  it('a signed-in browser gets its own layout on a public page, never the visitor’s first', async () => {
    const email = `ssr.${Date.now()}@example.com`;
    const password = 'Str0ng!Pass';
    await verifiedAccount(server, { email, password, firstName: 'Ngozi' });
    const context = await browser.newContext({ viewport: viewports.phone, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signIn(page, server.url, email, password);
    const documents: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'document') documents.push(await response.text());
    });
    await page.goto(`${server.url}/booking-codes`, { waitUntil: 'networkidle' });
    // The server sent the shell (no visitor markup to flash), and the app drew the signed-in layout.
    expect(documents).toHaveLength(1);
    expect(documents[0]).toContain('<div id="root"></div>');
    expect(documents[0]).not.toContain('Get Started');
    await expect
      .poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 })
      .toBe('Premium Booking Codes');
    expect(await page.getByRole('link', { name: 'Get Started' }).count()).toBe(0);
    // Signing out takes the hint away: the next public page is the visitor's rendered one.
    await context.clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(`${server.url}/booking-codes`, { waitUntil: 'networkidle' });
    expect(documents.at(-1)).toContain('data-server-rendered');
    await context.close();
  });
});
