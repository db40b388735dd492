import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/*
 * What a newcomer sees from `npm start` (scripts/start.mjs): a build that is older than its
 * sources is redone, quietly; a `.env` in the folder it runs from is read; and once the server
 * listens, one plain line says where it is, where mails go and how to get an admin.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const startScript = path.join(root, 'scripts', 'start.mjs');
let running: ChildProcess | undefined;
let folder: string | undefined;

afterEach(async () => {
  if (running && running.exitCode === null) {
    const exited = new Promise((resolve) => running?.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }
  if (folder) rmSync(folder, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    server.on('error', reject);
  });
}

/** Runs `npm start`'s script from `cwd` until the ready line appears; answers what it printed. */
function start(cwd: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(process.execPath, [startScript], {
      cwd,
      env: { ...process.env, RATES_URL: 'off', GEO_URL: 'off', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running = child;
    const timer = setTimeout(() => reject(new Error(`no ready line in 60 s:\n${output}`)), 60_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (/^CashTips is running at .*$/m.test(output)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`start exited with ${code}:\n${output}`));
    });
  });
}

describe('npm start', () => {
  // A first start on the embedded database loads demo content (SEED_DEMO's default there): the line says so.
  it('rebuilds a stale build quietly, reads .env, and prints one plain line once it listens', async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'cashtips-start-'));
    const port = await freePort();
    writeFileSync(
      path.join(folder, '.env'),
      `PORT=${port}\nADMIN_EMAIL=first.admin@example.com\nADMIN_PASSWORD=F1rst!Admin\nLOG_LEVEL=warn\n`,
    );
    // The server bundle is now older than its sources, as after a `git pull`.
    const bundle = path.join(root, 'server', 'dist', 'main.js');
    const past = new Date(Date.now() - 365 * 86_400_000);
    utimesSync(bundle, past, past);

    const output = await start(folder, {});
    const lines = output.trim().split('\n');
    expect(lines).toContain('Building the server (its sources changed)...');
    expect(statSync(bundle).mtimeMs).toBeGreaterThan(past.getTime() + 1000);
    // No build tool's own output.
    expect(output).not.toMatch(/esbuild|vite|modules transformed|dist\/assets|built in/i);
    expect(lines.at(-1)).toBe(
      `CashTips is running at http://localhost:${port} on the embedded database, with demo content (codes, plans and tips marked Demo, counted in no record); mails (sign-up codes) are written to data/outbox/; admin: first.admin@example.com (sign in, then open /admin); settings read from .env.`,
    );
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(ready.status).toBe(200);
  });

  it('starts at once when the build is up to date, with nothing but the ready line', async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'cashtips-start-'));
    const port = await freePort();
    const output = await start(folder, { PORT: String(port), LOG_LEVEL: 'warn' });
    expect(output).not.toContain('Building');
    expect(output.trim().split('\n')).toEqual([
      `CashTips is running at http://localhost:${port} on the embedded database, with demo content (codes, plans and tips marked Demo, counted in no record); mails (sign-up codes) are written to data/outbox/; for an admin, set ADMIN_EMAIL and ADMIN_PASSWORD (in .env) and restart.`,
    ]);
  });
});
