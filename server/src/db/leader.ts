import type { FastifyBaseLogger as Logger } from 'fastify';
import type pg from 'pg';
import { pause } from '../lib/pause.ts';
import { describeForLog } from '../plugins/error-handler.ts';
import type { DatabaseHandle } from './client.ts';

export interface Leadership {
  /** Whether this process holds the lock and runs the work right now. */
  isLeader(): boolean;
  /** Stops the work (aborting it) and gives the lock back; resolves once both are done. */
  stop(): Promise<void>;
}

/**
 * Runs `lead` in exactly one process at a time among those sharing a PostgreSQL database: the one
 * holding a session-level advisory lock on a connection of its own. The others try the lock every
 * `retryMs`; if the holder dies, PostgreSQL ends its session (and the lock) when the connection
 * closes, and another process takes over within `retryMs`. The holder checks its connection every
 * `retryMs` too, and stops leading at once when it is lost, since the lock went with it. On the
 * embedded database there is one process: it simply runs `lead`.
 *
 * `lead` runs until its signal aborts; if it returns or throws early it is started again after
 * `retryMs` (still holding the lock).
 */
export function runWhileLeader(
  database: DatabaseHandle,
  options: { lockId: number; retryMs: number; logger: Logger; name: string },
  lead: (signal: AbortSignal) => Promise<void>,
): Leadership {
  const { lockId, retryMs, logger, name } = options;
  const stopping = new AbortController();
  let leader = false;
  let current: AbortController | undefined;

  const pauseUnlessStopping = (ms: number) => pause(ms, stopping.signal);

  /** Runs `lead` until `signal` aborts, restarting it after a pause if it ends by itself. */
  const leadUntil = async (signal: AbortSignal) => {
    while (!signal.aborted) {
      try {
        await lead(signal);
      } catch (error) {
        if (!signal.aborted)
          logger.warn({ error: describeForLog(error), work: name }, 'leader work failed; restarting it');
      }
      if (!signal.aborted) await pauseUnlessStopping(retryMs);
    }
  };

  const holdLock = async (pool: pg.Pool): Promise<void> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch {
      return;
    }
    let acquired = false;
    try {
      const result = await client.query<{ acquired: boolean }>(
        'select pg_try_advisory_lock($1) as acquired',
        [lockId],
      );
      acquired = result.rows[0]?.acquired === true;
    } catch (error) {
      client.release(error as Error);
      return;
    }
    if (!acquired) {
      client.release();
      return;
    }
    const work = new AbortController();
    const stopWork = () => work.abort();
    if (stopping.signal.aborted) work.abort();
    else stopping.signal.addEventListener('abort', stopWork, { once: true });
    current = work;
    leader = true;
    let lost = false;
    const loseIt = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (!stopping.signal.aborted) {
        logger.warn(
          { error: describeForLog(error), work: name },
          'lost the leader lock with its connection; stopping',
        );
      }
      work.abort();
    };
    client.on('error', loseIt);
    client.on('end', loseIt);
    const heartbeat = setInterval(() => {
      client.query('select 1').catch(loseIt);
    }, retryMs);
    heartbeat.unref();
    logger.info({ work: name }, 'this process now leads');
    try {
      await leadUntil(work.signal);
    } finally {
      clearInterval(heartbeat);
      stopping.signal.removeEventListener('abort', stopWork);
      leader = false;
      current = undefined;
      client.off('error', loseIt);
      client.off('end', loseIt);
      if (lost) {
        // A dead connection: destroyed, never handed back to the pool.
        client.release(new Error('leader connection lost'));
      } else {
        try {
          await client.query('select pg_advisory_unlock($1)', [lockId]);
          client.release();
        } catch (error) {
          client.release(error as Error);
        }
      }
    }
  };

  const loop = (async () => {
    if (database.kind === 'embedded') {
      const work = new AbortController();
      current = work;
      leader = true;
      stopping.signal.addEventListener('abort', () => work.abort(), { once: true });
      await leadUntil(work.signal);
      leader = false;
      return;
    }
    while (!stopping.signal.aborted) {
      await holdLock(database.pool).catch((error: unknown) =>
        logger.warn({ error: describeForLog(error), work: name }, 'leader election failed'),
      );
      await pauseUnlessStopping(retryMs);
    }
  })();

  return {
    isLeader: () => leader,
    async stop() {
      stopping.abort();
      current?.abort();
      await loop;
    },
  };
}
