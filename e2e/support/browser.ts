import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page, type Request } from 'playwright-core';

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export type ViewportName = keyof typeof viewports;

/** Debian's Chromium (never a downloaded browser), with the flags this closed network needs. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function openBrowser(
  viewport: ViewportName,
  /** Where the browser says it is: its time zone (`Africa/Lagos`) and language (`en-US`). */
  settings: { timezoneId?: string; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'cashtips-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: viewports[viewport],
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    args: chromiumArgs,
    ...settings,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard', { timeout: 15_000 });
}

/**
 * Resolves once the page's Socket.IO connection has completed its handshake (the '40' packet).
 * Call before the page opens it, then await after: a live event sent earlier would be missed.
 */
export function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      });
    });
  });
}

/**
 * Waits until the app has taken over a server-rendered page (its heading is held by React): until
 * then its buttons are plain HTML, and a tap on one does nothing, but for the sign-in forms' submit,
 * which is held until the app sends it (decision 018).
 */
export async function whenHydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const heading = document.querySelector('#root h1');
      return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
    },
    undefined,
    { timeout: 30_000 },
  );
}

/**
 * Opens a server-rendered page and waits until the app holds it and the network has been quiet for
 * half a second. Chromium's own "network idle" can come before the app has even been asked for: the
 * page's start script waits for the first paint (decision 018), which a busy machine delays past
 * the idle window. The live-score socket is left out: its connection stays open by design.
 */
export async function openSettled(page: Page, url: string, quietMs = 500): Promise<void> {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const counted = (request: Request) => !request.url().includes('/socket.io/');
  const started = (request: Request) => {
    if (!counted(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (!inFlight.delete(request)) return;
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.goto(url);
    await whenHydrated(page);
    const deadline = Date.now() + 30_000;
    while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > deadline)
        throw new Error(`${url}: still loading ${[...inFlight].map((r) => r.url()).join(', ')}`);
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
