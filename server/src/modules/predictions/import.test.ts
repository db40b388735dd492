import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { modelLeagues } from '@cashtips/contract/predictions';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor } from '../../../test/content.ts';
import { countRows, eventually, registerFixture } from '../../../test/model-league.ts';
import { adminEnv, buildTestApp, loginAdmin, type TestApp } from '../../../test/test-app.ts';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { matches, modelFits } from '../../db/schema/index.ts';
import { readBundledMatches } from './bundled-data.ts';
import { PredictionImportService } from './import.service.ts';
import { openfootballDataDir } from './model/data.ts';
import { type ImportMatch, readOpenfootballDocument } from './openfootball.ts';

/*
 * Finished matches into the match registry (issue 16): openfootball files read with each league's
 * local kickoff times, an import that adds nothing the second time and never touches a fixture an
 * admin registered, the bundled data, and the one-time import at start that test apps skip.
 */

const match = (overrides: Record<string, unknown>) => ({
  round: 'Matchday 1',
  date: '2023-08-12',
  time: '15:00',
  team1: 'Arsenal FC',
  team2: 'Chelsea FC',
  score: { ht: [0, 0], ft: [1, 0] },
  ...overrides,
});

describe('reading openfootball files', () => {
  it('reads finished matches with the league-local kickoff, the season from the folder, the product’s league name', () => {
    const found = readOpenfootballDocument('data/2023-24/en.1.json', {
      name: 'English Premier League 2023/24',
      matches: [
        match({
          date: '2023-08-11',
          time: '20:00',
          team1: 'Burnley FC',
          team2: 'Manchester City FC',
          score: { ft: [0, 3] },
        }),
        match({ date: '2023-12-26', time: '15:00' }),
        match({ date: '2024-01-13', time: undefined, team1: 'Everton FC', team2: 'Fulham FC' }),
        match({ date: '2024-05-19', score: {} }),
        match({ date: '2024-05-19', status: 'awarded', score: { ft: [3, 0] } }),
        match({ date: '2024-05-19', score: { ft: [-1, 2] } }),
      ],
    });
    expect(found).toEqual([
      {
        league: 'Premier League',
        season: '2023-24',
        // 20:00 British summer time.
        kickoff: new Date('2023-08-11T19:00:00Z'),
        home: 'Burnley FC',
        away: 'Manchester City FC',
        homeGoals: 0,
        awayGoals: 3,
      },
      expect.objectContaining({ kickoff: new Date('2023-12-26T15:00:00Z'), homeGoals: 1, awayGoals: 0 }),
      // No time given: 15:00 local.
      expect.objectContaining({ kickoff: new Date('2024-01-13T15:00:00Z'), home: 'Everton FC' }),
    ]);
  });

  it('reads Central European times across the change to summer time, the older "rounds" layout and other leagues', () => {
    const [winter, summer] = readOpenfootballDocument('x/2023-24/de.1.json', {
      name: 'Deutsche Bundesliga 2023/24',
      matches: [match({ date: '2024-03-30', time: '15:30' }), match({ date: '2024-03-31', time: '15:30' })],
    });
    expect(winter?.kickoff).toEqual(new Date('2024-03-30T14:30:00Z'));
    expect(summer?.kickoff).toEqual(new Date('2024-03-31T13:30:00Z'));
    expect(summer?.league).toBe('Bundesliga');

    const other = readOpenfootballDocument('files/nl.1.json', {
      name: 'Eredivisie 2022/23',
      rounds: [{ matches: [match({ date: '2022-10-02' })] }],
    });
    expect(other).toEqual([expect.objectContaining({ league: 'Eredivisie', season: '2022-23' })]);
    expect(() => readOpenfootballDocument('files/en.1.json', { name: 'x' })).toThrow(/no "matches"/);
  });

  it('reads the bundled data from a season on: every row of its files, under the product’s league names', () => {
    const dataDir = openfootballDataDir();
    let expected = 0;
    for (const league of readdirSync(dataDir, { withFileTypes: true })) {
      if (!league.isDirectory()) continue;
      for (const file of readdirSync(path.join(dataDir, league.name))) {
        if (file.endsWith('.csv') && file >= '2024-25') {
          const lines = readFileSync(path.join(dataDir, league.name, file), 'utf8')
            .trim()
            .split('\n');
          expected += lines.length - 1;
        }
      }
    }
    const found = readBundledMatches('2024-25');
    expect(found).toHaveLength(expected);
    expect(new Set(found.map((row) => row.season))).toEqual(new Set(['2024-25', '2025-26']));
    expect([...new Set(found.map((row) => row.league))].sort()).toEqual(
      modelLeagues.map((league) => league.name).sort(),
    );
    // Older spellings come under the club's name of today, as the model reads them.
    // (the 2025-26 Championship file spells 'Blackburn Rovers', the club's name is 'Blackburn Rovers FC').
    const names = new Set(found.flatMap((row) => [row.home, row.away]));
    expect(names.has('Blackburn Rovers')).toBe(false);
    expect(names.has('Blackburn Rovers FC')).toBe(true);
  });

  it('checks MODEL_DATA_FROM_SEASON and MODEL_DATA_IMPORT', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x', JWT_SECRET: 'x'.repeat(32) }).modelData).toEqual({
      import: true,
      fromSeason: '2019-20',
    });
    expect(
      loadConfig({ DATA_DIR: '/tmp/x', JWT_SECRET: 'x'.repeat(32), NODE_ENV: 'test' }).modelData.import,
    ).toBe(false);
    expect(
      loadConfig({ DATA_DIR: '/tmp/x', JWT_SECRET: 'x'.repeat(32), MODEL_DATA_IMPORT: 'off' }).modelData
        .import,
    ).toBe(false);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', MODEL_DATA_FROM_SEASON: '2019-21' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', MODEL_DATA_IMPORT: 'maybe' })).toThrow(/MODEL_DATA_IMPORT/);
  });
});

describe('importing into the match registry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(adminEnv);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds each fixture once, and never touches one an admin registered (nor the score recorded on it)', async () => {
    const admin = await loginAdmin(t);
    const { db } = t.database;
    const kickoff = new Date('2026-10-03T14:00:00Z');
    const adminMatch = await registerFixture(db, {
      league: 'EPL',
      home: 'Arsenal FC',
      away: 'Chelsea FC',
      kickoff,
    });
    const recorded = await contentFor(t, admin.token).recordResult(adminMatch, {
      homeGoals: 0,
      awayGoals: 0,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const importer = new PredictionImportService({ db, clock: t.clock });
    const list: ImportMatch[] = [
      // The same fixture as the admin's, spelt otherwise, with another score.
      {
        league: 'Premier League',
        season: '2026-27',
        kickoff: new Date('2026-10-03T11:30:00Z'),
        home: 'ARSENAL FC',
        away: 'chelsea fc',
        homeGoals: 3,
        awayGoals: 1,
      },
      ...Array.from({ length: 2500 }, (_, index) => ({
        league: 'Premier League',
        season: '2025-26',
        kickoff: new Date(Date.UTC(2025, 7, 1) + index * 86_400_000),
        home: `Home ${index % 7}`,
        away: `Away ${index % 5}`,
        homeGoals: index % 4,
        awayGoals: index % 3,
      })),
    ];
    const started = performance.now();
    expect(await importer.importMatches(list)).toEqual({ read: 2501, inserted: 2500, skipped: 1 });
    // Batched: a few thousand rows take well under the seconds a row-by-row import would.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await importer.importMatches(list)).toEqual({ read: 2501, inserted: 0, skipped: 2501 });

    const [kept] = await db.select().from(matches).where(eq(matches.id, adminMatch));
    expect(kept).toMatchObject({
      source: 'admin',
      league: 'EPL',
      homeTeam: 'Arsenal FC',
      homeGoals: 0,
      awayGoals: 0,
      kickoff,
    });
    const imported = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(matches)
      .where(and(eq(matches.source, 'import'), eq(matches.status, 'finished')));
    expect(imported[0]?.n).toBe(2500);
  });
});

describe('the one-time import of the bundled data at start', () => {
  let quiet: TestApp;
  let importing: TestApp;
  afterAll(async () => {
    await quiet?.close();
    await importing?.close();
  });

  it('is skipped by test apps unless a test asks', async () => {
    quiet = await buildTestApp();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const jobs = (await quiet.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'predictions.import'`,
    )) as unknown as { rows: { n: number }[] };
    expect(jobs.rows[0]?.n).toBe(0);
    const [row] = await quiet.database.db.select({ n: sql<number>`count(*)::int` }).from(matches);
    expect(row?.n).toBe(0);
  });

  it('imports the bundled seasons from MODEL_DATA_FROM_SEASON in the background, then fits; once', async () => {
    importing = await buildTestApp({ MODEL_DATA_IMPORT: 'on', MODEL_DATA_FROM_SEASON: '2025-26' });
    const { db } = importing.database;
    // Ready before the import is done: the app answers while it runs.
    const health = await importing.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const expected = readBundledMatches('2025-26').length;
    const imported = async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(matches)
        .where(eq(matches.source, 'import'));
      return row?.n ?? 0;
    };
    await eventually(async () => (await imported()) === expected, 30_000);
    expect(await imported()).toBe(expected);
    expect(await db.select({ season: matches.season }).from(matches).where(sql`season <> '2025-26'`)).toEqual(
      [],
    );
    await eventually(async () => (await countRows(db, 'model_fits')) >= 6, 60_000);
    const leagues = (await db.selectDistinct({ league: modelFits.league }).from(modelFits)).map(
      (row) => row.league,
    );
    expect(leagues.sort()).toEqual(['de.1', 'en.1', 'en.2', 'es.1', 'fr.1', 'it.1']);
    // Once: the marker says it is done, for this season or any later one.
    const importer = new PredictionImportService({ db, clock: importing.clock });
    expect(await importer.importBundledOnce('2025-26', () => readBundledMatches('2025-26'))).toBeUndefined();
    expect(await importer.bundledImportDone('2025-26')).toBe(true);
    expect(await importer.bundledImportDone('2024-25')).toBe(false);
  }, 120_000);
});
