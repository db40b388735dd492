import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
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

/** server/dist/main.js on `databaseUrl`, ready; killed when this process exits. */
export async function startBuiltServer(databaseUrl: string, name: string) {
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(serverDir, 'dist', 'main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `cashtips-${name}-bench-`)),
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
  // A failed run must not leave the server holding the caller's output pipe open.
  process.on('exit', () => server.kill('SIGTERM'));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/ready`, server);
  return { baseUrl, pid: server.pid as number, stop: () => server.kill('SIGTERM') };
}

/** A bare Fastify answering GET `route` with `body` from memory. */
export async function startBareRoute(body: string, route: string) {
  const bodyFile = path.join(mkdtempSync(path.join(tmpdir(), 'cashtips-bare-')), 'body.json');
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
  process.on('exit', () => bare.kill('SIGTERM'));
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
}

/**
 * GET `url` under 50 connections for 10 s (or `durationSeconds`), without compression (a cost both
 * sides would pay alike), each request with the next of `tokens` when given.
 */
export async function readLoad(url: string, options: { tokens?: string[]; durationSeconds?: number } = {}) {
  const { tokens } = options;
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: options.durationSeconds ?? DURATION_SECONDS,
    headers: { 'accept-encoding': 'identity' },
    requests: tokens
      ? [
          {
            setupRequest: (request) => ({
              ...request,
              headers: {
                ...request.headers,
                'accept-encoding': 'identity',
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
