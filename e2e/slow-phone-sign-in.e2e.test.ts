import type { Browser, Page, Route } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './support/api.ts';
import { chromiumArgs, chromiumPath, viewports } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

/*
 * /login on a slow phone (issue 34, decision 018): the server's HTML paints the form long before the
 * app's JavaScript has arrived and run. The form must work from its first paint: a tap on Login before
 * the app has loaded shows that it is signing in and, once the app is there, signs in with what was
 * typed, never sending the form the browser's own way (a page load, the password in the request).
 */

let server: RunningApp;
let browser: Browser;
const password = 'Sl0w!Phone';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startApp({ SEED_DEMO: '0' }),
    chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Console errors (a hydration mismatch, a CSP refusal), page errors, and every request the page sends. */
function watch(page: Page) {
  const problems: string[] = [];
  const requests: { method: string; url: string }[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => requests.push({ method: request.method(), url: request.url() }));
  return { problems, requests };
}

/** Whether React holds the form yet (it keeps its fiber on the DOM node). */
const heldByReact = (page: Page) =>
  page
    .locator('form')
    .first()
    .evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber')));

describe('signing in on a slow phone', () => {
  it('a tap on Login before the app has loaded says it is signing in, then signs in once the app is there', async () => {
    const email = `early.tap.${Date.now()}@example.com`;
    await verifiedAccount(server, { email, password, firstName: 'Adaeze' });
    const context = await browser.newContext({ viewport: viewports.phone, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const { problems, requests } = watch(page);
    // The app's code is held back at the server's door until the test lets it through.
    const held: Route[] = [];
    let release = false;
    await page.route('**/assets/*.js', (route) => {
      if (release) void route.continue();
      else held.push(route);
    });

    await page.goto(`${server.url}/login`, { waitUntil: 'domcontentloaded' });
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await login.waitFor({ state: 'visible' });
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    expect(await heldByReact(page)).toBe(false);
    // The app was asked for and is not there yet: the tap happens on the server's HTML alone.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await login.click({ timeout: 5_000 });

    // Busy, in words (on the button, and to screen readers), still on the page with what was typed.
    const busy = page.getByRole('button', { name: 'Logging in...', exact: true });
    await busy.waitFor({ state: 'visible', timeout: 5_000 });
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Logging in...' }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(password);
    expect(await heldByReact(page)).toBe(false);
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    release = true;
    for (const route of held.splice(0)) await route.continue();
    await page.waitForURL('**/dashboard', { timeout: 30_000 });
    await page.getByText('Welcome back').first().waitFor({ state: 'visible', timeout: 15_000 });
    // Signed in once, through the API, the password never in an address.
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => new URL(request.url).pathname)).toEqual(['/api/auth/login']);
    expect(requests.some((request) => request.url.includes(encodeURIComponent(password)))).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a throttled phone (400 kbps, 300 ms, CPU 4x), a tap at the first paint of the form signs in', async () => {
    const email = `slow.phone.${Date.now()}@example.com`;
    await verifiedAccount(server, { email, password, firstName: 'Chinedu' });
    const context = await browser.newContext({ viewport: viewports.phone, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const { problems } = watch(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 300,
      downloadThroughput: (400 * 1024) / 8,
      uploadThroughput: (400 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    const opened = Date.now();
    await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await login.waitFor({ state: 'visible', timeout: 30_000 });
    const painted = Date.now() - opened;
    // Typed and sent as fast as a password manager would: long before the app is running.
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    const tappedBeforeTheApp = !(await heldByReact(page));
    await login.click({ timeout: 2_000 });
    await page.waitForURL('**/dashboard', { timeout: 60_000 });
    const signedIn = Date.now() - opened;
    console.info(`slow phone: form painted after ${painted} ms, signed in after ${signedIn} ms`);
    expect(tappedBeforeTheApp).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
