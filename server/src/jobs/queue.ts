import type { FastifyBaseLogger as Logger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle, Executor } from '../db/client.ts';
import { oneProcessAtATime } from '../db/migrate.ts';
import type { TelegramOutgoing } from '../integrations/telegram/bot-api.ts';
import { type PollingLoop, startPollingLoop } from './polling-loop.ts';

/**
 * Background work that must happen once, survive a restart and never run twice at the same time in
 * two processes: pg-boss 10 (decision 010) on the app's own database — the embedded PGlite or
 * PostgreSQL — in its own `pgboss` schema. Jobs are enqueued inside the transaction that makes them
 * necessary, so a job exists exactly when what it delivers was committed.
 */
export interface JobDataByName {
  /** One push that a push service asked to try again later (429, 5xx). */
  'notifications.push-retry': { notificationId: string; subscriptionId: string };
  /** Every morning: tell subscribers whose plan ends tomorrow. */
  'notifications.ending-reminder': Record<string, never>;
  /**
   * Telegram messages (personal alerts, channel posts), sent in order at the configured rate. One job
   * runs at a time across every process (a singleton queue), so the rate holds for the whole bot.
   * `attempt` counts re-enqueues after a 5xx or a network failure.
   */
  'telegram.send': { messages: TelegramOutgoing[]; attempt: number };
  /** Once: the bundled openfootball results from `fromSeason` on into the match registry, then a fit. */
  'predictions.import': { fromSeason: string };
  /**
   * Refit the match model of every modelled league and price upcoming registered matches: daily,
   * after the import, and when an admin asks. `reason` is only logged.
   */
  'predictions.fit': { reason?: 'schedule' | 'import' | 'admin' };
  /**
   * Sends one withdrawal's transfer to its payout provider (issue 25), always with the withdrawal's
   * own reference: a retry reads the transfer back first and never makes a second one.
   */
  'payouts.transfer': { withdrawalId: string };
  /** Every 5 minutes: reads back transfers without an outcome after 30 minutes, re-sends lost ones. */
  'payouts.sweep': Record<string, never>;
}
export type JobName = keyof JobDataByName;

export interface Job<N extends JobName> {
  id: string;
  data: JobDataByName[N];
  retryCount: number;
}

export interface JobQueue {
  /** Enqueues a job in the caller's transaction (or on its own when `tx` is the database). */
  send<N extends JobName>(
    tx: Executor,
    name: N,
    data: JobDataByName[N],
    options?: PgBoss.SendOptions,
  ): Promise<void>;
  work<N extends JobName>(
    name: N,
    options: { workers?: number; batchSize?: number },
    handler: (job: Job<N>) => Promise<void>,
  ): Promise<void>;
  /** Runs `name` at `cron` in Lagos time, once across every process. */
  schedule(name: JobName, cron: string): Promise<void>;
  /** Wakes this process's workers of `name` at once instead of at their next poll. */
  wake(name: JobName): void;
  stop(): Promise<void>;
}

const QUEUES: (PgBoss.Queue & { name: JobName })[] = [
  { name: 'notifications.push-retry', retryLimit: 6, retryDelay: 30, retryBackoff: true },
  { name: 'notifications.ending-reminder', retryLimit: 3, retryDelay: 60, retryBackoff: true },
  // One job active at a time across every process (the global send rate); a job of a process that
  // died is handed out again after 2 minutes rather than pg-boss's default 15.
  {
    name: 'telegram.send',
    policy: 'singleton',
    expireInSeconds: 120,
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
  },
  // At most one queued and one running across every process: asking again while a fit waits adds
  // nothing, and a fit never runs twice at once.
  { name: 'predictions.import', policy: 'stately', retryLimit: 3, retryDelay: 30, retryBackoff: true },
  { name: 'predictions.fit', policy: 'stately', retryLimit: 2, retryDelay: 60, retryBackoff: true },
  // A provider that does not answer (timeout, 5xx) is tried again, ever more slowly (30 s, 1 min,
  // 2 min… about 4 hours in all); the sweep takes over after that. A job held by a process that died
  // is handed out again 2 minutes after it was taken, not pg-boss's 15: a job reads its transfer back
  // before starting one (same reference), so a second run never pays twice. 2 minutes covers its
  // calls to the provider (15 s time-out each).
  { name: 'payouts.transfer', expireInSeconds: 120, retryLimit: 9, retryDelay: 30, retryBackoff: true },
  { name: 'payouts.sweep', policy: 'stately', retryLimit: 1, retryDelay: 60 },
];

type Db = PgBoss.Db;

/** A pg-boss connection for a transaction or the database: the statement runs on its connection. */
function executorDb(executor: Executor): Db {
  return {
    async executeSql(text, values) {
      const result = (await executor._.session
        .prepareQuery({ sql: text, params: values ?? [] }, undefined, undefined, false)
        .execute()) as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** pg-boss on the embedded database: statements without parameters may hold several commands. */
function embeddedDb(database: Extract<DatabaseHandle, { kind: 'embedded' }>): Db {
  return {
    async executeSql(text, values) {
      if (!values?.length) {
        const results = await database.pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await database.pglite.query(text, values);
      return { rows: result.rows };
    },
  };
}

/** pg-boss's connection to the database the app runs on. */
export function pgBossDb(database: DatabaseHandle): Db {
  return database.kind === 'embedded'
    ? embeddedDb(database)
    : { executeSql: (text, values) => database.pool.query(text, values) };
}

/**
 * Our own fetch–run–record loop instead of pg-boss's `work()`: pg-boss 10 records a job's outcome
 * without awaiting it, so a connection PostgreSQL ends at that moment becomes an unhandled rejection
 * that kills the process. Here every statement is awaited and its failure logged; the job's state in
 * the database stays what it was and pg-boss's expiry hands it out again.
 */
function startWorkerLoop<N extends JobName>(
  boss: PgBoss,
  logger: Logger,
  name: N,
  batchSize: number,
  handler: (job: Job<N>) => Promise<void>,
): PollingLoop {
  return startPollingLoop(logger, name, batchSize, async () => {
    const jobs = await boss.fetch<JobDataByName[N]>(name, { batchSize, includeMetadata: true });
    for (const job of jobs) {
      try {
        await handler({ id: job.id, data: job.data, retryCount: job.retryCount });
        await boss.complete(name, job.id);
      } catch (error) {
        logger.warn({ err: error, queue: name, jobId: job.id }, 'job failed; it will be retried');
        await boss
          .fail(name, job.id, { message: error instanceof Error ? error.message : String(error) })
          .catch((failError: unknown) =>
            logger.warn({ err: failError, queue: name, jobId: job.id }, 'could not record a failed job'),
          );
      }
    }
    return jobs.length;
  });
}

export async function startJobQueue(
  database: DatabaseHandle,
  logger: Logger,
  options: { runWorkers?: boolean } = {},
): Promise<JobQueue> {
  const db = pgBossDb(database);
  const boss = new PgBoss({
    db,
    schema: 'pgboss',
    // The embedded database is one process; several PostgreSQL processes share the cron work through
    // pg-boss's own locking.
    schedule: true,
    supervise: true,
    deleteAfterDays: 7,
    archiveCompletedAfterSeconds: 3600,
    // Expired jobs (a process died holding them) are handed out by this maintenance: every 30 s
    // rather than every 2 minutes, so a payout waits about its expiry and no more.
    maintenanceIntervalSeconds: 30,
  });
  boss.on('error', (error) => logger.warn({ err: error }, 'job queue error'));
  // pg-boss installs its schema in one multi-statement transaction; a second process racing it on a
  // fresh database fails half-way and leaves a pooled connection inside an aborted transaction (seen
  // as a 40 s hang at start). Installing one process at a time avoids the race.
  await oneProcessAtATime(database, async () => {
    await boss.start();
    for (const queue of QUEUES) {
      await boss.createQueue(queue.name, queue);
      // createQueue leaves an existing queue as it was: a database made by an older version gets
      // today's settings (a payout job's expiry) too.
      await boss.updateQueue(queue.name, queue);
    }
  });
  const workers = new Map<JobName, PollingLoop[]>();
  let stopped = false;

  return {
    async send(tx, name, data, sendOptions = {}) {
      await boss.send(name, data, { ...sendOptions, db: executorDb(tx) });
    },
    async work(name, workOptions, handler) {
      if (options.runWorkers === false) return;
      const loops: PollingLoop[] = [];
      for (let index = 0; index < (workOptions.workers ?? 1); index++) {
        loops.push(startWorkerLoop(boss, logger, name, workOptions.batchSize ?? 1, handler));
      }
      workers.set(name, [...(workers.get(name) ?? []), ...loops]);
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { tz: 'Africa/Lagos' });
    },
    wake(name) {
      if (stopped) return;
      for (const loop of workers.get(name) ?? []) loop.wake();
    },
    async stop() {
      stopped = true;
      const loops = [...workers.values()].flat();
      for (const loop of loops) loop.stop();
      await Promise.all(loops.map((loop) => loop.finished));
      await boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
    },
  };
}
