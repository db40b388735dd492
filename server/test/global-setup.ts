import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../src/bootstrap.ts';
import { openInMemory, openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Embedded runs: a migrated PGlite data folder to load in each test (initdb costs ~3 s). */
    pgliteTemplatePath: string;
    /** PostgreSQL runs: the server URL and a migrated template database to copy per test app. */
    postgresUrl: string;
    postgresTemplate: string;
  }
}

export const POSTGRES_TEMPLATE = 'cashtips_test_template';

export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL ?? '';
  project.provide('postgresUrl', postgresUrl);
  project.provide('postgresTemplate', POSTGRES_TEMPLATE);

  if (postgresUrl) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
    await admin.query(`create database ${POSTGRES_TEMPLATE}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${POSTGRES_TEMPLATE}`;
    const handle = openPostgres(url.toString(), 2);
    await runMigrations(handle, migrationsFolder);
    await handle.close();
    project.provide('pgliteTemplatePath', '');
    return;
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'cashtips-test-'));
  const handle = await openInMemory();
  if (handle.kind !== 'embedded') throw new Error('expected PGlite');
  await runMigrations(handle, migrationsFolder);
  const dump = await handle.pglite.dumpDataDir('none');
  await handle.close();
  const templatePath = path.join(dir, 'template.tar');
  writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', templatePath);
  return () => rmSync(dir, { recursive: true, force: true });
}
