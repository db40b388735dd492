import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { newDataDir, startAppIn } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder whose database the built product created and migrated, and nothing more. */
    migratedDatabase: string | undefined;
  }
}

/**
 * Once per run: the built product's first start on an empty folder, without demo content or an
 * admin, stopped cleanly. Each story's server then starts on a copy of that database (startApp).
 */
export default async function setup(project: TestProject) {
  const first = await startAppIn(newDataDir(), { SEED_DEMO: '0' });
  const code = await first.terminate();
  if (code !== 0) throw new Error(`the first start to migrate a database exited with ${code}`);
  // Only the database is shared: each server makes its own signing secret.
  rmSync(path.join(first.dataDir, 'jwt-secret'), { force: true });
  project.provide('migratedDatabase', first.dataDir);
  return () => rmSync(first.dataDir, { recursive: true, force: true });
}
