import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath, openSettled, viewports, whenHydrated } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

/*
 * Installable and offline (PRODUCT 14): the manifest and its icons as a browser reads them, and the
 * service worker (the push worker, extended) keeping the pages a visitor opened for when the network
 * is gone, with an offline page for the others and a banner saying what is shown.
 */

let server: RunningApp;
let browser: Browser;
const screenshots = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-results');

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  server = await startApp();
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A PNG's own width and height, from its IHDR chunk (the first one, right after the signature). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function fetchPng(url: string): Promise<{ width: number; height: number }> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type'), url).toBe('image/png');
  return pngSize(Buffer.from(await response.arrayBuffer()));
}

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

describe('installable', () => {
  it('serves the manifest as application/manifest+json, and each icon it lists at the size it declares', async () => {
    const response = await fetch(`${server.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json(;|$)/);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'CashTips',
      short_name: 'CashTips',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#022c22',
    });
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(await fetchPng(new URL(icon.src, server.url).href)).toEqual({ width, height });
    }
  });

  it('is named by every page, with an Apple touch icon of 180 px', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/booking-codes`);
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
      expect(await fetchPng(new URL(touchIcon ?? '', server.url).href)).toEqual({ width: 180, height: 180 });
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#022c22');
    } finally {
      await page.close();
    }
  });
});

/** Resolves once this page's address and every hashed file it loaded are in the worker's caches. */
async function savedForOffline(page: Page): Promise<void> {
  // The app's files are asked for once the page has been painted: wait until the app holds the page,
  // or the check could pass on the few files fetched so far.
  await whenHydrated(page);
  // page.evaluate awaits the check's promise (waitForFunction would take the promise itself as truthy).
  const saved = () =>
    page.evaluate(async () => {
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
        .map((url) => url.href);
      const found = await Promise.all(
        [location.origin + location.pathname, ...files].map((url) => caches.match(url, { ignoreVary: true })),
      );
      return files.length > 0 && found.every(Boolean);
    });
  await expect.poll(saved, { timeout: 15_000, interval: 200 }).toBe(true);
}

/**
 * Tells a page opened while offline that the device is offline. Chromium 150 (Debian's in November
 * 2026) applies Playwright's offline emulation to `navigator.onLine` only in the document that was open
 * when it was set: a page opened afterwards says it is online, which no offline phone does. The same
 * emulation sent again through a session of its own reaches the new document (its `offline` event
 * fires); a Chromium that already does this sees no change. `deviceOnline` ends these sessions (each
 * one keeps the network off while attached) and brings the network back.
 */
const offlineSessions: CDPSession[] = [];

async function deviceOfflineForThisPage(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  offlineSessions.push(session);
  await session.send('Network.emulateNetworkConditions', {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

async function deviceOnline(context: BrowserContext): Promise<void> {
  for (const session of offlineSessions.splice(0)) await session.detach().catch(() => undefined);
  await context.setOffline(false);
}

/** The banner's text (its status region is always there, empty and of no size while online). */
const banner = (page: Page) => page.getByRole('status').locator('p').filter({ hasText: 'You are offline.' });

describe('offline', () => {
  it('shows the pages opened before from the cache with a banner, the offline page for the others, and drops the banner back online', async () => {
    const context = await browser.newContext({ viewport: viewports.phone, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    try {
      // Online: the first page loads before the worker exists; it registers, takes control, and keeps
      // the page and its files all the same.
      await page.goto(`${server.url}/`);
      await page.getByRole('heading', { level: 1, name: /Smarter football tips/ }).waitFor();
      const cookieNotice = page.getByRole('region', { name: 'Cookie notice' });
      await cookieNotice.waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 20_000,
      });
      await savedForOffline(page);
      await page.goto(`${server.url}/booking-codes`);
      await page.getByRole('heading', { level: 1, name: 'Premium Booking Codes' }).waitFor();
      await savedForOffline(page);
      // Never kept: the API and the live socket (private data, money), nor the admin area.
      await page.goto(`${server.url}/admin`);
      await page.waitForLoadState('networkidle');
      const kept = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys())
            urls.push(new URL(request.url).pathname);
        }
        return urls;
      });
      expect(kept).toEqual(expect.arrayContaining(['/', '/booking-codes', '/offline.html']));
      expect(kept.filter((url) => /^\/(api|socket\.io|admin)(\/|$)/.test(url))).toEqual([]);
      expect(await banner(page).count()).toBe(0);
      expect(problems).toEqual([]);

      await context.setOffline(true);
      const fromCache = await page.goto(`${server.url}/booking-codes`);
      expect(fromCache?.fromServiceWorker()).toBe(true);
      await page.getByRole('heading', { level: 1, name: 'Premium Booking Codes' }).waitFor();
      await deviceOfflineForThisPage(page);
      await banner(page).waitFor();
      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await page.getByRole('heading', { level: 1, name: 'Premium Booking Codes' }).waitFor();
      await deviceOfflineForThisPage(page);
      await banner(page).waitFor();
      await expect(banner(page).innerText()).resolves.toBe(
        'You are offline. This page shows what was saved on your last visit and will update when you are back online.',
      );
      await shoot(page, 'offline-banner-booking-codes');

      await page.goto(`${server.url}/`);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /Smarter football tips/ }).waitFor();
      await deviceOfflineForThisPage(page);
      await banner(page).waitFor();
      // It floats where the banner does, and waits for the network.
      await cookieNotice.waitFor({ state: 'hidden' });

      // A page this browser never opened: the offline page, at the address asked for.
      await page.goto(`${server.url}/terms`);
      await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
      expect(page.url()).toBe(`${server.url}/terms`);
      await expect(page.locator('body').innerText()).resolves.toContain(
        'This page has not been saved on this device yet. Try again when you are connected.',
      );
      await shoot(page, 'offline-page');
      // Still offline, "Try again" asks again and lands on the offline page again.
      await page.getByRole('link', { name: 'Try again' }).click();
      await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();

      // Back online: "Try again" opens the real page.
      await deviceOnline(context);
      await page.getByRole('link', { name: 'Try again' }).click();
      await page.getByRole('heading', { level: 1, name: /Terms/ }).waitFor();

      // A saved page opened offline drops its banner when the network comes back, and nothing moves.
      await context.setOffline(true);
      await page.goto(`${server.url}/booking-codes`);
      await deviceOfflineForThisPage(page);
      await banner(page).waitFor();
      const heading = page.getByRole('heading', { level: 1, name: 'Premium Booking Codes' });
      const before = await heading.boundingBox();
      await deviceOnline(context);
      await banner(page).waitFor({ state: 'detached' });
      expect(await heading.boundingBox()).toEqual(before);
    } finally {
      await context.close();
    }
  });

  it('keeps the banner readable on a 320 px phone, floating over the page, with the Telegram button out of its way', async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true });
    const page = await context.newPage();
    try {
      // A page without a form control: on phones the button steps aside on those anyway (index.css, `.fab`).
      // The heading is in the server's HTML: wait for the app's code too, or going offline stops it loading.
      await openSettled(page, `${server.url}/terms`);
      await page.getByRole('heading', { level: 1, name: /Terms/ }).waitFor();
      const telegram = page.getByRole('link', { name: /Telegram bot/ });
      await telegram.waitFor();
      await context.setOffline(true);
      await banner(page).waitFor();
      // It cannot open offline, and it would sit on the banner's corner.
      await telegram.waitFor({ state: 'hidden' });
      const box = await banner(page).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(320);
      expect(box!.y + box!.height).toBeLessThanOrEqual(640);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      expect(await banner(page).evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
      // Whatever is drawn at the banner's centre is the banner.
      const onTop = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="status"]') !== null,
        { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 },
      );
      expect(onTop).toBe(true);
      await context.setOffline(false);
      await telegram.waitFor({ state: 'visible' });
    } finally {
      await context.close();
    }
  });
});

/** What a visitor sees at both sizes (not the full page: the banner floats over the viewport). */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshots, `${name}-phone.png`) });
  await page.setViewportSize(viewports.desktop);
  await page.screenshot({ path: path.join(screenshots, `${name}-desktop.png`) });
  await page.setViewportSize(viewports.phone);
}
