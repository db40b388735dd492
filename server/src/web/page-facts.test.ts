import { PAGE_HEADERS } from '@cashtips/contract/booking-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor } from '../../test/content.ts';
import { adminEnv, bearer, buildTestApp, loginAdmin, type TestApp } from '../../test/test-app.ts';
import { BookingCodesService } from '../modules/booking-codes/booking-codes.service.ts';
import { ResultsService } from '../modules/matches/results.service.ts';
import { TipsService } from '../modules/tips/tips.service.ts';
import { gatherPageFacts, type PageFactsSources } from './page-facts.ts';

let t: TestApp;
let admin: { token: string };

/**
 * The services as the app builds them, on its database and clock; new for each read, as another
 * process's would be (a service keeps today's tips for two seconds and hears only its own changes).
 */
function sources(): PageFactsSources {
  const { db } = t.database;
  const { realtime, notifications } = t.app.services;
  const results = new ResultsService({ db, clock: t.clock, realtime, notifications });
  return {
    codes: new BookingCodesService({
      db,
      clock: t.clock,
      realtime,
      notifications,
      logger: t.app.log,
      buyersFiguresChanged: async () => {},
    }),
    tips: new TipsService({ db, clock: t.clock, results }),
    clock: t.clock,
    liveScores: false,
  };
}

beforeAll(async () => {
  t = await buildTestApp(adminEnv);
  admin = await loginAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

describe('the public pages’ facts', () => {
  it('counts the codes on sale as the visitor’s list does, and today’s free tips, on the Lagos day', async () => {
    // The test clock: Saturday 21 November 2026, 10:00 in Lagos.
    expect(await gatherPageFacts(sources())).toEqual({
      codesOnSaleToday: 0,
      freeTipsToday: 0,
      lagosDay: 'Saturday 21 November',
      liveScores: false,
    });

    const content = contentFor(t, admin.token);
    await content.code([{ teamA: 'Enyimba', teamB: 'Rivers United', prediction: 'Home win', inHours: 3 }]);
    // Tomorrow's games, but buyable now: the list shows it among today's codes on sale.
    await content.code([{ teamA: 'Remo Stars', teamB: 'Kwara United', prediction: 'Over 1.5', inHours: 26 }]);
    await content.code([{ teamA: 'Lobi Stars', teamB: 'Plateau United', prediction: 'Draw', inHours: 0.4 }], {
      expiresAt: content.kickoff(0.5),
    });
    const settled = await content.code([
      { teamA: 'Kano Pillars', teamB: 'Heartland', prediction: 'Away win', inHours: 3 },
    ]);
    const settle = await t.app.inject({
      method: 'POST',
      url: `/api/admin/booking-codes/${settled}/settle`,
      headers: bearer(admin.token),
      payload: { result: 'won' },
    });
    expect(settle.statusCode, settle.body).toBe(200);
    await content.freeTip({ teamA: 'Arsenal', teamB: 'Chelsea', prediction: 'Home win', inHours: 3 });
    await content.freeTip({ teamA: 'Lyon', teamB: 'Nice', prediction: 'BTTS', inHours: 26 });

    // 11:00 in Lagos: the half-hour code has expired.
    t.clock.advance(3600_000);
    const facts = await gatherPageFacts(sources());
    expect(facts).toEqual({
      codesOnSaleToday: 2,
      freeTipsToday: 1,
      lagosDay: 'Saturday 21 November',
      liveScores: false,
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/booking-codes' });
    expect(list.headers[PAGE_HEADERS.total]).toBe(String(facts.codesOnSaleToday));
    const free = await t.app.inject({ method: 'GET', url: '/api/tips' });
    expect(free.json()).toHaveLength(facts.freeTipsToday);
  });

  it('names the next Lagos day from 23:00 UTC', async () => {
    // 09:00 UTC on the 21st plus 14 h (and the hour above): 00:00 on the 22nd in Lagos.
    t.clock.advance(13 * 3600_000);
    expect((await gatherPageFacts(sources())).lagosDay).toBe('Sunday 22 November');
  });
});
