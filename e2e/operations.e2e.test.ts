import { existsSync } from 'node:fs';
import path from 'node:path';
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
});
