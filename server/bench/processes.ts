import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../test/free-port.ts';

/**
 * What every HTTP benchmark needs: the built server in its own process on a PostgreSQL database,
 * a bare Fastify route answering the same bytes from memory as the yardstick, and a timed read
 * load under 50 connections. Each in its own process, so the load generator never shares an event
 * loop with what it measures.
 */
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
export const CONNECTIONS = 50;
const DURATION_SECONDS = 10;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer in 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces): [0] is field 3. */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU time the process has used, user and system, all its threads, in milliseconds. */
export function cpuMsOf(pid: number): number {
  const fields = statFields(pid);
  // utime and stime are fields 14 and 15.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/**
 * CPU time a PostgreSQL cluster has used, in milliseconds: the postmaster's own and that of the
 * children it has reaped (cutime, cstime: fields 16 and 17), plus every live child's (backends,
 * walwriter, autovacuum). The difference over a phase is what the database spent on it.
 */
export function postgresCpuMs(postmasterPid: number): number {
  const own = statFields(postmasterPid);
  let total = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(Number(entry));
      // ppid is field 4.
      if (Number(fields[1]) === postmasterPid) total += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return (total * 1000) / CLOCK_TICKS;
}

/** server/dist/main.js on `databaseUrl`, ready; killed when this process exits. */
export async function startBuiltServer(databaseUrl: string, name: string) {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS: flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to
  // see where a benchmark's time goes (the profile is written when the server exits).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const dataDir = mkdtempSync(path.join(tmpdir(), `cashtips-${name}-bench-`));
  const server = spawn(process.execPath, [...nodeArgs, path.join(serverDir, 'dist', 'main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: BENCH_JWT_SECRET,
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      RATES_URL: 'off',
      GEO_URL: 'off',
      // The bundled results' import (and the fits after it) would run beside what is measured.
      MODEL_DATA_IMPORT: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A failed run must not leave the server holding the caller's output pipe open (nor its mails).
  process.on('exit', () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/ready`, server);
  return { baseUrl, pid: server.pid as number, stop: () => server.kill('SIGTERM') };
}

/** A bare Fastify answering GET `route` with `body` from memory. */
export async function startBareRoute(body: string, route: string) {
  const bodyDir = mkdtempSync(path.join(tmpdir(), 'cashtips-bare-'));
  const bodyFile = path.join(bodyDir, 'body.json');
  writeFileSync(bodyFile, body);
  const port = await freePort();
  const bare = spawn(
    process.execPath,
    [path.join(serverDir, 'bench', 'bare-route.mjs'), bodyFile, String(port), route],
    {
      cwd: serverDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  process.on('exit', () => {
    bare.kill('SIGTERM');
    rmSync(bodyDir, { recursive: true, force: true });
  });
  const url = `http://127.0.0.1:${port}${route}`;
  await waitFor(url, bare);
  return { url, stop: () => bare.kill('SIGTERM') };
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** Requests answered over the run. */
  requests: number;
}

/**
 * GET `url` under 50 connections for 10 s (or `durationSeconds`), without compression (a cost both
 * sides would pay alike) unless `acceptEncoding` asks for it as a browser would, each request with the
 * next of `tokens` when given.
 */
export async function readLoad(
  url: string,
  options: { tokens?: string[]; durationSeconds?: number; acceptEncoding?: string } = {},
) {
  const { tokens } = options;
  const acceptEncoding = options.acceptEncoding ?? 'identity';
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: options.durationSeconds ?? DURATION_SECONDS,
    headers: { 'accept-encoding': acceptEncoding },
    requests: tokens
      ? [
          {
            setupRequest: (request) => ({
              ...request,
              headers: {
                ...request.headers,
                'accept-encoding': acceptEncoding,
                authorization: `Bearer ${tokens[next++ % tokens.length]}`,
              },
            }),
          },
        ]
      : undefined,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  } satisfies LoadResult;
}

/**
 * A bench helper (a .ts file in server/bench, e.g. socket-clients.ts) in its own Node process,
 * spoken to over IPC: each command has one answer; an `{ type: 'error' }` answer rejects.
 */
export function helper(file: string, args: string[] = []) {
  const child: ChildProcess = fork(path.join(serverDir, 'bench', file), args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  process.on('exit', () => child.kill('SIGKILL'));
  const waiting: ((message: Record<string, unknown>) => void)[] = [];
  child.on('message', (message: Record<string, unknown>) => waiting.shift()?.(message));
  const exited = new Promise<never>((_, reject) =>
    child.on('exit', (code) => reject(new Error(`${file} exited (${code})`))),
  );
  exited.catch(() => {});
  /** The child's next message. */
  const next = <T>(): Promise<T> =>
    Promise.race([
      new Promise<T>((resolve, reject) =>
        waiting.push((message) =>
          message.type === 'error' ? reject(new Error(String(message.message))) : resolve(message as T),
        ),
      ),
      exited,
    ]);
  return {
    next,
    ask: <T>(message: Record<string, unknown>): Promise<T> => {
      const answer = next<T>();
      child.send(message);
      return answer;
    },
    close: () => {
      if (child.connected) child.send({ type: 'close' });
    },
  };
}
