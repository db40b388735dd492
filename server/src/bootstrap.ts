import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from './app.ts';
import type { AppConfig } from './config/env.ts';
import { type DatabaseHandle, openEmbedded, openPostgres } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { demoContentPresent, seedDemoContent } from './seed/demo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database held demo content when the app started (the start banner says so). */
    demoContent: boolean;
  }
}

/**
 * server/ is one level above this file both from source (src/bootstrap.ts) and from the bundle
 * (dist/main.js), so paths to migrations and the built web app resolve the same way in both.
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const migrationsFolder = path.join(serverRoot, 'src', 'db', 'migrations');
export const defaultWebDistDir = path.join(serverRoot, '..', 'web', 'dist');

export async function openDatabase(config: AppConfig): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openEmbedded(config.dataDir);
}

/** Opens and migrates the database, builds the app, loads demo content and the admin. */
export async function startApp(
  config: AppConfig,
  overrides: Partial<Omit<AppDeps, 'config'>> = {},
): Promise<FastifyInstance> {
  const database = overrides.database ?? (await openDatabase(config));
  try {
    await runMigrations(database, overrides.migrationsFolder ?? migrationsFolder);
    const app = await buildApp({ config, database, migrationsFolder, ...overrides });
    app.addHook('onClose', async () => {
      await database.close();
    });
    if (config.seedDemo) await seedDemoContent(database.db, app.log, { now: app.services.clock.now() });
    app.decorate('demoContent', await demoContentPresent(database.db));
    if (config.admin) {
      const outcome = await app.services.auth.ensureAdmin(config.admin);
      app.log.info(
        { admin: outcome },
        outcome === 'created' ? 'admin account created' : 'admin account present',
      );
    }
    return app;
  } catch (error) {
    await database.close();
    throw error;
  }
}
