import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { migrationsFolder } from '../bootstrap.ts';
import { openInMemory } from './client.ts';
import { runMigrations } from './migrate.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The migrations as they stood before the match registry (0000-0006). */
function migrationsBeforeRegistry(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'cashtips-migrations-'));
  folders.push(folder);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 6);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

it('moves the games of existing codes and rollover tips onto registered matches, reusing a fixture', async () => {
  const handle = await openInMemory();
  try {
    await runMigrations(handle, migrationsBeforeRegistry());
    const { db } = handle;
    const game = (
      teamA: string,
      teamB: string,
      kickoff: string,
      prediction: string | null,
      odds: number | null,
    ) => ({
      teamA,
      teamB,
      league: 'Premier League',
      kickoff,
      prediction,
      odds,
    });
    const codeGames = [
      game('Arsenal', 'Chelsea', '2026-11-20T19:30:00.000Z', 'Home win', 1.8),
      // 23:30 UTC is already 21 Nov in Lagos: another day, another fixture.
      game('Everton', 'Fulham', '2026-11-20T23:30:00.000Z', null, null),
    ];
    await db.execute(sql`insert into booking_codes (code, bookmaker, total_odds, price_kobo, games, expires_at,
      posted_at, result, created_at, updated_at)
      values ('OLDCODE1', 'SportyBet', 3.1, 50000, ${JSON.stringify(codeGames)}::jsonb, now(), now(), 'won', now(), now())`);
    await db.execute(sql`insert into rollover_plans (id, name, price_kobo, duration_days, odds, created_at, updated_at)
      values ('00000000-0000-4000-8000-000000000001', 'Old plan', 100000, 3, 1.5, now(), now())`);
    const tipGames = [
      {
        ...game('arsenal', 'chelsea', '2026-11-20T19:30:00.000Z', 'Over 1.5 goals', 1.3),
        bookmaker: 'Bet9ja',
      },
    ];
    await db.execute(sql`insert into rollover_tips (plan_id, day, games, total_odds, created_at, updated_at)
      values ('00000000-0000-4000-8000-000000000001', '2026-11-20', ${JSON.stringify(tipGames)}::jsonb, 1.3, now(), now())`);

    await runMigrations(handle, migrationsFolder);

    const matches = (await db.execute(
      sql`select home_team, away_team, match_day::text as day, status from matches order by kickoff`,
    )) as unknown as { rows: { home_team: string; away_team: string; day: string; status: string }[] };
    expect(matches.rows).toEqual([
      { home_team: 'Arsenal', away_team: 'Chelsea', day: '2026-11-20', status: 'scheduled' },
      { home_team: 'Everton', away_team: 'Fulham', day: '2026-11-21', status: 'scheduled' },
    ]);
    const games = (await db.execute(sql`select s.position, s.prediction, s.odds::float8 as odds, s.bookmaker,
        m.home_team, s.booking_code_id is not null as on_code
      from selections s join matches m on m.id = s.match_id order by on_code desc, s.position`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(games.rows).toEqual([
      {
        position: 0,
        prediction: 'Home win',
        odds: 1.8,
        bookmaker: null,
        home_team: 'Arsenal',
        on_code: true,
      },
      { position: 1, prediction: null, odds: null, bookmaker: null, home_team: 'Everton', on_code: true },
      {
        position: 0,
        prediction: 'Over 1.5 goals',
        odds: 1.3,
        bookmaker: 'Bet9ja',
        home_team: 'Arsenal',
        on_code: false,
      },
    ]);
    const code = (await db.execute(sql`select result, settled_by from booking_codes`)) as unknown as {
      rows: { result: string; settled_by: string }[];
    };
    expect(code.rows).toEqual([{ result: 'won', settled_by: 'admin' }]);
  } finally {
    await handle.close();
  }
});
