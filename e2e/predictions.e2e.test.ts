import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { lagosDay, lagosMidnightEnding } from '@cashtips/contract/lagos-time';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api.ts';
import { openBrowser, signIn, type ViewportName, whenHydrated } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

/*
 * The match model in the product (issue 16): the bundled Premier League results are imported and
 * fitted, an upcoming fixture between two real clubs is priced on the admin's Suggestions screen, one
 * click posts a pick as a free tip that keeps the model's probability, a visitor sees it, the score
 * settles it, and the model's record shows on /past-tips, in the admin's calibration chart and on the
 * landing page's AI-versus-human section.
 */

let server: RunningApp;
let adminToken: string;
const screenshots = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-results');
const admin = { email: 'model.admin@example.com', password: 'M0del!Admin2026' };

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  // No demo content (the landing page's record is this story's alone); the bundled results from
  // 2023-24 only, so the import and the fit take a second or two.
  server = await startApp({
    SEED_DEMO: '0',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    MODEL_DATA_IMPORT: 'on',
    MODEL_DATA_FROM_SEASON: '2023-24',
  });
  adminToken = (await callApi<{ token: string }>(server, 'POST', '/api/auth/login', admin)).token;
});
afterAll(async () => {
  await server?.stop();
});

interface Pick {
  market: string;
  label: string;
  prediction: string;
  probability: number;
  fairOdds: number;
}
interface Suggestion {
  matchId: string;
  homeTeam: string;
  awayTeam: string;
  markets: { result: { home: number; draw: number; away: number } } | null;
  picks: Pick[];
  reason: string | null;
}
interface PickRecord {
  won: number;
  lost: number;
  successRate: number | null;
}
interface ModelRecord {
  model: PickRecord;
  human: PickRecord;
  matches: number;
}
interface Bucket {
  from: number;
  to: number;
  settled: number;
  won: number;
}

const visible = (page: Page, text: string | RegExp) =>
  page.getByText(text).filter({ visible: true }).first().waitFor({ state: 'visible', timeout: 15_000 });

/** Two hours from now, but still today in Lagos (the free tips list is today's). */
function kickoffToday(): Date {
  const now = new Date();
  const lastMinute = lagosMidnightEnding(lagosDay(now), 1).getTime() - 60_000;
  return new Date(Math.min(now.getTime() + 2 * 3_600_000, lastMinute));
}

/** As the screens write them: 0.5234 → '52.3%'. */
const percent = (probability: number) => `${(probability * 100).toFixed(1)}%`;
/** The edge p × price − 1 to a tenth of a percent, signed with a true minus sign. */
function edgeText(probability: number, price: number): string {
  const tenths = Math.round((probability * price - 1) * 1000);
  if (tenths === 0) return '0.0%';
  return `${tenths > 0 ? '+' : '−'}${(Math.abs(tenths) / 10).toFixed(1)}%`;
}
/** The calibration table's bucket label: '50–60%'. */
const bucketOf = (probability: number) => {
  const from = Math.min(9, Math.floor(probability * 10 + 1e-9)) * 10;
  return `${from}–${from + 10}%`;
};

/**
 * Registers the fixture as the single game of a booking code (so the only free tip on it is the one
 * the model's pick becomes), then waits until the model has priced it.
 */
async function pricedFixture(home: string, away: string, kickoff: Date): Promise<Suggestion> {
  await callApi(
    server,
    'POST',
    '/api/admin/booking-codes',
    {
      bookingCode: `MODEL-${home.slice(0, 3).toUpperCase()}-${Date.now()}`,
      bookmaker: 'SportyBet',
      totalOdds: 2,
      price: 500,
      expiresAt: kickoff.toISOString(),
      games: [{ teamA: home, teamB: away, league: 'Premier League', kickoff: kickoff.toISOString() }],
    },
    adminToken,
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { matches } = await callApi<{ matches: Suggestion[] }>(
      server,
      'GET',
      '/api/admin/predictions/suggestions?days=1&limit=50',
      undefined,
      adminToken,
    );
    const match = matches.find((entry) => entry.homeTeam === home && entry.awayTeam === away);
    if (match?.markets) return match;
    // Anything but 'no fit yet' (the import and fit still running) would never change by waiting.
    if (match && match.reason !== 'no-fit-yet')
      throw new Error(`${home} vs ${away} not priced: ${match.reason}`);
    if (Date.now() > deadline) {
      throw new Error(`${home} vs ${away} was not priced within 60 s: ${JSON.stringify(match)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * A pick's button: its visible words, then ': ' and the pick for screen readers (Chromium puts a space
 * before the visually hidden part, as it is positioned out of the line).
 */
const buttonName = (words: string, label: string) =>
  new RegExp(`^${words} ?: ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** The landing page's comparison row 'Free tips' for the AI model, e.g. '1 won, 0 lost'. */
const recordText = ({ won, lost, successRate }: PickRecord) =>
  `${won} won, ${lost} lost${successRate === null ? '' : ` (${successRate}%)`}`;

const stories = {
  // A home win, and a score that wins it.
  phone: { home: 'Arsenal FC', away: 'Chelsea FC', pick: 'Home', price: '2.10', score: [2, 1], won: true },
  // The draw, and a score that loses it.
  desktop: {
    home: 'Liverpool FC',
    away: 'Everton FC',
    pick: 'Draw',
    price: '3.40',
    score: [2, 1],
    won: false,
  },
} as const;

describe.each<ViewportName>(['phone', 'desktop'])('at %s size', (viewport) => {
  it('an admin posts the model’s pick from the suggestions as a free tip, a visitor sees it, the score settles it and the model’s record shows on /past-tips, the calibration chart and the landing page', async () => {
    const story = stories[viewport];
    const { home, away } = story;
    const title = `${home} vs ${away}`;
    const price = Number(story.price);
    const recordBefore = await callApi<ModelRecord>(server, 'GET', '/api/predictions/record');
    const { buckets: bucketsBefore } = await callApi<{ buckets: Bucket[] }>(
      server,
      'GET',
      '/api/admin/predictions/calibration',
      undefined,
      adminToken,
    );

    const match = await pricedFixture(home, away, kickoffToday());
    const markets = match.markets;
    if (!markets) throw new Error('unpriced');
    const pick = match.picks.find(
      (candidate) => candidate.market === 'result' && candidate.prediction === story.pick,
    );
    if (!pick) throw new Error(`no ${story.pick} pick in ${JSON.stringify(match.picks)}`);
    // The three results add up, and the pick is the match's own result probability.
    expect(markets.result.home + markets.result.draw + markets.result.away).toBeCloseTo(1, 9);
    expect(pick.probability).toBe(story.pick === 'Home' ? markets.result.home : markets.result.draw);

    const adminBrowser = await openBrowser(viewport);
    const visitor = await openBrowser(viewport);
    try {
      const { page: desk } = adminBrowser;
      await signIn(desk, server.url, admin.email, admin.password);

      // The suggestions: the match with its home/draw/away probabilities.
      await desk.goto(`${server.url}/admin/suggestions`);
      const card = desk.getByRole('article', { name: title });
      await card.waitFor({ timeout: 15_000 });
      const terms = await card.getByRole('term').allTextContents();
      const figures = await card.getByRole('definition').allTextContents();
      expect(terms).toEqual([home, 'Draw', away]);
      expect(figures).toEqual([
        percent(markets.result.home),
        percent(markets.result.draw),
        percent(markets.result.away),
      ]);
      await card.getByText(/^Fit: Premier League, [\d,]+ matches before /).waitFor();

      // Its picks, a bookmaker price typed for one of them, and the edge at that price.
      await card.getByRole('button', { name: `Show all ${match.picks.length} picks of ${title}` }).click();
      const picks = card.getByRole('list', { name: `Picks for ${title}` });
      expect(await picks.getByRole('listitem').count()).toBe(match.picks.length);
      const row = picks
        .getByRole('listitem')
        .filter({ has: desk.getByRole('heading', { name: pick.label, exact: true }) });
      expect(await row.count()).toBe(1);
      await row.getByText(percent(pick.probability), { exact: true }).waitFor();
      await row.getByText(pick.fairOdds.toFixed(2), { exact: true }).waitFor();
      const edge = row.getByRole('status', { name: 'Edge' });
      expect(await edge.textContent()).toBe('—');
      await row.getByRole('textbox', { name: `Bookmaker price for ${pick.label}` }).fill(story.price);
      await expect.poll(() => edge.textContent()).toBe(edgeText(pick.probability, price));
      await desk.screenshot({ path: path.join(screenshots, `suggestions-${viewport}.png`), fullPage: true });

      // One click posts it as a free tip.
      await row.getByRole('button', { name: buttonName('Post as free tip', pick.label) }).click();
      await visible(desk, `Free tip posted: ${title}, ${pick.label} at ${price.toFixed(2)}.`);
      const posted = row.getByRole('button', { name: buttonName('Posted as free tip', pick.label) });
      await posted.waitFor();
      expect(await posted.isDisabled()).toBe(true);

      // The tip keeps the model's probability at posting, at the typed price, on the registered match.
      const { tips } = await callApi<{
        tips: Array<{
          matchId: string;
          prediction: string;
          totalOdds: number;
          modelProbability: number | null;
          status: string;
        }>;
      }>(server, 'GET', `/api/admin/tips?q=${encodeURIComponent(home)}`, undefined, adminToken);
      expect(tips).toHaveLength(1);
      const [tip] = tips;
      expect(tip).toMatchObject({ matchId: match.matchId, prediction: pick.prediction, totalOdds: price });
      // Stored as a PostgreSQL real: the same probability to seven digits.
      expect(tip?.modelProbability).toBeCloseTo(pick.probability, 6);

      // A visitor sees it on /free; the landing page has no model record until a pick settles.
      const { page } = visitor;
      await page.goto(`${server.url}/free`);
      await whenHydrated(page);
      const freeCard = page.getByRole('article', { name: `${title}: ${pick.prediction}, Pending` });
      await freeCard.waitFor({ timeout: 15_000 });
      expect(await freeCard.textContent()).toContain(price.toFixed(2));
      await page.screenshot({
        path: path.join(screenshots, `model-free-tip-${viewport}.png`),
        fullPage: true,
      });
      const compare = page.getByRole('region', { name: 'AI vs human tips' });
      if (recordBefore.model.won + recordBefore.model.lost === 0 && recordBefore.matches === 0) {
        await page.goto(server.url);
        await compare.getByText('No model pick is settled yet: no record to compare.').waitFor();
      }

      // The admin records the final score on the match screen.
      await desk.goto(`${server.url}/admin/matches?view=all&q=${encodeURIComponent(home)}`);
      await desk
        .getByRole('link', { name: new RegExp(title) })
        .first()
        .click();
      const form = desk.getByRole('form', { name: `Result of ${title}` });
      await form.waitFor({ timeout: 15_000 });
      await form.getByRole('textbox', { name: `${home} goals` }).fill(String(story.score[0]));
      await form.getByRole('textbox', { name: `${away} goals` }).fill(String(story.score[1]));
      await form.getByRole('button', { name: 'Save result' }).click();
      await desk.getByRole('alertdialog').getByRole('button', { name: 'Record result' }).click();
      await visible(desk, 'Result saved. 1 item settled.');

      // /past-tips: settled as it happened, with the model's probability at posting.
      const status = story.won ? 'Won' : 'Lost';
      await page.goto(`${server.url}/past-tips`);
      await whenHydrated(page);
      const settled = page.getByRole('article', { name: `${title}: ${pick.prediction}, ${status}` });
      await settled.waitFor({ timeout: 15_000 });
      const settledText = await settled.textContent();
      expect(settledText).toContain(`${story.score[0]}-${story.score[1]}`);
      expect(settledText).toContain(`Model’s probability at posting: ${Math.round(pick.probability * 100)}%`);
      await page.screenshot({
        path: path.join(screenshots, `model-past-tips-${viewport}.png`),
        fullPage: true,
      });

      // The admin's calibration chart: one more settled pick in the bucket of its posted probability.
      const bucket = bucketOf(pick.probability);
      const before = bucketsBefore.find((entry) => bucketOf(entry.from) === bucket);
      if (!before) throw new Error(`no bucket ${bucket} in ${JSON.stringify(bucketsBefore)}`);
      await desk.goto(`${server.url}/admin/model`);
      const chart = desk.getByRole('region', { name: 'Calibration' });
      await chart.waitFor({ timeout: 15_000 });
      const settledTotal = bucketsBefore.reduce((total, entry) => total + entry.settled, 0) + 1;
      const plot = chart.getByRole('img', { name: /^Calibration of / });
      expect(await plot.getAttribute('aria-label')).toContain(
        `Calibration of ${settledTotal} settled model ${settledTotal === 1 ? 'pick' : 'picks'}`,
      );
      const table = chart.getByRole('table', {
        name: 'Calibration of settled model picks by posted probability',
      });
      const bucketRow = table.getByRole('row').filter({ has: desk.getByRole('rowheader', { name: bucket }) });
      expect(await bucketRow.count()).toBe(1);
      const cells = await bucketRow.getByRole('cell').allTextContents();
      const wonNow = before.won + (story.won ? 1 : 0);
      expect(cells.slice(0, 2)).toEqual([String(before.settled + 1), String(wonNow)]);
      expect(cells[3]).toBe(percent(wonNow / (before.settled + 1)));
      // Every other bucket is as it was.
      for (const entry of bucketsBefore.filter((other) => other !== before)) {
        const other = table
          .getByRole('row')
          .filter({ has: desk.getByRole('rowheader', { name: bucketOf(entry.from) }) });
        expect((await other.getByRole('cell').allTextContents())[0]).toBe(String(entry.settled));
      }
      await desk
        .getByText(/^Over \d+ finished match(es)?, the model’s ranked probability score \(RPS\) is /)
        .waitFor();
      await desk.screenshot({
        path: path.join(screenshots, `model-calibration-${viewport}.png`),
        fullPage: true,
      });

      // The landing page's AI-versus-human section: the model's record, measured.
      const recordAfter = await callApi<ModelRecord>(server, 'GET', '/api/predictions/record');
      expect(recordAfter.model).toMatchObject({
        won: recordBefore.model.won + (story.won ? 1 : 0),
        lost: recordBefore.model.lost + (story.won ? 0 : 1),
      });
      expect(recordAfter.human).toMatchObject({ won: 0, lost: 0 });
      expect(recordAfter.matches).toBe(recordBefore.matches + 1);
      await page.goto(server.url);
      await compare.waitFor({ timeout: 15_000 });
      const freeTipsRow = compare
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'Free tips' }) });
      await freeTipsRow.waitFor();
      expect(await freeTipsRow.getByRole('cell').allTextContents()).toEqual([
        recordText(recordAfter.model),
        recordText(recordAfter.human),
      ]);
      expect(await compare.getByText('No model pick is settled yet').count()).toBe(0);
      await compare.getByText(`Forecast error over ${recordAfter.matches} match`).waitFor();
      await compare.screenshot({ path: path.join(screenshots, `landing-ai-vs-human-${viewport}.png`) });
    } finally {
      await visitor.close();
      await adminBrowser.close();
    }
  });
});
