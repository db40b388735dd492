import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** One handle type for both drivers (a union of the two breaks `.returning()` typing). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** An open transaction: code that must run inside one (the ledger) asks for this type. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A transaction handle or the database; repositories accept either. */
export type Executor = Database | Transaction;

export type DatabaseHandle =
  | { kind: 'embedded'; db: Database; pglite: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: Database; pool: pg.Pool; close: () => Promise<void> };

export function openPostgres(databaseUrl: string, poolSize = 20): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries in flight still reject.
  });
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  return { kind: 'postgres', db, pool, close: () => pool.end() };
}

export class DataDirLockedError extends Error {}

/**
 * PGlite does not lock its folder, and two processes writing one folder corrupt it. A lock file
 * holding our pid refuses a second process; a stale lock (its process gone) is taken over.
 */
function lockDataDir(dir: string): () => void {
  const lockFile = path.join(dir, 'postmaster.lock.cashtips');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8'));
      if (holder && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another process (pid ${holder}). Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      unlinkSync(lockFile);
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openEmbedded(dataDir: string): Promise<DatabaseHandle> {
  const dir = path.join(dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(dir);
  try {
    const pglite = await PGlite.create(dir);
    return embeddedHandle(pglite, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

/** In-memory PGlite, optionally loaded from a dumped data folder (tests use a migrated template). */
export async function openInMemory(template?: Blob | File): Promise<DatabaseHandle> {
  const pglite = await PGlite.create(template ? { loadDataDir: template } : {});
  return embeddedHandle(pglite, () => {});
}

function embeddedHandle(pglite: PGlite, unlock: () => void): DatabaseHandle {
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
  return {
    kind: 'embedded',
    db,
    pglite,
    close: async () => {
      try {
        await pglite.close();
      } finally {
        unlock();
      }
    },
  };
}
