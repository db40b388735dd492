// `node scripts/with-postgres.mjs <command...>`: runs a command against a throwaway PostgreSQL 15.
// Exports TEST_DATABASE_URL (superuser URL) to the command, always stops and deletes the cluster
// afterwards (also on failure, SIGINT and SIGTERM), and exits with the command's exit code.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { PostgresMissingError, startThrowawayPostgres } from './lib/postgres.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

// A signal while PostgreSQL is still starting: remember it and stop as soon as the cluster is up.
let pendingSignal = null;
let child = null;
let pg = null;

const exitFor = (signal) => 128 + (constants.signals[signal] ?? 1);

function finish(code) {
  pg?.stop();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (!child) {
      pendingSignal = signal;
      return;
    }
    if (pendingSignal) {
      // Second signal: stop waiting for the command.
      child.kill('SIGKILL');
      finish(exitFor(signal));
      return;
    }
    pendingSignal = signal;
    // Ctrl-C already reached the whole process group; forward SIGTERM/SIGHUP ourselves.
    if (signal !== 'SIGINT') child.kill(signal);
    else if (child.exitCode === null) child.kill('SIGINT');
  });
}

try {
  const started = Date.now();
  pg = await startThrowawayPostgres();
  console.error(`[with-postgres] PostgreSQL 15 ready at ${pg.url} (${Date.now() - started} ms)`);
} catch (error) {
  console.error(
    `[with-postgres] ${error instanceof PostgresMissingError ? '' : 'could not start PostgreSQL: '}${error.message}`,
  );
  process.exit(1);
}
if (pendingSignal) finish(exitFor(pendingSignal));

child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: pg.url },
});
child.on('error', (error) => {
  console.error(`[with-postgres] could not run ${command}: ${error.message}`);
  finish(127);
});
child.on('exit', (code, signal) => {
  finish(code ?? exitFor(signal ?? pendingSignal ?? 'SIGTERM'));
});
