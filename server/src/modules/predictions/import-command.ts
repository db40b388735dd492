/**
 * `npm run predict:import -- [files or folders...]` (root package.json, run with tsx): finished
 * matches into the match registry of the configured database (DATABASE_URL, else the embedded one in
 * DATA_DIR, which must not be in use by a running server), then a refit queued for whichever server
 * runs jobs next. Files are openfootball JSON (`2023-24/en.1.json`: the league is the file's name,
 * the season its folder); folders are searched for `*.json`. Without arguments, the bundled data from
 * MODEL_DATA_FROM_SEASON on. Importing the same matches again adds nothing; fixtures admins
 * registered are never changed.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { modelLeagueOf } from '@cashtips/contract/predictions';
import Fastify from 'fastify';
import { migrationsFolder, openDatabase } from '../../bootstrap.ts';
import { ConfigError, loadConfig, loadEnvFile } from '../../config/env.ts';
import { DataDirLockedError } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { startJobQueue } from '../../jobs/queue.ts';
import { systemClock } from '../../lib/clock.ts';
import { createLoggerOptions } from '../../lib/logger.ts';
import { readBundledMatches, withBundledNames } from './bundled-data.ts';
import { type ImportOutcome, PredictionImportService } from './import.service.ts';
import { ImportFileError, type ImportMatch, readOpenfootballFile } from './openfootball.ts';

function jsonFilesUnder(entry: string): string[] {
  const stats = statSync(entry);
  if (stats.isFile()) return entry.endsWith('.json') ? [entry] : [];
  return readdirSync(entry)
    .sort()
    .flatMap((name) => jsonFilesUnder(path.join(entry, name)));
}

async function main(args: string[]): Promise<number> {
  if (args.some((arg) => arg === '--help' || arg === '-h')) {
    console.log('usage: npm run predict:import -- [openfootball .json files or folders...]');
    return 0;
  }
  loadEnvFile(path.resolve('.env'));
  const config = loadConfig(process.env);
  let list: ImportMatch[];
  let bundled = false;
  if (args.length) {
    const files = args.flatMap((arg) => jsonFilesUnder(path.resolve(arg)));
    if (!files.length) throw new ImportFileError('no .json files found');
    list = withBundledNames(
      files.flatMap((file) => readOpenfootballFile(file)),
      (match) => modelLeagueOf(match.league),
    );
    console.log(`${files.length} files, ${list.length} finished matches read`);
  } else {
    bundled = true;
    list = readBundledMatches(config.modelData.fromSeason);
    console.log(`bundled data from ${config.modelData.fromSeason}: ${list.length} finished matches read`);
  }

  const database = await openDatabase(config);
  const logger = Fastify({ logger: createLoggerOptions('warn') }).log;
  try {
    await runMigrations(database, migrationsFolder);
    const importer = new PredictionImportService({ db: database.db, clock: systemClock });
    const outcome: ImportOutcome = await importer.importMatches(list);
    if (bundled) await importer.markBundledImported(config.modelData.fromSeason, outcome);
    console.log(`${outcome.inserted} matches added, ${outcome.skipped} already registered`);
    if (outcome.inserted > 0) {
      const jobs = await startJobQueue(database, logger, { runWorkers: false });
      await jobs.send(database.db, 'predictions.fit', { reason: 'import' });
      await jobs.stop();
      console.log('a refit is queued: a running server does it now, else the next one to start');
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (
      error instanceof ConfigError ||
      error instanceof ImportFileError ||
      error instanceof DataDirLockedError
    ) {
      console.error(error.message);
      process.exitCode = 2;
      return;
    }
    console.error(error);
    process.exitCode = 1;
  },
);
