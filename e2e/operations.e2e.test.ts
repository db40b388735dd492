import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startApp } from './support/server.ts';

describe('running the product', () => {
  it('shuts down cleanly on SIGTERM, frees its data folder, and starts again on it with the data kept', async () => {
    const first = await startApp({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'Own3r!Secret' });
    const lockFile = path.join(first.dataDir, 'pg', 'postmaster.lock.cashtips');
    expect(existsSync(lockFile)).toBe(true);
    expect(await first.terminate()).toBe(0);
    expect(existsSync(lockFile)).toBe(false);

    const second = await startApp({}, first.dataDir);
    try {
      const login = await fetch(`${second.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.com', password: 'Own3r!Secret' }),
      });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { user: { role: string } }).user.role).toBe('admin');
    } finally {
      await second.stop();
    }
  });

  it('a second process on the same data folder refuses to start', async () => {
    const first = await startApp();
    try {
      await expect(startApp({}, first.dataDir)).rejects.toThrow(/exited with 75/);
    } finally {
      await first.stop();
    }
  });

  it('`npm start` stops cleanly when its npm process gets SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cashtips-npm-start-'));
    const port = 4000 + Math.floor(Math.random() * 900);
    const npm = spawn('npm', ['start'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: '0' },
      stdio: 'ignore',
    });
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const ready = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) break;
        if (Date.now() > deadline) throw new Error('npm start did not become healthy');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      npm.kill('SIGTERM');
      await exited;
      // The server itself is gone too (not left running as an orphan): port closed, folder unlocked.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const stillUp = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => true,
        () => false,
      );
      expect(stillUp).toBe(false);
      expect(existsSync(path.join(dataDir, 'pg', 'postmaster.lock.cashtips'))).toBe(false);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
