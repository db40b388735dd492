import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../web/src/config/paths.ts';
import { adminPaths } from '../web/src/features/admin/utils/admin-paths.ts';
import { callApi, verifiedAccount } from './support/api.ts';
import { chromiumArgs, chromiumPath } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

/*
 * Every screen on small phones: at 320, 360 and 390 px wide no page may be wider than the screen
 * (nothing scrolls sideways), and on signed-in screens the bottom bar stays whole in view. The
 * route list is checked against the app's own path tables, so a new screen cannot be left out.
 */

const WIDTHS = [320, 360, 390] as const;
const HEIGHT = 740;
const screenshots = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-results', 'responsive');
const admin = { email: 'walk.admin@example.com', password: 'W4lk!Admin' };
const password = 'Ph0nes!Small';

let server: RunningApp;
let browser: Browser;
let userSession: { token: string; user: unknown };
let adminSession: { token: string; user: unknown };
const ids = { code: '', purchase: '', user: '', reference: '' };

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  server = await startApp({
    SEED_DEMO: '1',
    PAYMENTS_DEV: '1',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  const api = <T>(method: string, url: string, body?: unknown, token?: string) =>
    callApi<T>(server, method, url, body, token);
  // A user whose screens have content: money, a purchase, a deposit reference.
  const account = await verifiedAccount(server, {
    email: `small.phones.${Date.now()}@example.com`,
    password,
    firstName: 'Oluwaseyifunmi',
  });
  userSession = { token: account.token, user: account.user };
  const deposit = await api<{ reference: string }>(
    'POST',
    '/api/wallet/deposit',
    { amount: 20_000, provider: 'dev' },
    account.token,
  );
  ids.reference = deposit.reference;
  const codes = await api<Array<{ _id: string; price: number }>>(
    'GET',
    '/api/booking-codes?limit=20&sort=price',
  );
  const code = codes.find((candidate) => candidate.price <= 20_000);
  if (!code) throw new Error('no affordable demo code');
  ids.code = code._id;
  await api('POST', `/api/booking-codes/purchase/${code._id}`, { walletType: 'main' }, account.token);
  const purchases = await api<Array<{ _id: string }>>(
    'GET',
    '/api/booking-codes/purchased',
    undefined,
    account.token,
  );
  ids.purchase = purchases[0]?._id ?? '';
  const adminLogin = await api<{ token: string; user: { id: string } }>('POST', '/api/auth/login', admin);
  adminSession = { token: adminLogin.token, user: adminLogin.user };
  ids.user = account.user.id;
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Visit = { path: string; as: 'visitor' | 'user' | 'admin'; ready: string };

/** Every screen, with who opens it and text that shows it has loaded. */
function visits(): Visit[] {
  return [
    { path: paths.landing, as: 'visitor', ready: 'Get Started' },
    { path: paths.login, as: 'visitor', ready: 'Forgot password' },
    { path: paths.register, as: 'visitor', ready: 'Send OTP' },
    { path: paths.forgotPassword, as: 'visitor', ready: 'Send OTP' },
    { path: paths.verifyOtp, as: 'visitor', ready: 'Verify' },
    { path: paths.bookingCodes, as: 'visitor', ready: 'Quick Preview' },
    { path: paths.terms, as: 'visitor', ready: 'Terms of Service' },
    { path: paths.privacy, as: 'visitor', ready: 'Privacy Policy' },
    { path: paths.responsibleGambling, as: 'visitor', ready: 'Responsible Gambling' },
    { path: '/no-such-page', as: 'visitor', ready: 'Page not found' },
    { path: paths.dashboard, as: 'user', ready: 'Welcome back' },
    { path: paths.wallet, as: 'user', ready: 'Transaction history' },
    { path: paths.referral, as: 'user', ready: 'Referral' },
    { path: `${paths.paymentReturn}?reference=${ids.reference}`, as: 'user', ready: 'balance now' },
    { path: paths.bookingCodes, as: 'user', ready: 'Quick Preview' },
    { path: `${paths.bookingCodes}/${ids.code}`, as: 'user', ready: 'How to use this code' },
    { path: paths.myCodes, as: 'user', ready: 'Codes bought' },
    { path: `${paths.booking}/${ids.purchase}`, as: 'user', ready: 'How to use this code' },
    { path: paths.buyCodes, as: 'user', ready: 'Buy Now' },
    { path: paths.terms, as: 'user', ready: 'Terms of Service' },
    { path: '/no-such-page', as: 'user', ready: 'Page not found' },
    { path: adminPaths.users, as: 'admin', ready: 'Users' },
    { path: adminPaths.user(ids.user), as: 'admin', ready: 'Oluwaseyifunmi' },
    { path: adminPaths.bookingCodes, as: 'admin', ready: 'Booking codes' },
    { path: adminPaths.newBookingCode, as: 'admin', ready: 'Games' },
    { path: adminPaths.bookingCode(ids.code), as: 'admin', ready: 'Buyers' },
    { path: adminPaths.deposits, as: 'admin', ready: 'Deposits' },
    { path: adminPaths.audit, as: 'admin', ready: 'Audit log' },
  ];
}

/** What sticks out to the right of the screen, for the failure message. */
async function overflow(page: Page, width: number) {
  // Measured against the phone's width, not window.innerWidth: a mobile browser widens its layout
  // viewport to fit content that is too wide (and zooms out), which hides the very overflow we look for.
  return page.evaluate((width) => {
    const tooWide: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      // Only the outermost culprit: a child of a too-wide element is reported through its parent.
      if (element.parentElement && element.parentElement.getBoundingClientRect().right > width + 1) continue;
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(element.getAttribute('class') ?? '').slice(0, 60)}`;
      tooWide.push(
        `${name} (right ${Math.round(box.right)} > ${width}) "${(element.textContent ?? '').trim().slice(0, 40)}"`,
      );
    }
    return {
      scrollWidth: Math.max(document.documentElement.scrollWidth, window.innerWidth),
      width,
      tooWide: tooWide.slice(0, 6),
    };
  }, width);
}

describe('every screen on small phones', () => {
  it('covers every route of the app', () => {
    const visited = new Set(
      visits().map((visit) => visit.path.split('?')[0]?.replace(/\/[0-9a-f-]{36}$/, '/:id')),
    );
    const expected = [
      ...Object.values(paths).map((value) =>
        [paths.booking, paths.admin].includes(value as never) ? `${value}/:id` : value,
      ),
      `${paths.bookingCodes}/:id`,
      ...Object.values(adminPaths).map((value) =>
        typeof value === 'function' ? value('x').replace(/x$/, ':id') : value,
      ),
    ].filter((value) => value !== `${paths.admin}/:id` && value !== paths.resetPassword);
    for (const route of expected) expect(visited, route).toContain(route);
  });

  for (const width of WIDTHS) {
    it(`nothing scrolls sideways at ${width} px and the bottom bar stays in view`, async () => {
      const problems: string[] = [];
      for (const who of ['visitor', 'user', 'admin'] as const) {
        const context = await browser.newContext({
          viewport: { width, height: HEIGHT },
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: 1,
        });
        const session = who === 'user' ? userSession : who === 'admin' ? adminSession : undefined;
        if (session) {
          await context.addInitScript((stored) => {
            window.localStorage.setItem('token', stored.token);
            window.localStorage.setItem('user', JSON.stringify(stored.user));
          }, session);
        }
        const page = await context.newPage();
        try {
          for (const visit of visits().filter((candidate) => candidate.as === who)) {
            await page.goto(`${server.url}${visit.path}`);
            await page
              .getByText(visit.ready)
              .filter({ visible: true })
              .first()
              .waitFor({ state: 'visible', timeout: 8_000 })
              .catch(() => problems.push(`${width}px ${who} ${visit.path}: never showed "${visit.ready}"`));
            await page.waitForTimeout(150);
            const measured = await overflow(page, width);
            if (measured.scrollWidth > measured.width) {
              problems.push(
                `${width}px ${who} ${visit.path}: page is ${measured.scrollWidth} px wide: ${measured.tooWide.join('; ')}`,
              );
            }
            if (who !== 'visitor' && !visit.path.startsWith(paths.admin)) {
              const bar = await page
                .locator('[data-bottom-bar]')
                .boundingBox({ timeout: 3_000 })
                .catch(() => null);
              if (
                !bar ||
                bar.x < 0 ||
                bar.x + bar.width > width + 1 ||
                bar.y + bar.height > HEIGHT + 1 ||
                bar.y < 0
              ) {
                problems.push(
                  `${width}px ${who} ${visit.path}: bottom bar out of view ${JSON.stringify(bar)}`,
                );
              }
            }
            const file = `${width}-${who}-${visit.path.replace(/[^a-z0-9]+/gi, '_').slice(0, 60) || 'home'}.png`;
            await page.screenshot({ path: path.join(screenshots, file), fullPage: true });
          }
        } finally {
          await context.close();
        }
      }
      expect(problems).toEqual([]);
    }, 400_000);
  }
});
