import { lagosDay, lagosDaysBetween } from '@cashtips/contract/lagos-time';
import { type Market, parseMarket, settleMarket } from '@cashtips/contract/markets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signUpAndLogin, type TestApp } from '../../test/test-app.ts';
import { appMeta } from '../db/schema/index.ts';
import { seedDemoContent } from './demo.ts';

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

describe('demo rollover plans', () => {
  it('loads plans with and without slot limits, today’s tips and settled history with computed rates', async () => {
    const demo = await buildTestApp({ SEED_DEMO: '1' });
    try {
      const plans = (await demo.app.inject({ method: 'GET', url: '/api/rollover-plans' })).json() as Array<{
        name: string;
        odds: number;
        slotLimit: number | null;
        successRate: number | null;
      }>;
      expect(plans.length).toBeGreaterThanOrEqual(4);
      expect(plans.some((plan) => plan.slotLimit === null)).toBe(true);
      expect(plans.some((plan) => plan.slotLimit !== null)).toBe(true);
      expect(Math.min(...plans.map((plan) => plan.odds))).toBeLessThanOrEqual(1.5);
      expect(Math.max(...plans.map((plan) => plan.odds))).toBeGreaterThanOrEqual(10);
      // 5 won and 1 lost settled tips: 83.3 %; fewer than 5 settled: no rate yet.
      expect(plans.find((plan) => plan.name === 'Daily 1.5 Odds Rollover')?.successRate).toBe(83.3);
      expect(plans.find((plan) => plan.name === 'Mega 10+ Odds')?.successRate).toBeNull();
      const user = await signUpAndLogin(demo);
      const today = (
        await demo.app.inject({ method: 'GET', url: '/api/rollover/today', headers: bearer(user.token) })
      ).json() as Array<{ locked: boolean; result: string }>;
      expect(today.length).toBeGreaterThanOrEqual(4);
      expect(today.every((tip) => tip.locked && tip.result === 'pending')).toBe(true);
    } finally {
      await demo.close();
    }
  });
});

describe('demo free tips', () => {
  it('are picks on real matches over the last 60 days, settled by the engine from the real scores', async () => {
    const demo = await buildTestApp({ SEED_DEMO: '1' });
    try {
      const past = (await demo.app.inject({ method: 'GET', url: '/api/tips/past?limit=100' })).json();
      const tips = past.tips as {
        teamA: string;
        teamB: string;
        prediction: string;
        date: string;
        result: string;
        score: { home: number; away: number } | null;
      }[];
      expect(tips.length).toBeGreaterThanOrEqual(60);
      const days = tips.map((tip) => tip.date).sort();
      const today = lagosDay(demo.clock.now());
      expect(days.at(-1)! < today).toBe(true);
      expect(lagosDaysBetween(days[0] as string, today)).toBeLessThanOrEqual(59);
      // Every settled tip's result is what its market gives on the match's real score.
      for (const tip of tips) {
        const market = parseMarket(tip.prediction, { home: tip.teamA, away: tip.teamB });
        expect(market, tip.prediction).not.toBeNull();
        expect(tip.score, `${tip.teamA} vs ${tip.teamB}`).not.toBeNull();
        expect(tip.result).toBe(settleMarket(market as Market, tip.score as { home: number; away: number }));
      }
      const leagues = new Set(tips.map((tip) => (tip as unknown as { league: string }).league));
      expect(
        [...leagues].every((league) =>
          ['Premier League', 'La Liga', 'Bundesliga', 'Serie A', 'Ligue 1'].includes(league),
        ),
      ).toBe(true);
      const { record } = past;
      expect(record.won + record.lost).toBe(tips.filter((tip) => tip.result !== 'void').length);
      expect(record.successRate).toBe(Math.round((record.won / (record.won + record.lost)) * 1000) / 10);
      const todays = (await demo.app.inject({ method: 'GET', url: '/api/tips?type=free' })).json();
      expect(todays.length).toBeGreaterThan(0);
      expect(
        todays.every(
          (tip: { status: string; date: string }) => tip.status === 'Pending' && tip.date === today,
        ),
      ).toBe(true);
    } finally {
      await demo.close();
    }
  });
});
