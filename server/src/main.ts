import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultWebDistDir, startApp } from './bootstrap.ts';
import { ConfigError, loadConfig, loadEnvFile, readyLine } from './config/env.ts';
import { DataDirLockedError } from './db/client.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  let envFileRead = false;
  try {
    envFileRead = loadEnvFile(path.resolve('.env'));
    config = loadConfig(process.env, {
      webDistDir: existsSync(path.join(defaultWebDistDir, 'index.html')) ? defaultWebDistDir : undefined,
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  let app: Awaited<ReturnType<typeof startApp>>;
  try {
    app = await startApp(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(75);
    }
    throw error;
  }
  if (!config.webDistDir) app.log.warn('web/dist is missing: serving the API only (run `npm run build`)');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let those in flight finish, close sockets and the database.
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(readyLine(config, port, envFileRead, app.demoContent));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
