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
  | {
      kind: 'postgres';
      db: Database;
      pool: pg.Pool;
      close: () => Promise<void>;
      /** Where lost connections are reported (the app's logger once it exists; stderr before). */
      onConnectionLost: (report: ConnectionLossReport) => void;
    };

export type ConnectionLossReport = (event: { code: string | undefined }) => void;

/** Losses within this long of a reported one are one incident (a failover drops every connection). */
const LOSS_REPORT_WINDOW_MS = 10_000;

export function openPostgres(databaseUrl: string, poolSize = 20): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  let report: ConnectionLossReport = ({ code }) =>
    console.error(`database connection lost (${code ?? 'unknown'}); reconnecting`);
  let lastReportAt = Number.NEGATIVE_INFINITY;
  const connectionLost = (error: Error & { code?: string }) => {
    const now = Date.now();
    if (now - lastReportAt < LOSS_REPORT_WINDOW_MS) return;
    lastReportAt = now;
    report({ code: error.code });
  };
  // Every connection, idle or checked out (a transaction, the realtime LISTEN), gets a listener:
  // PostgreSQL terminating a backend makes its client emit 'error', and an 'error' with no
  // listener kills the process. Queries in flight still reject; the pool drops the dead client
  // when it is released and opens a new one on demand.
  pool.on('connect', (client) => {
    client.on('error', connectionLost);
  });
  pool.on('error', () => {
    // The idle client's error, already counted by its own listener above.
  });
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    pool,
    close: () => pool.end(),
    onConnectionLost: (next) => {
      report = next;
    },
  };
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
