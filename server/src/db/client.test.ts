import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, openEmbedded } from './client.ts';

// Runs in the PostgreSQL pass too: it needs only a temporary folder, not the test database.
describe('embedded data folder', () => {
  it('refuses a second opener while the first holds it, and frees it on close', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cashtips-lock-'));
    const first = await openEmbedded(dir);
    await expect(openEmbedded(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const second = await openEmbedded(dir);
    await second.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
