import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface RunningApp {
  url: string;
  dataDir: string;
  /** Sends SIGTERM and answers the exit code, keeping the data folder for a restart. */
  terminate(): Promise<number | null>;
  /** The newest 6-digit code mailed to this address (read from the outbox the app writes without SMTP). */
  latestCode(email: string, after?: number): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the built product exactly as `npm start` runs it, on a free port and a new data folder.
 * The new folder starts with a copy of the database `global-setup.ts` had the same build create and
 * migrate, holding nothing else: a first start spends about 9 of its 12 seconds creating and
 * migrating the database, which `start.e2e.test.ts` still does for real.
 */
export async function startApp(env: Record<string, string> = {}, reuseDataDir?: string): Promise<RunningApp> {
  if (reuseDataDir) return startAppIn(reuseDataDir, env);
  const dataDir = newDataDir();
  const migratedDatabase = inject('migratedDatabase');
  if (migratedDatabase)
    cpSync(path.join(migratedDatabase, 'pg'), path.join(dataDir, 'pg'), { recursive: true });
  return startAppIn(dataDir, env);
}

export const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'cashtips-e2e-'));

/** Starts the built product on `dataDir` as it is (empty for a first start). */
export async function startAppIn(dataDir: string, env: Record<string, string> = {}): Promise<RunningApp> {
  const main = path.join(root, 'server', 'dist', 'main.js');
  if (!existsSync(main) || !existsSync(path.join(root, 'web', 'dist', 'index.html'))) {
    throw new Error('Build first: npm run build');
  }
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      // This machine has no internet: rates and location come from the built-in fallbacks at once.
      RATES_URL: 'off',
      GEO_URL: 'off',
      // The bundled results' import and the model's fit take seconds of CPU after start; a story that
      // needs the model turns it on.
      MODEL_DATA_IMPORT: 'off',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const outbox = path.join(dataDir, 'outbox');
  async function terminate(): Promise<number | null> {
    if (child.exitCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return exited;
  }
  return {
    url,
    dataDir,
    async latestCode(email, after = 0) {
      const until = Date.now() + 10_000;
      for (;;) {
        const files = existsSync(outbox) ? readdirSync(outbox).filter((file) => file.endsWith('.json')) : [];
        const mails = files
          .map(
            (file) =>
              JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as {
                to: string;
                text: string;
                kind?: string;
                createdAt: string;
              },
          )
          .filter(
            (mail) =>
              mail.to === email && mail.kind !== 'notification' && Date.parse(mail.createdAt) >= after,
          )
          .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
        const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
        if (code) return code;
        if (Date.now() > until) throw new Error(`no code mailed to ${email}`);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    },
    terminate,
    async stop() {
      await terminate();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
