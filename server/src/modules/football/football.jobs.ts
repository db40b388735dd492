import { lagosDay } from '@cashtips/contract/lagos-time';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { type Leadership, runWhileLeader } from '../../db/leader.ts';
import type { Clock } from '../../lib/clock.ts';
import { pause } from '../../lib/pause.ts';
import { describeForLog } from '../../plugins/error-handler.ts';
import type { FootballService } from './football.service.ts';

/** Any fixed number, distinct from the other leader locks (Telegram's is 727_014). */
export const FOOTBALL_POLL_LOCK_ID = 727_024;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The football data work, in one process of however many share the database (the holder of an
 * advisory lock; another takes over within `leaderRetryMs` if it dies): a fixtures sync when it
 * starts leading and then daily (and at each new Lagos day), and every `pollSeconds` a round of
 * live scores, closing odds and due results. A failing provider never stops the loop: the error is
 * kept for the admin's status and the next round tries again, slower if the quota says so.
 */
export function startFootballData(options: {
  database: DatabaseHandle;
  football: FootballService;
  clock: Clock;
  pollSeconds: number;
  logger: Logger;
  leaderRetryMs?: number | undefined;
}): Leadership {
  const { football, clock, logger } = options;
  const pollMs = options.pollSeconds * 1000;
  let lastSync: { at: number; day: string } | null = null;

  const quietly = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      logger.warn({ error: describeForLog(error), work: what }, 'football data round failed');
    }
  };

  const round = async () => {
    const now = clock.now();
    const due = !lastSync || now.getTime() - lastSync.at >= DAY_MS || lastSync.day !== lagosDay(now);
    if (due) {
      lastSync = { at: now.getTime(), day: lagosDay(now) };
      await quietly('sync', () => football.syncFixtures());
    }
    await quietly('live', () => football.pollLive());
    await quietly('odds', () => football.readClosingOdds());
    await quietly('results', () => football.recordDue());
  };

  return runWhileLeader(
    options.database,
    {
      lockId: FOOTBALL_POLL_LOCK_ID,
      retryMs: options.leaderRetryMs ?? 5000,
      logger,
      name: 'football data',
    },
    async (signal) => {
      // A new leader syncs at once: the previous one's day may not be this one's.
      lastSync = null;
      while (!signal.aborted) {
        await round();
        await pause(football.budget.nextDelayMs(pollMs), signal);
      }
    },
  );
}
