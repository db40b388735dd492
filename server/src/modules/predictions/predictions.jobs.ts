import type { FastifyBaseLogger as Logger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit } from '../admin/audit.ts';
import { readBundledMatches } from './bundled-data.ts';
import type { PredictionImportService } from './import.service.ts';
import type { PredictionsService } from './predictions.service.ts';

/** How long after start the one-time import of the bundled results begins. */
const IMPORT_DELAY_SECONDS = 5;

/** Every day at 05:00 Lagos time, before the day's tips are posted. */
export const FIT_SCHEDULE = '0 5 * * *';

export interface PredictionJobs {
  /** Queues the one-time import of the bundled data when it has not happened; never waits for it. */
  startupImport(): void;
  /** Queues a refit now (an admin's request, audited). */
  requestFit(actorUserId: string): Promise<void>;
}

/**
 * The model's background work, as pg-boss jobs (decision 014): the one-time import of the bundled
 * results, then a fit; the daily fit; a fit an admin asks for. Both queues are 'stately': one job
 * waiting and one running at most, across every process.
 */
export async function startPredictionJobs(deps: {
  config: AppConfig['modelData'];
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  predictions: PredictionsService;
  importer: PredictionImportService;
  logger: Logger;
}): Promise<PredictionJobs> {
  const { config, db, clock, jobs, predictions, importer, logger } = deps;

  const queueFit = async (reason: 'import' | 'admin') => {
    await jobs.send(db, 'predictions.fit', { reason });
    jobs.wake('predictions.fit');
  };

  await jobs.work('predictions.import', {}, async (job) => {
    const outcome = await importer.importBundledOnce(job.data.fromSeason, readBundledMatches);
    if (!outcome) return;
    logger.info(
      { fromSeason: job.data.fromSeason, ...outcome },
      'bundled results imported into the match registry',
    );
    await queueFit('import');
  });
  await jobs.work('predictions.fit', {}, async (job) => {
    logger.info({ reason: job.data.reason ?? 'schedule' }, 'refitting the match model');
    await predictions.fitAll();
  });
  await jobs.schedule('predictions.fit', FIT_SCHEDULE);

  return {
    startupImport() {
      if (!config.import) return;
      void (async () => {
        if (await importer.bundledImportDone(config.fromSeason)) return;
        // A few seconds after start, not at once: run beside the start-up it held readiness back ~2 s
        // (the embedded database's one connection and the event loop were busy with it).
        await jobs.send(
          db,
          'predictions.import',
          { fromSeason: config.fromSeason },
          {
            startAfter: IMPORT_DELAY_SECONDS,
          },
        );
      })().catch((error: unknown) => logger.warn({ err: error }, 'could not queue the model data import'));
    },
    async requestFit(actorUserId) {
      await db.transaction(async (tx) => {
        await jobs.send(tx, 'predictions.fit', { reason: 'admin' });
        await recordAudit(tx, clock.now(), {
          actorUserId,
          action: 'model.refit',
          targetType: 'model',
          targetId: null,
          before: null,
          after: null,
        });
      });
      jobs.wake('predictions.fit');
    },
  };
}
