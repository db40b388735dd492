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

/** The migrations as they stood before demo content was marked (0000-0021). */
function migrationsBeforeDemoMarks(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'cashtips-migrations-'));
  folders.push(folder);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 21);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

type Rows<T> = { rows: T[] };

it('marks demo what a demo seeder wrote before migration 0022 (dated no later than its marker), and nothing an admin wrote after', async () => {
  const handle = await openInMemory();
  try {
    await runMigrations(handle, migrationsBeforeDemoMarks());
    const { db } = handle;
    const seededAt = '2026-11-01T09:00:00Z';
    const before = '2026-10-20T12:00:00Z';
    const after = '2026-11-02T12:00:00Z';
    for (const seeder of ['booking-codes', 'rollover-plans', 'free-tips']) {
      await db.execute(sql`insert into app_meta (key, value, updated_at)
        values (${`demo_seeded_at:${seeder}`}, '{}'::jsonb, ${seededAt}::timestamptz)`);
    }
    const code = (name: string, at: string) =>
      db.execute(sql`insert into booking_codes (code, bookmaker, total_odds, price_kobo, expires_at, posted_at,
        created_at, updated_at) values (${name}, 'SportyBet', 2.5, 50000, ${at}::timestamptz, ${at}::timestamptz,
        ${at}::timestamptz, ${at}::timestamptz)`);
    await code('DEMOCODE1', before);
    // Settled later by the engine: its update does not move its creation.
    await code('DEMOCODE2', seededAt);
    await code('REALCODE1', after);
    const plan = (id: string, name: string, at: string) =>
      db.execute(sql`insert into rollover_plans (id, name, price_kobo, duration_days, odds, created_at, updated_at)
        values (${id}::uuid, ${name}, 100000, 3, 1.5, ${at}::timestamptz, ${at}::timestamptz)`);
    await plan('00000000-0000-4000-8000-000000000001', 'Demo plan', before);
    await plan('00000000-0000-4000-8000-000000000002', 'Real plan', after);
    const tip = (planId: string, at: string) =>
      db.execute(sql`insert into rollover_tips (plan_id, day, total_odds, created_at, updated_at)
        values (${planId}::uuid, '2026-10-20', 1.5, ${at}::timestamptz, ${at}::timestamptz)`);
    await tip('00000000-0000-4000-8000-000000000001', before);
    // An admin's tip posted on the demo plan later is the admin's, not the demo's.
    await tip('00000000-0000-4000-8000-000000000001', after);
    await tip('00000000-0000-4000-8000-000000000002', after);
    const freeTip = (at: string) =>
      db.execute(sql`insert into free_tips (total_odds, published_at, created_at, updated_at)
        values (1.6, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz)`);
    await freeTip(before);
    await freeTip(after);

    await runMigrations(handle, migrationsFolder);

    const marks = async (table: string, label: string) =>
      (
        (await db.execute(
          sql.raw(`select ${label} as label, demo from ${table} order by created_at, ${label}`),
        )) as unknown as Rows<{ label: string; demo: boolean }>
      ).rows.map((row) => [String(row.label), row.demo]);
    expect(await marks('booking_codes', 'code')).toEqual([
      ['DEMOCODE1', true],
      ['DEMOCODE2', true],
      ['REALCODE1', false],
    ]);
    expect(await marks('rollover_plans', 'name')).toEqual([
      ['Demo plan', true],
      ['Real plan', false],
    ]);
    expect(await marks('rollover_tips', "plan_id::text || ' ' || created_at::date")).toEqual([
      ['00000000-0000-4000-8000-000000000001 2026-10-20', true],
      ['00000000-0000-4000-8000-000000000001 2026-11-02', false],
      ['00000000-0000-4000-8000-000000000002 2026-11-02', false],
    ]);
    expect(await marks('free_tips', 'created_at::date::text')).toEqual([
      ['2026-10-20', true],
      ['2026-11-02', false],
    ]);
  } finally {
    await handle.close();
  }
});

it('marks nothing where the demo never ran', async () => {
  const handle = await openInMemory();
  try {
    await runMigrations(handle, migrationsBeforeDemoMarks());
    await handle.db.execute(sql`insert into free_tips (total_odds, published_at, created_at, updated_at)
      values (1.6, now(), now() - interval '30 days', now())`);
    await runMigrations(handle, migrationsFolder);
    const result = (await handle.db.execute(sql`select demo from free_tips`)) as unknown as Rows<{
      demo: boolean;
    }>;
    expect(result.rows).toEqual([{ demo: false }]);
  } finally {
    await handle.close();
  }
});
