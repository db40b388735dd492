import { lagosClockTime, lagosDay, lagosDaysBetween } from '@cashtips/contract/lagos-time';
import { type Market, parseMarket, settleMarket } from '@cashtips/contract/markets';
import { slipOdds } from '@cashtips/contract/matches';
import { type ModelLeagueKey, modelLeagueOf } from '@cashtips/contract/predictions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../test/content.ts';
import {
  adminEnv,
  bearer,
  buildTestApp,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
} from '../../test/test-app.ts';
import { appMeta, matches } from '../db/schema/index.ts';
import slice from './data/openfootball-2025-26.json' with { type: 'json' };
import { seedDemoContent } from './demo.ts';
import { withinPlanTarget } from './rollover.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo content switch', () => {
  it('runs the seeders once, even when several starts race', async () => {
    const runs: string[] = [];
    const seeders = [{ name: 'probe', run: async () => void runs.push('probe') }];
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => seedDemoContent(t.database.db, t.app.log, { seeders })),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(runs).toEqual(['probe']);
    expect(await seedDemoContent(t.database.db, t.app.log, { seeders })).toBe(false);
    const markers = await t.database.db.select().from(appMeta);
    expect(markers.map((row) => row.key)).toContain('demo_seeded_at:probe');
  });

  it('rolls the marker back when a seeder fails, so the next start tries again', async () => {
    const fresh = await buildTestApp();
    try {
      const failing = [{ name: 'broken', run: async () => Promise.reject(new Error('seed failed')) }];
      await expect(seedDemoContent(fresh.database.db, fresh.app.log, { seeders: failing })).rejects.toThrow(
        'seed failed',
      );
      const markers = (await fresh.database.db.select().from(appMeta)).filter((row) =>
        row.key.startsWith('demo_seeded_at:'),
      );
      expect(markers).toHaveLength(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('demo content', () => {
  let demo: TestApp;
  let adminToken: string;
  let today: string;
  let now: number;
  beforeAll(async () => {
    demo = await buildTestApp({ ...adminEnv, SEED_DEMO: '1' });
    adminToken = (await loginAdmin(demo)).token;
    now = demo.clock.now().getTime();
    today = lagosDay(demo.clock.now());
    // A fresh database and the whole demo: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await demo?.close();
  });

  const adminGet = async <T>(url: string): Promise<T> => {
    const response = await demo.app.inject({ method: 'GET', url, headers: bearer(adminToken) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  interface Game {
    teamA: string;
    teamB: string;
    league: string;
    kickoff: string;
    prediction: string | null;
    odds: number | null;
  }
  const kickoffs = (games: Game[]) => games.map((game) => Date.parse(game.kickoff));

  it('registers real fixtures of the season, moved by whole weeks: each once, each team once a day, at its league’s Lagos hours', async () => {
    const registered = await demo.database.db.select().from(matches);
    expect(registered.length).toBeGreaterThan(100);
    // The real season: each home-away pairing is played once.
    const real = new Map<string, number>();
    for (const league of (
      slice as unknown as { leagues: { name: string; matches: [string, string, string][] }[] }
    ).leagues) {
      for (const [kickoff, home, away] of league.matches)
        real.set(`${league.name}|${home}|${away}`, Date.parse(kickoff));
    }
    const shifts = new Set<number>();
    const pairings = new Set<string>();
    const teamsByDay = new Map<string, string[]>();
    for (const match of registered) {
      const pairing = `${match.league}|${match.homeTeam}|${match.awayTeam}`;
      const realKickoff = real.get(pairing);
      expect(realKickoff, `${pairing} is a real fixture`).toBeDefined();
      shifts.add(match.kickoff.getTime() - (realKickoff as number));
      // The same match is never registered twice (at 16:00 one day and 00:00 the next).
      expect(pairings.has(pairing), `${pairing} registered once`).toBe(false);
      pairings.add(pairing);
      teamsByDay.set(match.matchDay, [
        ...(teamsByDay.get(match.matchDay) ?? []),
        match.homeTeam,
        match.awayTeam,
      ]);
      // European leagues kick off between late morning and late evening in Lagos (WAT).
      const clock = lagosClockTime(match.kickoff);
      expect(clock >= '11:00' && clock <= '22:00', `${pairing} at ${clock} WAT`).toBe(true);
    }
    // One shift for the whole calendar, a whole number of weeks: weekdays and kickoff times are kept.
    expect(shifts.size).toBe(1);
    expect([...shifts][0]! % (7 * 86_400_000)).toBe(0);
    for (const [day, teams] of teamsByDay) {
      expect(new Set(teams).size, `no team twice on ${day}`).toBe(teams.length);
    }
  });

  it('rollover tips keep to their plan’s daily odds, total the product of their games’ odds, expire at the first kickoff, and settle from the real scores', async () => {
    const { plans } = await adminGet<{
      plans: {
        _id: string;
        name: string;
        odds: number;
        postLimit: number;
        wonTips: number;
        lostTips: number;
      }[];
    }>('/api/admin/rollover-plans');
    const { tips } = await adminGet<{
      tips: {
        planId: string;
        day: string;
        games: Game[];
        totalOdds: number;
        expiresAt: string | null;
        confidence: number;
        result: string;
      }[];
    }>('/api/admin/rollover-tips?limit=100');
    expect(plans.length).toBeGreaterThanOrEqual(4);
    expect(tips.length).toBeGreaterThanOrEqual(plans.length * 2);
    const perPlanDay = new Map<string, number>();
    for (const tip of tips) {
      const plan = plans.find((candidate) => candidate._id === tip.planId);
      expect(plan).toBeDefined();
      const label = `${plan?.name} ${tip.day} at ${tip.totalOdds}`;
      expect(withinPlanTarget(tip.totalOdds, plan?.odds ?? 0), label).toBe(true);
      expect(tip.totalOdds, label).toBe(slipOdds(tip.games.map((game) => game.odds ?? Number.NaN)));
      expect(Date.parse(tip.expiresAt ?? ''), label).toBe(Math.min(...kickoffs(tip.games)));
      expect(tip.games.every((game) => lagosDay(new Date(game.kickoff)) === tip.day)).toBe(true);
      expect(Number.isInteger(tip.confidence) && tip.confidence >= 0 && tip.confidence <= 100).toBe(true);
      expect(tip.result === 'pending', label).toBe(tip.day >= today);
      const key = `${tip.planId} ${tip.day}`;
      perPlanDay.set(key, (perPlanDay.get(key) ?? 0) + 1);
      expect(perPlanDay.get(key), label).toBeLessThanOrEqual(plan?.postLimit ?? 0);
    }
    // Every plan has today's tip (the test clock is a Saturday); its settled demo tips are no record.
    for (const plan of plans) {
      expect(
        tips.some((tip) => tip.planId === plan._id && tip.day === today),
        plan.name,
      ).toBe(true);
      expect(tips.some((tip) => tip.planId === plan._id && tip.result !== 'pending')).toBe(true);
      expect({ won: plan.wonTips, lost: plan.lostTips }).toEqual({ won: 0, lost: 0 });
    }
    const user = await signUpAndLogin(demo);
    const locked = (
      await demo.app.inject({ method: 'GET', url: '/api/rollover/today', headers: bearer(user.token) })
    ).json() as Array<{ locked: boolean; result: string }>;
    expect(locked.length).toBeGreaterThanOrEqual(4);
    expect(locked.every((tip) => tip.locked && tip.result === 'pending')).toBe(true);
  });

  it('booking codes are valid admin content: total odds the product of their games’ odds, expiring at the first kickoff, on sale for the coming days, settled from the real scores before today', async () => {
    const { codes } = await adminGet<{
      codes: {
        bookingCode: string;
        games: Game[];
        totalOdds: number;
        price: number;
        confidence: number;
        expiresAt: string;
        postedAt: string;
        result: string;
        category: string;
        moneyBack: boolean;
      }[];
    }>('/api/admin/booking-codes?limit=100');
    expect(codes.length).toBeGreaterThanOrEqual(12);
    for (const code of codes) {
      const label = `${code.bookingCode} at ${code.totalOdds}`;
      expect(code.category).toBe('football');
      expect(code.totalOdds, label).toBe(slipOdds(code.games.map((game) => game.odds ?? Number.NaN)));
      expect(Date.parse(code.expiresAt), label).toBe(Math.min(...kickoffs(code.games)));
      expect(Date.parse(code.postedAt), label).toBeLessThanOrEqual(Math.min(now, Date.parse(code.expiresAt)));
      // The code list's confidence filter starts at 50 (spec part 2): every demo code is on it.
      expect(code.confidence >= 50 && code.confidence <= 100, label).toBe(true);
      expect(Number.isInteger(code.price) && code.price > 0).toBe(true);
      const lastDay = lagosDay(new Date(Math.max(...kickoffs(code.games))));
      expect(code.result === 'pending', label).toBe(lastDay >= today);
    }
    expect(codes.filter((code) => Date.parse(code.expiresAt) > now).length).toBeGreaterThanOrEqual(10);
    // One code on sale shows the money-back badge (PRODUCT 11).
    expect(
      codes.filter((code) => code.moneyBack && Date.parse(code.expiresAt) > now).length,
    ).toBeGreaterThanOrEqual(1);
  });

  it('free tips are picks on real matches over the last 60 days, settled by the engine from the real scores', async () => {
    const past = (await demo.app.inject({ method: 'GET', url: '/api/tips/past?limit=100' })).json();
    const tips = past.tips as {
      teamA: string;
      teamB: string;
      league: string;
      prediction: string;
      date: string;
      kickoff: string;
      publishedAt: string;
      result: string;
      score: { home: number; away: number } | null;
    }[];
    expect(tips.length).toBeGreaterThanOrEqual(60);
    const days = tips.map((tip) => tip.date).sort();
    expect(days.at(-1)! < today).toBe(true);
    expect(lagosDaysBetween(days[0] as string, today)).toBeLessThanOrEqual(59);
    // Every settled tip's result is what its market gives on the match's real score.
    for (const tip of tips) {
      const market = parseMarket(tip.prediction, { home: tip.teamA, away: tip.teamB });
      expect(market, tip.prediction).not.toBeNull();
      expect(tip.score, `${tip.teamA} vs ${tip.teamB}`).not.toBeNull();
      expect(tip.result).toBe(settleMarket(market as Market, tip.score as { home: number; away: number }));
      expect(Date.parse(tip.publishedAt)).toBeLessThanOrEqual(Date.parse(tip.kickoff));
    }
    expect(
      tips.every((tip) =>
        ['Premier League', 'La Liga', 'Bundesliga', 'Serie A', 'Ligue 1'].includes(tip.league),
      ),
    ).toBe(true);
    // Settled from real scores, and still no record: demo tips never count (PRODUCT 15).
    expect(tips.filter((tip) => tip.result === 'won').length).toBeGreaterThan(0);
    expect(past.record).toEqual({
      settled: 0,
      won: 0,
      lost: 0,
      void: 0,
      winRate: null,
      roi: null,
      roiLow: null,
      roiHigh: null,
      clv: null,
      clvCount: 0,
      pending: 0,
      successRate: null,
      since: null,
    });
    const todays = (await demo.app.inject({ method: 'GET', url: '/api/tips?type=free' })).json();
    expect(todays.length).toBeGreaterThan(0);
    expect(
      todays.every((tip: { status: string; date: string }) => tip.status === 'Pending' && tip.date === today),
    ).toBe(true);
  });

  it('marks every item it made demo, shows real counts only, and counts none of them in any record or landing figure (PRODUCT 15)', async () => {
    expect(demo.app.demoContent).toBe(true);
    expect(t.app.demoContent).toBe(false);
    const user = await signUpAndLogin(demo);
    const read = async <T>(url: string, token?: string): Promise<T> => {
      const response = await demo.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json() as T;
    };
    type Marked = { demo: boolean };
    const codes = await read<
      (Marked & {
        slotLimit: number | null;
        buyerCount: number;
        successRate: number | null;
        result: string;
      })[]
    >('/api/booking-codes?includeExpired=1&limit=100');
    expect(codes.length).toBeGreaterThanOrEqual(12);
    expect(codes.filter((code) => code.result !== 'pending').length).toBeGreaterThan(0);
    for (const code of codes) {
      // Nobody bought a demo code: no "87 bought" on a code without a slot limit.
      expect(code).toMatchObject({ demo: true, buyerCount: 0, successRate: null });
    }
    const plans =
      await read<(Marked & { subscriberCount: number; successRate: number | null; settledTips: number })[]>(
        '/api/rollover-plans',
      );
    expect(plans.length).toBeGreaterThanOrEqual(4);
    for (const plan of plans)
      expect(plan).toMatchObject({ demo: true, subscriberCount: 0, successRate: null, settledTips: 0 });
    const rollover = await read<(Marked & { plan: { subscriberCount: number } })[]>(
      '/api/rollover/all?limit=100',
      user.token,
    );
    expect(rollover.length).toBeGreaterThan(plans.length);
    for (const tip of rollover) expect(tip).toMatchObject({ demo: true, plan: { subscriberCount: 0 } });
    const todays = await read<Marked[]>('/api/tips?type=free');
    const past = await read<{ tips: Marked[] }>('/api/tips/past?limit=100');
    for (const tip of [...todays, ...past.tips]) expect(tip.demo).toBe(true);
    const record = await read<{
      windows: { won: number; lost: number; successRate: number | null }[];
      weeks: unknown[];
    }>('/api/tips/record');
    expect(record.weeks).toEqual([]);
    for (const window of record.windows) expect(window).toMatchObject({ won: 0, lost: 0, successRate: null });
    const site = await read<{
      figures: { accuracy: string | null };
      record: { won: number; lost: number }[];
    }>('/api/site');
    expect(site.figures.accuracy).toBeNull();
    for (const window of site.record) expect(window).toMatchObject({ won: 0, lost: 0 });
    const model = await read<{ model: { won: number; lost: number }; human: { won: number; lost: number } }>(
      '/api/predictions/record',
    );
    expect({ model: model.model, human: model.human }).toMatchObject({
      model: { won: 0, lost: 0, successRate: null },
      human: { won: 0, lost: 0, successRate: null },
    });
    const stats = await read<{ rollover: { successRate: number | null } }>(
      '/api/users/dashboard-stats',
      user.token,
    );
    expect(stats.rollover.successRate).toBeNull();

    // Real tips settled beside the demo ones are the whole record.
    const content = contentFor(demo, adminToken);
    for (const [index, result] of (['won', 'won', 'won', 'won', 'lost'] as const).entries()) {
      const match = teams(`Real ${index}`);
      const tip = await content.freeTip({
        teamA: match.home,
        teamB: match.away,
        prediction: 'Home win',
        inHours: -3,
      });
      const settled = await demo.app.inject({
        method: 'POST',
        url: `/api/admin/tips/${tip._id}/settle`,
        headers: bearer(adminToken),
        payload: { result },
      });
      expect(settled.statusCode, settled.body).toBe(200);
    }
    const real = await read<{ record: { won: number; lost: number; successRate: number | null } }>(
      '/api/tips/past?limit=1',
    );
    expect(real.record).toMatchObject({ won: 4, lost: 1, successRate: 80 });
    expect((await read<{ figures: { accuracy: string | null } }>('/api/site')).figures.accuracy).toBe('80%');
  });

  it('marks the matches it registered demo: badged on /live and left out of the model’s fit', async () => {
    const registered = await demo.database.db.select().from(matches);
    const demoMatches = registered.filter((match) => match.demo);
    expect(demoMatches.length).toBeGreaterThan(10);
    // The real tips the test above settled are on real matches.
    expect(registered.filter((match) => /^Real \d/.test(match.homeTeam)).every((match) => !match.demo)).toBe(
      true,
    );
    const live = (await demo.app.inject({ method: 'GET', url: '/api/matches/live' })).json() as {
      matches: { demo: boolean; homeTeam: string }[];
    };
    const seeded = live.matches.filter((match) => !/^Real \d/.test(match.homeTeam));
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.every((match) => match.demo)).toBe(true);
    // Their dates are invented: the model is fitted on none of them, though one league has enough.
    const finished = new Map<ModelLeagueKey, number>();
    for (const match of demoMatches) {
      const key = modelLeagueOf(match.league);
      if (key && match.status === 'finished') finished.set(key, (finished.get(key) ?? 0) + 1);
    }
    const [busiest, count = 0] = [...finished].sort((a, b) => b[1] - a[1])[0] ?? [];
    const league = demoMatches.find((match) => modelLeagueOf(match.league) === busiest)?.league ?? '';
    // Enough real results beside them that the demo's would make a fit (30 matches), too few alone.
    const content = contentFor(demo, adminToken);
    for (let index = 0; index < 30 - count; index++) {
      const clubs = teams(`Fit ${index}`);
      const tip = await content.freeTip({
        teamA: clubs.home,
        teamB: clubs.away,
        league,
        prediction: 'Home win',
        inHours: -24 * (3 + index),
      });
      const recorded = await content.recordResult(tip.matchId, { homeGoals: 1, awayGoals: index % 3 });
      expect(recorded.statusCode, recorded.body).toBe(200);
    }
    expect(await demo.app.services.predictions.fitLeague(busiest as ModelLeagueKey)).toBeNull();
  });
});
