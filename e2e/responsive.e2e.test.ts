import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../web/src/config/paths.ts';
import { screenPaths } from '../web/src/config/screen-paths.ts';
import { adminPaths } from '../web/src/features/admin/utils/admin-paths.ts';
import { accountWithPurchase, callApi, modelContent, waitingFreeTip } from './support/api.ts';
import { chromiumArgs, chromiumPath, whenHydrated } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

/*
 * Every screen on small phones and a desktop: at 320, 360, 390 and 1280 px wide no page may be wider
 * than the screen (nothing scrolls sideways) and nothing may be cut off at its edge, spill out of its
 * box, break a number or a word inside, cut a code, a label or a placeholder with "…" or by its box (a
 * select too narrow for its options), or sit under the Telegram button where it cannot be scrolled clear,
 * also with the screen's dialog or menu open; on the forms and working screens (the wallet, the plan
 * calculator, self-exclusion, the admin area) the button covers nothing at any scroll position on a phone;
 * on signed-in phone screens the bottom bar stays whole in view. The route list is checked against the
 * app's route tables and path tables, so a new screen cannot be left out.
 */

/** Phones, and a desktop (where there is no bottom bar). */
const WIDTHS = [320, 360, 390, 1280] as const;
const phone = (width: number) => width < 768;
const HEIGHT = 740;
const screenshots = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-results', 'responsive');
/** A picture of every screen at every width (about 280), to look at: `E2E_SCREENSHOTS=1`. */
const keepScreenshots = process.env.E2E_SCREENSHOTS === '1';
const admin = { email: 'walk.admin@example.com', password: 'W4lk!Admin' };
const password = 'Ph0nes!Small';

let server: RunningApp;
let browser: Browser;
let userSession: { token: string; user: unknown };
let adminSession: { token: string; user: unknown };
const adminRollover = { plan: '', tip: '' };
const adminResults = { freeTip: '', match: '', home: '', away: '' };
const ids = { code: '', purchase: '', user: '', reference: '', otherPlan: '' };

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  server = await startApp({
    SEED_DEMO: '1',
    PAYMENTS_DEV: '1',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // The match model's screens with content: the bundled results of one season, fitted in a second.
    MODEL_DATA_IMPORT: 'on',
    MODEL_DATA_FROM_SEASON: '2025-26',
  });
  // A user whose screens have content: money, a purchase, a deposit reference.
  const account = await accountWithPurchase(server, {
    email: `small.phones.${Date.now()}@example.com`,
    password,
    firstName: 'Oluwaseyifunmi',
  });
  userSession = { token: account.token, user: account.user };
  Object.assign(ids, {
    reference: account.depositReference,
    code: account.codeId,
    purchase: account.purchaseId,
    user: account.user.id,
    otherPlan: account.otherPlanId,
  });
  const adminLogin = await callApi<{ token: string; user: unknown }>(
    server,
    'POST',
    '/api/auth/login',
    admin,
  );
  adminSession = { token: adminLogin.token, user: adminLogin.user };
  // The admin rollover screens open an active demo plan and a pending demo tip (its Void button works).
  const { plans: adminPlans } = await callApi<{ plans: { _id: string; active: boolean }[] }>(
    server,
    'GET',
    '/api/admin/rollover-plans',
    undefined,
    adminLogin.token,
  );
  const { tips: pendingTips } = await callApi<{ tips: { _id: string }[] }>(
    server,
    'GET',
    '/api/admin/rollover-tips?result=pending&limit=1',
    undefined,
    adminLogin.token,
  );
  adminRollover.plan = adminPlans.find((plan) => plan.active)?._id ?? '';
  adminRollover.tip = pendingTips[0]?._id ?? '';
  // A free tip waiting to be settled: its screen, its match's score form and the to-settle queue have content.
  const freeTip = await waitingFreeTip(server, adminLogin.token);
  Object.assign(adminResults, {
    freeTip: freeTip._id,
    match: freeTip.matchId,
    home: freeTip.teamA,
    away: freeTip.teamB,
  });
  // A priced upcoming match between long club names, and a settled model pick for the calibration chart.
  await modelContent(server, adminLogin.token);
  // Today's second tip of the user's plan: long club names and the longest code, which My Rollover and
  // Rollover Tips must show without breaking a name inside or cutting the code with "…".
  await callApi(
    server,
    'POST',
    '/api/admin/rollover-tips',
    {
      planId: account.planId,
      games: [
        {
          teamA: 'Middlesbrough',
          teamB: 'Wolverhampton Wanderers',
          league: 'Championship',
          kickoff: new Date(Date.now() + 5 * 3_600_000).toISOString(),
          prediction: 'Over 1.5 goals',
          odds: 1.3,
        },
      ],
      bookingCode: 'RLMIDDLESBROUGHWOLVERHAMPTON2026XYZ4821',
      bookmaker: 'SportyBet',
      confidence: 88,
    },
    adminLogin.token,
  );
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Visit = {
  path: string;
  as: 'visitor' | 'user' | 'admin';
  /** Text that shows the screen has loaded. */
  ready: string;
  /** A button pressed in the page before it is checked (a step that shows a form's fields). */
  step?: string | RegExp;
  /**
   * On a phone, nothing of the screen may pass under the Telegram button at any scroll position (the
   * screen is a form or a working screen: the button steps aside there). Every admin screen is one.
   */
  telegramNever?: boolean;
  /**
   * Then opened with this button (a dialog, a menu), after filling these labelled fields, checked
   * again open, and closed with Escape.
   */
  open?: {
    fill?: Record<string, string>;
    button: string | RegExp;
    shows: 'dialog' | 'alertdialog' | 'menu' | 'region' | 'list';
    /** The shown element's accessible name, where the role alone is not enough. */
    named?: string;
  };
};

/** A long address, as people type them: the reset screen repeats it in its subtitle. */
const longEmail = 'oluwaseyifunmi.adebayo-okonkwo.1990@example.com';

/** Every screen, with who opens it and text that shows it has loaded. */
function visits(): Visit[] {
  return [
    { path: paths.landing, as: 'visitor', ready: 'Get Started' },
    { path: paths.login, as: 'visitor', ready: 'Forgot password' },
    { path: paths.register, as: 'visitor', ready: 'Send OTP' },
    { path: paths.forgotPassword, as: 'visitor', ready: 'Send OTP' },
    // The email carried from the forgot-password screen (without one it sends the visitor back there).
    {
      path: `${paths.resetPassword}?email=${encodeURIComponent(longEmail)}`,
      as: 'visitor',
      ready: 'Reset your password',
    },
    { path: paths.verifyOtp, as: 'visitor', ready: 'Verify' },
    {
      path: paths.bookingCodes,
      as: 'visitor',
      ready: 'Quick Preview',
      open: { button: 'Quick Preview', shows: 'dialog' },
    },
    { path: paths.free, as: 'visitor', ready: 'Get every free tip first' },
    { path: paths.freeTips, as: 'visitor', ready: 'Get every free tip first' },
    { path: paths.pastTips, as: 'visitor', ready: 'Our record' },
    { path: screenPaths.live, as: 'visitor', ready: 'Live Scores' },
    { path: paths.terms, as: 'visitor', ready: 'Terms of Service' },
    { path: paths.privacy, as: 'visitor', ready: 'Privacy Policy' },
    { path: paths.responsibleGambling, as: 'visitor', ready: 'Responsible Gambling' },
    { path: '/no-such-page', as: 'visitor', ready: 'Page not found' },
    {
      path: paths.dashboard,
      as: 'user',
      ready: 'Welcome back',
      open: { button: 'Open menu', shows: 'dialog' },
    },
    {
      path: paths.dashboard,
      as: 'user',
      ready: 'Welcome back',
      open: { button: 'Account menu for Oluwaseyifunmi', shows: 'menu' },
    },
    // The bottom bar's More menu opens over the corner where the Telegram button floats.
    { path: paths.dashboard, as: 'user', ready: 'Welcome back', open: { button: 'More', shows: 'menu' } },
    {
      path: paths.wallet,
      as: 'user',
      ready: 'Transaction history',
      telegramNever: true,
      open: { button: 'Deposit', shows: 'dialog' },
    },
    { path: paths.referral, as: 'user', ready: 'Referral' },
    { path: screenPaths.live, as: 'user', ready: 'Live Scores' },
    { path: `${paths.paymentReturn}?reference=${ids.reference}`, as: 'user', ready: 'balance now' },
    { path: paths.bookingCodes, as: 'user', ready: 'Quick Preview' },
    { path: `${paths.bookingCodes}/${ids.code}`, as: 'user', ready: 'How to use this code' },
    { path: paths.myCodes, as: 'user', ready: 'Codes bought' },
    { path: paths.checkCode, as: 'user', ready: 'Check a booking code' },
    { path: `${paths.booking}/${ids.purchase}`, as: 'user', ready: 'How to use this code' },
    { path: paths.buyCodes, as: 'user', ready: 'Buy Now' },
    { path: paths.subscribe, as: 'user', ready: 'Rollover calculator', telegramNever: true },
    {
      path: `${paths.subscribe}/${ids.otherPlan}`,
      as: 'user',
      ready: 'Daily posts',
      // The confirmation before paying: the amount, both wallets before and after, the wallet in its button.
      open: { button: /^Subscribe for /, shows: 'dialog' },
    },
    { path: paths.rolloverPlans, as: 'user', ready: 'All Rollover Plans' },
    { path: paths.rollover, as: 'user', ready: 'Subscribe to Unlock' },
    { path: paths.myRollover, as: 'user', ready: 'Day 1 of 3' },
    { path: paths.free, as: 'user', ready: 'Get every free tip first' },
    { path: paths.pastTips, as: 'user', ready: 'Our record' },
    {
      path: paths.dashboard,
      as: 'user',
      ready: 'Welcome back',
      // The bell's name carries its count ('Notifications, 3 new').
      open: { button: /^Notifications/, shows: 'region' },
    },
    { path: paths.notifications, as: 'user', ready: 'Push notifications' },
    { path: paths.profile, as: 'user', ready: 'Account details' },
    { path: `${paths.profile}?tab=security`, as: 'user', ready: 'Generate link code' },
    { path: `${paths.profile}?tab=preferences`, as: 'user', ready: 'Show me in the community feed' },
    { path: `${paths.profile}?tab=activity`, as: 'user', ready: 'Activity' },
    // Self-exclusion's confirmation step, with its password field.
    {
      path: paths.responsibleGamblingSettings,
      as: 'user',
      ready: 'Deposit limits',
      step: /^Exclude myself for /,
      telegramNever: true,
    },
    { path: paths.yourData, as: 'user', ready: 'Close your account' },
    { path: paths.activity, as: 'user', ready: 'Activity' },
    { path: paths.quickActions, as: 'user', ready: 'Refer Friends' },
    { path: paths.terms, as: 'user', ready: 'Terms of Service' },
    { path: '/no-such-page', as: 'user', ready: 'Page not found' },
    { path: adminPaths.users, as: 'admin', ready: 'Users' },
    { path: paths.admin, as: 'admin', ready: 'Right now' },
    { path: `${paths.admin}/no-such-screen`, as: 'admin', ready: 'Page not found' },
    {
      path: adminPaths.user(ids.user),
      as: 'admin',
      ready: 'Oluwaseyifunmi',
      // Its confirmation restates the user's email address, the longest unbroken text we show.
      open: {
        fill: { 'Amount (₦)': '5000', Reason: 'Goodwill credit for a failed payment' },
        button: 'Review credit',
        shows: 'alertdialog',
      },
    },
    { path: adminPaths.bookingCodes, as: 'admin', ready: 'Booking codes' },
    { path: adminPaths.newBookingCode, as: 'admin', ready: 'Games' },
    {
      path: adminPaths.bookingCode(ids.code),
      as: 'admin',
      ready: 'Buyers',
      open: { button: 'Void', shows: 'alertdialog' },
    },
    { path: adminPaths.notifications, as: 'admin', ready: 'Sent notifications' },
    { path: adminPaths.rolloverPlans, as: 'admin', ready: 'Rollover plans' },
    { path: adminPaths.newRolloverPlan, as: 'admin', ready: 'Limits and sale' },
    {
      path: adminPaths.rolloverPlan(adminRollover.plan),
      as: 'admin',
      ready: 'Subscriptions sold',
      open: { button: 'Deactivate plan', shows: 'alertdialog' },
    },
    { path: adminPaths.rolloverTips, as: 'admin', ready: 'Rollover tips' },
    { path: adminPaths.newRolloverTip, as: 'admin', ready: 'Plan and day' },
    {
      path: adminPaths.rolloverTip(adminRollover.tip),
      as: 'admin',
      ready: 'Delete tip',
      open: { button: 'Void', shows: 'alertdialog' },
    },
    { path: adminPaths.freeTips, as: 'admin', ready: 'New free tip' },
    { path: adminPaths.newFreeTip, as: 'admin', ready: 'Away team' },
    {
      path: adminPaths.freeTip(adminResults.freeTip),
      as: 'admin',
      ready: 'Delete tip',
      open: { button: 'Void', shows: 'alertdialog' },
    },
    { path: adminPaths.matches, as: 'admin', ready: 'Search matches' },
    {
      path: adminPaths.match(adminResults.match),
      as: 'admin',
      ready: 'Games on this match',
      // Its confirmation restates the score with both (long) club names.
      open: {
        fill: { [`${adminResults.home} goals`]: '2', [`${adminResults.away} goals`]: '1' },
        button: 'Save result',
        shows: 'alertdialog',
      },
    },
    {
      path: adminPaths.suggestions,
      as: 'admin',
      ready: 'The model’s latest fits',
      // The soonest match's picks, whose labels repeat both long club names.
      open: {
        button: /^Show all \d+ picks of Brighton & Hove Albion FC vs Wolverhampton Wanderers FC$/,
        shows: 'list',
        named: 'Picks for Brighton & Hove Albion FC vs Wolverhampton Wanderers FC',
      },
    },
    // The calibration table's header shows that the chart is drawn (there is a settled model pick).
    { path: adminPaths.model, as: 'admin', ready: 'Posted probability' },
    { path: adminPaths.toSettle, as: 'admin', ready: 'Last game kicked off' },
    { path: adminPaths.settings, as: 'admin', ready: 'Verified record' },
    { path: adminPaths.deposits, as: 'admin', ready: 'Deposits' },
    { path: adminPaths.withdrawals, as: 'admin', ready: 'Withdrawals' },
    { path: adminPaths.audit, as: 'admin', ready: 'Audit log' },
  ];
}

/**
 * How wide the page is, and every visible element or text that reaches past either edge of the
 * screen: one that widens the page, one clipped by a parent that hides its overflow (a card cut off
 * on the right), a word running out of a fixed dialog. Content inside a sideways scroller (a wide
 * table in its own scroll box) is fine, and so is decoration hidden from assistive technology
 * (glows). Only the outermost culprit element is named.
 */
async function overflow(page: Page, width: number) {
  // Measured against the phone's width, not window.innerWidth: a mobile browser widens its layout
  // viewport to fit content that is too wide (and zooms out), which hides the very overflow we look for.
  return page.evaluate((width) => {
    const outside = (box: DOMRect) => box.right > width + 1 || box.left < -1;
    const inScroller = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        const { overflowX } = getComputedStyle(up);
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    /** Shown, not decoration, not inside a sideways scroller. */
    const shown = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !element.closest('[aria-hidden="true"]') &&
      !inScroller(element);
    const sticksOut = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && outside(box) && shown(element);
    };
    const tooWide: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!sticksOut(element)) continue;
      if (
        element.parentElement &&
        element.parentElement !== document.body &&
        sticksOut(element.parentElement)
      ) {
        continue;
      }
      const box = element.getBoundingClientRect();
      const name = `${element.tagName.toLowerCase()}.${String(element.getAttribute('class') ?? '').slice(0, 70)}`;
      tooWide.push(
        `${name} (${Math.round(box.left)}..${Math.round(box.right)}) "${(element.textContent ?? '').trim().slice(0, 40)}"`,
      );
    }
    // Text that runs out of its box past the screen's edge (a long word in a fixed dialog widens
    // nothing, so only its letters show it), as far as it is not clipped on purpose (truncate).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || !shown(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        let { left, right } = rect;
        // Up to the body, whose overflow is the screen's own (a modal sets it to hidden).
        for (let up: Element | null = parent; up && up !== document.body; up = up.parentElement) {
          if (getComputedStyle(up).overflowX === 'visible') continue;
          const box = up.getBoundingClientRect();
          left = Math.max(left, box.left);
          right = Math.min(right, box.right);
        }
        if (right - left >= 1 && (right > width + 1 || left < -1)) {
          tooWide.push(
            `text "${(node.textContent ?? '').trim().slice(0, 40)}" in ${parent.tagName.toLowerCase()} (${Math.round(left)}..${Math.round(right)})`,
          );
          break;
        }
      }
    }
    return {
      scrollWidth: Math.max(document.documentElement.scrollWidth, window.innerWidth),
      tooWide: tooWide.slice(0, 6),
    };
  }, width);
}

/**
 * Text laid out so that it misreads on a small screen, as far as shown: a number split over two lines
 * ("₦2,50" / "0"), a word broken inside ("Middlesbrou" / "gh"; breaking between words is fine), and a
 * booking code (monospace) cut with "…" (users copy codes by eye). Text that may wrap anywhere on
 * purpose (a long code, `overflow-wrap: anywhere`) may split; a word or number glued to other
 * characters (an email address, a reference) is not a word here.
 */
async function misreadText(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const shown = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !element.closest('[aria-hidden="true"]');
    /** Whether the range's text runs over more than one line. */
    const onTwoLines = (range: Range) => {
      const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0 && rect.height > 0);
      const first = rects[0];
      return !!first && rects.some((rect) => Math.abs(rect.top - first.top) > first.height / 2);
    };
    // Standalone tokens only: nothing glued before or after (a dot or a letter: part of an address).
    const numbers =
      /(?<![\p{L}\p{N}@_/.-])[+−-]?(?:[₦$£€]\d(?:[\d,.:]*\d)?|\d[\d,.:]*\d)%?(?![\p{L}\p{N}@_/-]|[.,:]\p{N})/gu;
    const words = /(?<![\p{L}\p{N}@_/.'’-])\p{L}{2,}(?![\p{L}\p{N}@_/'’-]|\.[\p{L}\p{N}])/gu;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? '';
      if (!parent || !text.trim() || !shown(parent) || parent.closest('svg, option, select')) continue;
      if (getComputedStyle(parent).overflowWrap === 'anywhere') continue;
      for (const [kind, pattern] of [
        ['number split over two lines', numbers],
        ['word broken inside', words],
      ] as const) {
        for (const match of text.matchAll(pattern)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (onTwoLines(range)) {
            problems.push(`${kind}: "${match[0]}" in "${text.trim().slice(0, 50)}"`);
          }
        }
      }
    }
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!shown(element) || element.children.length > 0) continue;
      const style = getComputedStyle(element);
      if (style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1) {
        // A booking code (users copy codes by eye), a team's name, a label: shown whole or wrapped.
        const kind = style.fontFamily.includes('mono') ? 'code' : 'text';
        problems.push(`${kind} cut with "…": "${(element.textContent ?? '').trim().slice(0, 40)}"`);
      }
    }
    // A select narrower than one of its options ("All categor") and a placeholder longer than its field:
    // a box cuts them without an ellipsis. Measured in the box's own font; Chromium's own arrow takes
    // about 18 px beside a select's padding (a select drawn without it has its arrow in its padding).
    const measure = document.createElement('canvas').getContext('2d');
    const room = (field: HTMLElement, style: CSSStyleDeclaration, besides: number) =>
      field.clientWidth -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight) -
      besides;
    const widthOf = (text: string, style: CSSStyleDeclaration) => {
      if (!measure) return 0;
      measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return measure.measureText(text).width;
    };
    for (const select of Array.from(document.querySelectorAll('select'))) {
      if (!shown(select) || select.clientWidth === 0) continue;
      const style = getComputedStyle(select);
      const fits = room(select, style, style.appearance === 'none' ? 0 : 18);
      for (const option of Array.from(select.options)) {
        if (widthOf(option.text, style) > fits + 0.5) {
          problems.push(`select cut: "${option.text}" in a ${select.clientWidth} px select`);
        }
      }
    }
    for (const field of Array.from(document.querySelectorAll('input[placeholder], textarea[placeholder]'))) {
      const input = field as HTMLInputElement;
      if (!shown(input) || input.clientWidth === 0 || input.value !== '') continue;
      const style = getComputedStyle(input, '::placeholder');
      if (widthOf(input.placeholder, style) > room(input, getComputedStyle(input), 0) + 0.5) {
        problems.push(`placeholder cut: "${input.placeholder}" in a ${input.clientWidth} px field`);
      }
    }
    return [...new Set(problems)].slice(0, 6);
  });
}

/**
 * Elements that spill sideways out of the box they sit in (the nearest ancestor with a background or a
 * side border: a card, a figure's cell, a pill's row), though the screen's edge is still far: an odds
 * badge running into the next cell, a confidence pill past its card's border. Positioned elements
 * (badges pinned to a corner) and content of a box that clips or scrolls are not spills. Only the
 * outermost culprit is named.
 */
async function spills(page: Page) {
  return page.evaluate(() => {
    const shown = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !element.closest('[aria-hidden="true"]');
    const boxed = (element: Element) => {
      const style = getComputedStyle(element);
      return (
        !/^(transparent|rgba\(0, 0, 0, 0\))$/.test(style.backgroundColor) ||
        Number.parseFloat(style.borderLeftWidth) > 0 ||
        Number.parseFloat(style.borderRightWidth) > 0
      );
    };
    const boxOf = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return null;
        if (boxed(up)) return up;
      }
      return null;
    };
    const outOf = (element: Element, box: Element) => {
      const inner = element.getBoundingClientRect();
      const outer = box.getBoundingClientRect();
      return inner.right > outer.right + 1 || inner.left < outer.left - 1;
    };
    const spilled: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1 || !shown(element)) continue;
      const box = boxOf(element);
      if (!box || !outOf(element, box)) continue;
      let placed = false;
      for (let up: Element | null = element; up && up !== box; up = up.parentElement) {
        if (/^(absolute|fixed)$/.test(getComputedStyle(up).position)) placed = true;
      }
      const parent = element.parentElement;
      if (placed || (parent && parent !== box && outOf(parent, box))) continue;
      spilled.push(
        `"${(element.textContent ?? '').trim().slice(0, 30)}" spills out of its ${box.tagName.toLowerCase()}.${String(box.getAttribute('class') ?? '').slice(0, 40)}`,
      );
    }
    return spilled.slice(0, 6);
  });
}

/**
 * What the floating Telegram button covers where the user cannot scroll it clear: a control or a
 * line of text under its box (with a menu or panel open, or at the end of the page). Nothing when the
 * button is hidden (it steps aside while a dialog, a menu or the notification panel is open).
 */
async function underTelegramButton(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const fab = document.querySelector('.fab');
    const box = fab?.getBoundingClientRect();
    if (!fab || !box || box.width === 0) return [];
    const overlaps = (other: DOMRect) =>
      other.width > 0 &&
      other.height > 0 &&
      other.left < box.right &&
      box.left < other.right &&
      other.top < box.bottom &&
      box.top < other.bottom;
    const outside = (element: Element) => !fab.contains(element) && !element.contains(fab);
    const shown = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !element.closest('[aria-hidden="true"]');
    const covered = new Set<string>();
    const controls =
      'a[href], button, input, select, textarea, summary, [role="button"], [role="menuitem"], [tabindex="0"]';
    for (const control of Array.from(document.querySelectorAll(controls))) {
      if (outside(control) && shown(control) && overlaps(control.getBoundingClientRect())) {
        covered.add(`${control.tagName.toLowerCase()} "${(control.textContent ?? '').trim().slice(0, 30)}"`);
      }
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || !outside(parent) || !shown(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (Array.from(range.getClientRects()).some(overlaps)) {
        covered.add(`text "${node.textContent.trim().slice(0, 30)}"`);
      }
    }
    return [...covered].slice(0, 6);
  });
}

/**
 * Scrolled to the end of the page, the footer's links that the fixed bottom bar or the floating
 * Telegram button covers (a link there could not be tapped), and anything else left under the
 * Telegram button there (the last control of a list). Scrolls back to the top.
 */
async function footerLinksCovered(page: Page): Promise<string[]> {
  // Again until the page stops growing (a list still loading makes it longer after the first scroll).
  for (let tries = 0; tries < 10; tries += 1) {
    const atEnd = await page.evaluate(() => {
      const { scrollHeight } = document.documentElement;
      window.scrollTo({ top: scrollHeight, behavior: 'instant' });
      return window.scrollY + window.innerHeight >= scrollHeight - 1;
    });
    await page.waitForTimeout(100);
    const stillAtEnd = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
    );
    if (atEnd && stillAtEnd) break;
  }
  const covered = await page.evaluate(() => {
    const floating = Array.from(document.querySelectorAll('[data-bottom-bar], .fab')).map((element) =>
      element.getBoundingClientRect(),
    );
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return Array.from(document.querySelectorAll('footer a'))
      .filter((link) => {
        const box = link.getBoundingClientRect();
        return box.width > 0 && floating.some((over) => over.width > 0 && overlaps(box, over));
      })
      .map((link) => (link.textContent ?? '').trim());
  });
  const underButton = await underTelegramButton(page);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  return [...covered, ...underButton.map((what) => `${what} under the Telegram button`)];
}

/**
 * What the Telegram button covers at any scroll position of the page, top to end in steps of a third
 * of the screen: on a form or working screen the button must cover nothing, wherever the user stops.
 * Scrolls back to the top.
 */
async function underTelegramButtonAnywhere(page: Page): Promise<string[]> {
  // What hides the button (a form control on the screen, a focused field, the admin area, an open
  // overlay) does not change as the page scrolls: hidden at the top, it covers nothing anywhere.
  const shown = await page.evaluate(
    () => (document.querySelector('.fab')?.getBoundingClientRect().width ?? 0) > 0,
  );
  if (!shown) return [];
  const covered = new Map<string, number>();
  for (let top = 0; top < 100_000; ) {
    const { y, end, step } = await page.evaluate((to) => {
      window.scrollTo({ top: to, behavior: 'instant' });
      const { scrollHeight } = document.documentElement;
      return {
        y: Math.round(window.scrollY),
        end: window.scrollY + window.innerHeight >= scrollHeight - 1,
        step: Math.round(window.innerHeight / 3),
      };
    }, top);
    await page.waitForTimeout(50);
    for (const what of await underTelegramButton(page)) if (!covered.has(what)) covered.set(what, y);
    if (end) break;
    top = y + step;
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  return [...covered].slice(0, 6).map(([what, y]) => `${what} (scrolled ${y} px)`);
}

/**
 * The paths the app's route tables mount, read from their source, so a route added there without a
 * `paths` entry is not skipped either: `path={paths.x}`, `path={`${paths.x}/:id`}`, and the admin
 * table's relative paths under /admin. `*` (an unknown address) becomes one example address.
 */
function routeTablePaths(): string[] {
  const source = (file: string) => readFileSync(new URL(`../web/src/app/${file}`, import.meta.url), 'utf8');
  const named = (key: string) => {
    const value = (paths as Record<string, string>)[key] ?? (screenPaths as Record<string, string>)[key];
    if (value === undefined) throw new Error(`the route table names paths.${key}, which does not exist`);
    return value;
  };
  const found: string[] = [];
  const session =
    /path=\{(?:paths|screenPaths)\.(\w+)\}|path=\{`\$\{(?:paths|screenPaths)\.(\w+)\}([^`]*)`\}|path="([^"]*)"/g;
  for (const [, plain, base, rest, literal] of source('session-routes.tsx').matchAll(session)) {
    if (plain) found.push(named(plain));
    else if (base) found.push(`${named(base)}${rest}`);
    else if (literal === '*') found.push('/no-such-page');
    else found.push(literal ?? '');
  }
  for (const [, index, relative] of source('admin/admin-routes.tsx').matchAll(
    /<Route (index)|path="([^"]*)"/g,
  )) {
    if (index) found.push(paths.admin);
    else found.push(relative === '*' ? `${paths.admin}/no-such-screen` : `${paths.admin}/${relative}`);
  }
  // The admin area is mounted whole (`/admin/*`) and checked through its own table above.
  return found.filter((route) => route !== `${paths.admin}/*`);
}

/** A visited address as a route pattern: the query dropped, a trailing id as `:id`. */
const asRoute = (address: string) => address.split('?')[0]?.replace(/\/[0-9a-f-]{36}$/, '/:id') ?? address;

describe('every screen on small phones and a desktop', () => {
  it('covers every route of the app', () => {
    const visited = new Set(visits().map((visit) => asRoute(visit.path)));
    const fromTables = routeTablePaths();
    // A guard against the reading above going blind if the tables change shape.
    expect(fromTables.length).toBeGreaterThan(25);
    const fromPaths = [
      ...Object.values(paths).map((value) =>
        [paths.booking, paths.admin].includes(value as never) ? `${value}/:id` : value,
      ),
      `${paths.bookingCodes}/:id`,
      ...Object.values(screenPaths),
      ...Object.values(adminPaths).map((value) =>
        typeof value === 'function' ? value('x').replace(/x$/, ':id') : value,
      ),
    ].filter((value) => value !== `${paths.admin}/:id`);
    // A path may carry a view in its query (the admin's waiting matches): the route is the part before.
    for (const route of [...fromTables, ...fromPaths.map(asRoute)]) expect(visited, route).toContain(route);
  });

  // The widths side by side, each in its own browser context: a walk mostly waits on page loads, so
  // four at once take little longer than one on two cores. The walks only look (every dialog they open
  // is closed with Escape), so they cannot disturb each other.
  for (const width of WIDTHS) {
    it.concurrent(`nothing scrolls sideways or is cut off at ${width} px${phone(width) ? ', and the bottom bar stays in view' : ''}`, async ({
      expect,
    }) => {
      const problems: string[] = [];
      const check = async (page: Page, where: string) => {
        const measured = await overflow(page, width);
        if (measured.scrollWidth > width || measured.tooWide.length > 0) {
          problems.push(
            `${where}: page is ${measured.scrollWidth} px wide; past the edge: ${measured.tooWide.join('; ')}`,
          );
        }
        const misread = [...(await misreadText(page)), ...(await spills(page))];
        if (misread.length > 0) problems.push(`${where}: ${misread.join('; ')}`);
      };
      for (const who of ['visitor', 'user', 'admin'] as const) {
        const context = await browser.newContext({
          viewport: { width, height: HEIGHT },
          isMobile: phone(width),
          hasTouch: phone(width),
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
            const where = `${width}px ${who} ${visit.path}`;
            await page.goto(`${server.url}${visit.path}`);
            // A page the server rendered looks ready before its buttons work: the walk opens its dialogs.
            if (await page.locator('#root[data-server-rendered]').count()) await whenHydrated(page);
            await page
              .getByText(visit.ready)
              .filter({ visible: true })
              .first()
              .waitFor({ state: 'visible', timeout: 8_000 })
              .catch(() => problems.push(`${where}: never showed "${visit.ready}"`));
            if (visit.step) {
              await page
                .getByRole('button', { name: visit.step })
                .filter({ visible: true })
                .first()
                .click({ timeout: 5_000 })
                .catch(() => problems.push(`${where}: could not press "${visit.step}"`));
            }
            await page.waitForTimeout(150);
            await check(page, where);
            if (phone(width) && (visit.telegramNever || who === 'admin')) {
              const covered = await underTelegramButtonAnywhere(page);
              if (covered.length > 0) {
                problems.push(`${where}: under the Telegram button while scrolling: ${covered.join('; ')}`);
              }
            }
            if (phone(width) && who !== 'visitor' && !visit.path.startsWith(paths.admin)) {
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
                problems.push(`${where}: bottom bar out of view ${JSON.stringify(bar)}`);
              }
            }
            const covered = await footerLinksCovered(page);
            if (covered.length > 0) problems.push(`${where}: footer links covered: ${covered.join('; ')}`);
            const file = `${width}-${who}-${visit.path.replace(/[^a-z0-9]+/gi, '_').slice(0, 60) || 'home'}`;
            if (!visit.open) {
              if (keepScreenshots) {
                await page.screenshot({ path: path.join(screenshots, `${file}.png`), fullPage: true });
              }
              continue;
            }
            // The same screen with its dialog or menu open; a phone-only control is skipped on a desktop.
            const opener = page
              .getByRole('button', { name: visit.open.button, exact: true })
              .filter({ visible: true })
              .first();
            if (!phone(width) && (await opener.count()) === 0) continue;
            const openWhere = `${where} with "${visit.open.button}" open`;
            try {
              for (const [label, value] of Object.entries(visit.open.fill ?? {})) {
                await page.getByLabel(label, { exact: true }).fill(value, { timeout: 5_000 });
              }
              await opener.click({ timeout: 5_000 });
              await page
                .getByRole(visit.open.shows, visit.open.named ? { name: visit.open.named } : {})
                .filter({ visible: true })
                .first()
                .waitFor({ state: 'visible', timeout: 5_000 });
            } catch {
              problems.push(`${openWhere}: did not open`);
              continue;
            }
            await page.waitForTimeout(200);
            await check(page, openWhere);
            // Over the page (a dialog, a menu, the notification panel): nothing of it under the button.
            // A list that opens in the page's flow scrolls clear of it like the rest of the page.
            const underButton = visit.open.shows === 'list' ? [] : await underTelegramButton(page);
            if (underButton.length > 0) {
              problems.push(`${openWhere}: under the Telegram button: ${underButton.join('; ')}`);
            }
            const name = String(visit.open.button)
              .replace(/[^a-z0-9]+/gi, '_')
              .toLowerCase();
            if (keepScreenshots)
              await page.screenshot({ path: path.join(screenshots, `${file}-${name}.png`) });
            await page.keyboard.press('Escape');
          }
        } finally {
          await context.close();
        }
      }
      expect(problems).toEqual([]);
    }, 500_000);
  }
});
