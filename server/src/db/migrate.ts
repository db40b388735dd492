import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.ts';

// Any fixed number: every process of this app takes the same lock while migrating or installing.
const MIGRATION_LOCK_ID = 727_001;

export async function runMigrations(handle: DatabaseHandle, migrationsFolder: string): Promise<void> {
  if (handle.kind === 'embedded') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  await oneProcessAtATime(handle, () =>
    migrateNodePg(handle.db as unknown as NodePgDatabase, { migrationsFolder }),
  );
}

/**
 * Runs a start-up step (migrations, installing the job queue's schema) in one process at a time
 * when several start at once against one server; the embedded database has only one process.
 */
export async function oneProcessAtATime<T>(handle: DatabaseHandle, step: () => Promise<T>): Promise<T> {
  if (handle.kind === 'embedded') return step();
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      return await step();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}

export function expectedMigrationCount(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export async function appliedMigrationCount(handle: DatabaseHandle): Promise<number> {
  const result = (await handle.db.execute(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  )) as {
    rows: { count: number }[];
  };
  return Number(result.rows[0]?.count ?? 0);
}
