import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
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
      [1, 2, 3].map(() => seedDemoContent(t.database.db, t.app.log, seeders)),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(runs).toEqual(['probe']);
    expect(await seedDemoContent(t.database.db, t.app.log, seeders)).toBe(false);
    const markers = await t.database.db.select().from(appMeta);
    expect(markers.map((row) => row.key)).toContain('demo_seeded_at:probe');
  });

  it('rolls the marker back when a seeder fails, so the next start tries again', async () => {
    const fresh = await buildTestApp();
    try {
      const failing = [{ name: 'broken', run: async () => Promise.reject(new Error('seed failed')) }];
      await expect(seedDemoContent(fresh.database.db, fresh.app.log, failing)).rejects.toThrow('seed failed');
      expect(await fresh.database.db.select().from(appMeta)).toHaveLength(0);
    } finally {
      await fresh.close();
    }
  });
});
