// A throwaway PostgreSQL 15 cluster for tests and benchmarks: initdb in a temp folder, start it on a
// free port on 127.0.0.1 with durability turned off, and remove everything again on stop().
// Used by scripts/with-postgres.mjs and scripts/bench.mjs.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const PG_PACKAGE = 'postgresql-15';

export class PostgresMissingError extends Error {}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL binary, as the postgres user when we are root (initdb refuses root). */
function run(binary, args, { allowFailure = false } = {}) {
  const file = path.join(PG_BIN, binary);
  const [command, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  const result = spawnSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0 && !allowFailure) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
    throw new Error(`${binary} ${args[0] ?? ''} failed (exit ${result.status ?? result.signal}):\n${output}`);
  }
  return result;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function postgresIds() {
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new PostgresMissingError(
      `Running as root needs the "postgres" system user (created by the Debian package ${PG_PACKAGE}).`,
    );
  }
}

/**
 * Starts a fresh cluster. Returns { url, port, dir, stop() }: url is a superuser URL
 * (postgres://postgres@127.0.0.1:PORT/postgres); stop() is synchronous, idempotent, and kills the
 * cluster (immediate mode) and deletes its folder. A process 'exit' hook calls stop() as a fallback.
 */
export async function startThrowawayPostgres({ maxConnections = 300 } = {}) {
  for (const binary of ['initdb', 'pg_ctl']) {
    if (!existsSync(path.join(PG_BIN, binary))) {
      throw new PostgresMissingError(
        `PostgreSQL 15 is not installed (${path.join(PG_BIN, binary)} is missing).\n` +
          `Install it with: apt-get install -y ${PG_PACKAGE}`,
      );
    }
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'cashtips-pg-'));
  const dataDir = path.join(dir, 'data');
  const socketDir = path.join(dir, 'sock');
  const logFile = path.join(dir, 'postgres.log');
  let started = false;
  let stopped = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', stop);
    if (started) run('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w'], { allowFailure: true });
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);

  try {
    mkdirSync(socketDir);
    if (isRoot()) {
      const { uid, gid } = postgresIds();
      chownSync(dir, uid, gid);
      chownSync(socketDir, uid, gid);
    }
    run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);

    // The port is free when we pick it but could be taken before PostgreSQL binds it: retry.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const options = [
        `-p ${port}`,
        `-k ${socketDir}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        `-c max_connections=${maxConnections}`,
      ].join(' ');
      const result = run('pg_ctl', ['start', '-w', '-D', dataDir, '-l', logFile, '-o', options], {
        allowFailure: true,
      });
      if (result.status === 0) {
        started = true;
        return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, stop };
      }
      if (attempt >= 3) {
        let log = '';
        try {
          log = readFileSync(logFile, 'utf8').trim();
        } catch {}
        throw new Error(`pg_ctl start failed:\n${`${result.stdout}${result.stderr}`.trim()}\n${log}`);
      }
      // A failed start may have left a half-started postmaster behind.
      run('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w'], { allowFailure: true });
    }
  } catch (error) {
    started = true; // try a stop anyway: harmless if nothing runs
    stop();
    throw error;
  }
}
