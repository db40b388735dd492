import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { paths } from '../web/src/config/paths.ts';
import { screenPaths } from '../web/src/config/screen-paths.ts';
import { adminPaths } from '../web/src/features/admin/utils/admin-paths.ts';
import { accountWithPurchase, callApi, modelContent, waitingFreeTip } from './support/api.ts';
import { chromiumArgs, chromiumPath, openSettled, type ViewportName, viewports } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

/*
 * The public pages, as Lighthouse and a browser's developer tools would judge them: no console
 * error or warning, no issue in the Issues panel (a Content Security Policy report, a form field
 * without a name), and no accessibility violation found by axe-core, the engine behind
 * Lighthouse's accessibility audits (WCAG 2 A and AA, heading order and best practices). Then the
 * same for the signed-in screens and the admin area.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const publicPages = [
  paths.landing,
  paths.login,
  paths.register,
  paths.forgotPassword,
  // Reached from forgot-password with the email carried along (without one it sends the visitor back).
  `${paths.resetPassword}?email=ada.obi%40example.com`,
  paths.verifyOtp,
  paths.bookingCodes,
  paths.free,
  paths.pastTips,
  screenPaths.live,
  paths.terms,
  paths.privacy,
  paths.responsibleGambling,
  '/no-such-page',
];

const admin = { email: 'axe.admin@example.com', password: 'Ax3!Admin-check' };

let server: RunningApp;
let browser: Browser;
let user: Awaited<ReturnType<typeof accountWithPurchase>>;
let adminSession: { token: string; user: unknown };
let freeTip: Awaited<ReturnType<typeof waitingFreeTip>>;

beforeAll(async () => {
  server = await startApp({
    SEED_DEMO: '1',
    PAYMENTS_DEV: '1',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // The match model's screens with content: the bundled results of one season, fitted in a second.
    MODEL_DATA_IMPORT: 'on',
    MODEL_DATA_FROM_SEASON: '2025-26',
  });
  user = await accountWithPurchase(server, {
    email: `axe.${Date.now()}@example.com`,
    password: 'Ax3!Signed-in',
    firstName: 'Chiamaka',
  });
  adminSession = await callApi(server, 'POST', '/api/auth/login', admin);
  freeTip = await waitingFreeTip(server, adminSession.token);
  await modelContent(server, adminSession.token);
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

async function axe(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: an inline <script> would be (rightly) refused by our CSP.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const runner = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await runner.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      // The same as Lighthouse: a pulsing or fading element is judged as it is drawn now.
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes
        .slice(0, 3)
        .map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
    }));
  });
}

/** An address, or one with what to do there before judging it (open a disclosure, type into a field). */
type Screen = string | { path: string; prepare: (page: Page) => Promise<void> };

/**
 * The suggestions with the soonest priced match's picks open, one price typed and another out of
 * range, so the pick rows, their edge and their error message are judged too.
 */
async function openPicks(page: Page) {
  await page
    .getByRole('button', { name: /^Show all \d+ picks of / })
    .first()
    .click();
  const prices = page.getByRole('textbox', { name: /^Bookmaker price for / });
  await prices.nth(0).fill('2.10');
  await prices.nth(1).fill('0.5');
  await page.getByText('Enter decimal odds from 1.01 to 1,000').first().waitFor({ timeout: 5_000 });
}

/**
 * Opens each address in turn and lists what the console, the Issues panel and axe report; with a
 * session, signed in as that account.
 */
async function judge(size: ViewportName, addresses: Screen[], session?: { token: string; user: unknown }) {
  const context = await browser.newContext({
    viewport: viewports[size],
    isMobile: size === 'phone',
    hasTouch: size === 'phone',
  });
  if (session) {
    await context.addInitScript((stored) => {
      window.localStorage.setItem('token', stored.token);
      window.localStorage.setItem('user', JSON.stringify(stored.user));
    }, session);
  }
  const problems: string[] = [];
  try {
    for (const screen of addresses) {
      const { path, prepare } = typeof screen === 'string' ? { path: screen, prepare: undefined } : screen;
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Audits.enable');
      cdp.on('Audits.issueAdded', ({ issue }) => {
        problems.push(`${path}: Issues panel: ${issue.code} ${JSON.stringify(issue.details).slice(0, 300)}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') {
          problems.push(`${path}: console ${message.type()}: ${message.text().slice(0, 300)}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`${path}: page error: ${error.message}`));
      await openSettled(page, `${server.url}${path}`);
      if (prepare) await prepare(page).catch((error: Error) => problems.push(`${path}: ${error.message}`));
      // Let lazy parts (the live socket, toasts) settle before judging.
      await page.waitForTimeout(500);
      for (const violation of await axe(page)) {
        problems.push(
          `${path}: axe ${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
            .map((node) => node.target.join(' '))
            .join(', ')}`,
        );
      }
      await page.close();
    }
  } finally {
    await context.close();
  }
  return problems;
}

// All six walks side by side, each in its own browser context: a walk mostly waits on page loads and
// the network falling quiet, so on two cores six at once take about a third of six in a row. They
// only read, so they cannot disturb each other.
describe.concurrent.each(['phone', 'desktop'] as const)('at %s size', (size) => {
  it('the public pages log nothing to the console or the Issues panel, and axe finds no accessibility violation', async ({
    expect,
  }) => {
    expect(await judge(size, publicPages)).toEqual([]);
  }, 400_000);

  it('so do the signed-in screens', async ({ expect }) => {
    const screens = [
      paths.dashboard,
      paths.wallet,
      paths.referral,
      `${paths.paymentReturn}?reference=${user.depositReference}`,
      paths.bookingCodes,
      `${paths.bookingCodes}/${user.codeId}`,
      paths.myCodes,
      `${paths.booking}/${user.purchaseId}`,
      paths.buyCodes,
      paths.subscribe,
      `${paths.subscribe}/${user.otherPlanId}`,
      paths.rolloverPlans,
      paths.rollover,
      paths.myRollover,
      paths.free,
      paths.pastTips,
      screenPaths.live,
      paths.notifications,
      paths.profile,
      `${paths.profile}?tab=security`,
      `${paths.profile}?tab=preferences`,
      `${paths.profile}?tab=activity`,
      `${paths.profile}?tab=responsible-gambling`,
      `${paths.profile}?tab=data`,
      paths.activity,
      paths.quickActions,
      paths.responsibleGambling,
      '/no-such-page',
    ];
    expect(await judge(size, screens, user)).toEqual([]);
  }, 400_000);

  it('and the admin area', async ({ expect }) => {
    const { tips } = await callApi<{ tips: { _id: string }[] }>(
      server,
      'GET',
      '/api/admin/rollover-tips?limit=1',
      undefined,
      adminSession.token,
    );
    const screens: Screen[] = [
      adminPaths.overview,
      adminPaths.users,
      adminPaths.user(user.user.id),
      adminPaths.bookingCodes,
      adminPaths.newBookingCode,
      adminPaths.bookingCode(user.codeId),
      adminPaths.rolloverPlans,
      adminPaths.newRolloverPlan,
      adminPaths.rolloverPlan(user.planId),
      adminPaths.rolloverTips,
      adminPaths.newRolloverTip,
      adminPaths.rolloverTip(tips[0]?._id ?? 'missing'),
      adminPaths.notifications,
      adminPaths.freeTips,
      adminPaths.newFreeTip,
      adminPaths.freeTip(freeTip._id),
      adminPaths.matches,
      adminPaths.match(freeTip.matchId),
      { path: adminPaths.suggestions, prepare: openPicks },
      adminPaths.model,
      adminPaths.toSettle,
      adminPaths.settings,
      adminPaths.deposits,
      adminPaths.withdrawals,
      adminPaths.audit,
    ];
    expect(await judge(size, screens, adminSession)).toEqual([]);
  }, 400_000);
});
