import type { FastifyBaseLogger as Logger } from 'fastify';

/** How often an idle loop looks for work (a process that made work wakes its own loop at once). */
export const POLLING_SECONDS = 1;

export interface PollingLoop {
  wake(): void;
  stop(): void;
  /** Settles once the round in hand (if any) is done. */
  finished: Promise<void>;
}

/**
 * Runs `round` again and again: at once while a round finds a full batch (more may be waiting), else
 * after POLLING_SECONDS or as soon as `wake()` is called. A round that throws is logged and the loop
 * goes on: the work it left is still in the database for the next round, here or in another process.
 */
export function startPollingLoop(
  logger: Logger,
  name: string,
  batchSize: number,
  round: () => Promise<number>,
): PollingLoop {
  let stopping = false;
  let wakeNow: (() => void) | undefined;
  let woken = false;
  const idle = () =>
    new Promise<void>((resolve) => {
      if (woken || stopping) return resolve();
      const timer = setTimeout(resolve, POLLING_SECONDS * 1000);
      wakeNow = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const finished = (async () => {
    while (!stopping) {
      woken = false;
      const handled = await round().catch((error: unknown) => {
        logger.warn({ err: error, loop: name }, 'background loop error');
        return 0;
      });
      if (handled < batchSize) await idle();
      wakeNow = undefined;
    }
  })();

  return {
    wake() {
      woken = true;
      wakeNow?.();
    },
    stop() {
      stopping = true;
      wakeNow?.();
    },
    finished,
  };
}
