import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_API_FOOTBALL_KEY,
  type FakeApiFootball,
  startFakeApiFootball,
} from '../server/test/fake-api-football.ts';
import { callApi, verifiedAccount } from './support/api.ts';
import { openBrowser, signIn, socketConnected, viewports } from './support/browser.ts';
import { type RunningApp, startApp } from './support/server.ts';

/*
 * Issue 24's story in Chromium: the built product is pointed at a local fake of API-Football; a
 * user who bought a code watches its game kick off, score and finish on the code's page, without
 * reloading, and sees the pick won once the provider's result is recorded.
 */

let server: RunningApp;
let provider: FakeApiFootball;
const admin = { email: 'football.admin@example.com', password: 'F00tball!Admin' };
const password = 'Str0ng!Pass';
const fixtureId = 424242;
const home = 'Remo Stars';
const away = 'Enyimba';
const screenshots = path.join(path.dirname(new URL(import.meta.url).pathname), 'test-results');

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  provider = await startFakeApiFootball();
  // Kicks off in a minute: the poller follows a match from two minutes before its kickoff.
  provider.addFixture({
    id: fixtureId,
    leagueId: 399,
    home,
    away,
    kickoff: new Date(Date.now() + 60_000),
  });
  server = await startApp({
    SEED_DEMO: '0',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    FOOTBALL_DATA_PROVIDER: 'api-football',
    FOOTBALL_DATA_KEY: FAKE_API_FOOTBALL_KEY,
    FOOTBALL_DATA_URL: provider.url,
    FOOTBALL_DATA_LEAGUES: '399',
    FOOTBALL_DATA_POLL_SECONDS: '1',
    RESULT_CONFIRM_MINUTES: '0',
  });
});
afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

describe('a live game on a bought code', () => {
  it('goes live, scores and ends won on the code’s page, as the provider says', async () => {
    const adminToken = (await callApi<{ token: string }>(server, 'POST', '/api/auth/login', admin)).token;
    // The fixtures sync registered the match; the admin picks it for the code's game.
    const search = () =>
      callApi<{ matches: Array<{ _id: string; kickoff: string; league: string }> }>(
        server,
        'GET',
        '/api/admin/matches/search?q=Remo',
        undefined,
        adminToken,
      );
    await expect.poll(async () => (await search()).matches.length, { timeout: 20_000 }).toBe(1);
    const found = await search();
    const registered = found.matches[0];
    if (!registered) throw new Error('the fixture was not registered');
    const created = await callApi<{ code: { _id: string } }>(
      server,
      'POST',
      '/api/admin/booking-codes',
      {
        bookingCode: 'LIVEWIN24',
        bookmaker: 'SportyBet',
        totalOdds: 1.85,
        price: 500,
        expiresAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
        games: [
          {
            matchId: registered._id,
            teamA: home,
            teamB: away,
            league: registered.league,
            kickoff: registered.kickoff,
            prediction: 'Home win',
            odds: 1.85,
          },
        ],
      },
      adminToken,
    );
    const codeId = created.code._id;

    const email = `ade.live.${Date.now()}@example.com`;
    const account = await verifiedAccount(server, { email, password, firstName: 'Ade' });
    await callApi(server, 'POST', '/api/wallet/deposit', { amount: 2_000, provider: 'dev' }, account.token);
    await callApi(
      server,
      'POST',
      `/api/booking-codes/purchase/${codeId}`,
      { walletType: 'main' },
      account.token,
    );

    const { page, close } = await openBrowser('phone');
    try {
      const connected = socketConnected(page);
      await signIn(page, server.url, email, password);
      await connected;
      await page.goto(`${server.url}/booking-codes/${codeId}`);
      await page.getByText('LIVEWIN24').first().waitFor({ timeout: 15_000 });
      const state = page.locator('[data-live-status]').first();

      provider.updateFixture(fixtureId, { status: '1H', elapsed: 23, goals: { home: 1, away: 0 } });
      await expect.poll(() => state.textContent(), { timeout: 20_000 }).toMatch(/Live 23'\s*1-0/);
      expect(await state.getAttribute('data-live-status')).toBe('live');
      await page.screenshot({ path: path.join(screenshots, 'football-live-phone.png') });

      provider.updateFixture(fixtureId, { status: 'HT', goals: { home: 1, away: 0 } });
      await expect.poll(() => state.getAttribute('data-live-status'), { timeout: 20_000 }).toBe('halftime');

      provider.updateFixture(fixtureId, { status: 'FT', elapsed: 90, goals: { home: 2, away: 1 } });
      await expect.poll(() => state.textContent(), { timeout: 20_000 }).toMatch(/FT\s*2-1/);
      // The server records the result, settles the code and the page shows the pick won.
      await page.locator('[data-outcome="won"]').first().waitFor({ timeout: 20_000 });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: path.join(screenshots, 'football-won-desktop.png') });
      await page.setViewportSize(viewports.phone);

      // The public live list shows it too, to a visitor, with no pick in it.
      const visitor = await fetch(`${server.url}/api/matches/live`);
      const body = (await visitor.json()) as { matches: Array<{ homeTeam: string; status: string }> };
      expect(body.matches.find((row) => row.homeTeam === home)?.status).toBe('finished');
      expect(JSON.stringify(body)).not.toContain('LIVEWIN24');
    } finally {
      await close();
    }
  });
});
