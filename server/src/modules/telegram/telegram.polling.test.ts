import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../../../test/fake-telegram.ts';
import { ask, eventually, TEST_BOT_TOKEN, TEST_BOT_USERNAME } from '../../../test/telegram-helpers.ts';
import { buildSecondProcess, buildTestApp, type TestApp, usingPostgres } from '../../../test/test-app.ts';
import type { TelegramConfig } from '../../config/env.ts';
import { TELEGRAM_POLL_LOCK_ID } from './telegram.ts';

/*
 * Long polling is done by exactly one process at a time (Telegram answers 409 to a second poller):
 * the one holding a PostgreSQL advisory lock on a connection of its own. Separate app instances with
 * their own pools stand for processes behind a load balancer.
 */
describe.runIf(usingPostgres())(
  'long polling with several processes on one PostgreSQL',
  { timeout: 60_000 },
  () => {
    let fake: FakeTelegram;
    let owner: TestApp;
    const running: {
      app: Awaited<ReturnType<typeof buildSecondProcess>>['app'];
      close: () => Promise<void>;
      closed: boolean;
    }[] = [];
    const RETRY_MS = 300;
    /*
     * How soon polling must resume: within a lock retry or two (about 0.3 s). The fault this guards
     * against is a poll that is never aborted or a lock never retried, which shows as the 25 s long
     * poll (POLL_SECONDS) or never; 15 s stays below both with room for a loaded machine.
     */
    const RESUMES_WITHIN_MS = 15_000;

    beforeAll(async () => {
      fake = await startFakeTelegram({ token: TEST_BOT_TOKEN, botUsername: TEST_BOT_USERNAME });
      // Owns the test database; no bot.
      owner = await buildTestApp({}, { runJobs: false });
    });
    afterAll(async () => {
      for (const process of running.reverse()) if (!process.closed) await process.close();
      await owner?.close();
      await fake?.close();
    });

    const telegram: () => TelegramConfig = () => ({
      botToken: TEST_BOT_TOKEN,
      botUsername: TEST_BOT_USERNAME,
      channelId: '@CashTipsTestChannel',
      apiRoot: fake.url,
      webhookSecret: undefined,
      maxPerSecond: 25,
    });

    async function startProcess() {
      const started = await buildSecondProcess(owner, {
        config: { telegram: telegram() },
        telegramLeaderRetryMs: RETRY_MS,
      });
      const entry = { ...started, closed: false };
      running.push(entry);
      return entry;
    }
    const pollers = () =>
      running.filter((process) => !process.closed && process.app.services.telegram?.isPolling());

    /** /help from a fresh sender is answered exactly once. */
    async function answeredOnce(id: number) {
      const reply = await ask(fake, { id, username: `someone_${id}` }, '/help');
      expect(reply.text).toContain('/mytips');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(fake.messagesTo(id)).toHaveLength(1);
    }

    it('of two processes exactly one polls; when it stops, the other takes over within seconds', async () => {
      await startProcess();
      await startProcess();
      await eventually(
        () => fake.polling,
        (polling) => polling,
      );
      // Several lock attempts later, still one.
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 6));
      expect(pollers()).toHaveLength(1);
      expect(fake.conflicts).toBe(0);
      await answeredOnce(9501);

      const [leader] = pollers();
      if (!leader) throw new Error('no leader');
      const stoppedAt = Date.now();
      leader.closed = true;
      await leader.close();
      const next = await eventually(pollers, (list) => list.length === 1, RESUMES_WITHIN_MS);
      expect(next).toHaveLength(1);
      expect(next[0]).not.toBe(leader);
      await eventually(
        () => fake.polls.filter((poll) => poll.at > stoppedAt).length,
        (count) => count > 0,
        RESUMES_WITHIN_MS,
      );
      expect(Date.now() - stoppedAt).toBeLessThan(RESUMES_WITHIN_MS);
      await answeredOnce(9502);
      expect(fake.conflicts).toBe(0);
    });

    it('when the polling process’s database connection dies, its long poll is cut short and polling resumes within seconds', async () => {
      await startProcess();
      await eventually(pollers, (list) => list.length === 1, 5000);
      // Cut while the leader holds a long poll: the fault is a poll waited out instead of aborted.
      const held = await eventually(
        () => fake.heldPoll,
        (poll) => poll !== undefined,
        5000,
      );
      if (!held) throw new Error('the leader holds no long poll');
      if (owner.database.kind !== 'postgres') throw new Error('PostgreSQL only');
      // The lock's session ends as a crashed process's would. pg_locks spans the whole server, and
      // other test files' bots hold the same lock id in their own databases: only this database's.
      const killed = await owner.database.pool.query(
        `select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and classid = 0 and objid = $1 and granted
          and database = (select oid from pg_database where datname = current_database())`,
        [TELEGRAM_POLL_LOCK_ID],
      );
      expect(killed.rowCount).toBe(1);
      const cutAt = Date.now();
      // Any poll after the held one is polling resumed, however soon: the next leader's first poll
      // may start within milliseconds of the cut, and is then itself held for POLL_SECONDS.
      const resumed = await eventually(
        () => fake.polls.slice(fake.polls.indexOf(held) + 1),
        (later) => later.length > 0,
        RESUMES_WITHIN_MS,
      );
      const waited = (resumed[0]?.at ?? Date.now()) - cutAt;
      const timeline = [held, ...resumed]
        .map(
          (poll) =>
            `poll at ${poll.at - cutAt} ms (port ${poll.remotePort}), ended ${
              poll.ended ? `by ${poll.ended.by} at ${poll.ended.at - cutAt} ms` : 'not yet'
            }`,
        )
        .join('\n');
      expect(held.ended?.by, timeline).toBe('client');
      expect(waited, timeline).toBeLessThan(RESUMES_WITHIN_MS);
      await eventually(pollers, (list) => list.length === 1, RESUMES_WITHIN_MS);
      expect(pollers()).toHaveLength(1);
      await answeredOnce(9503);
    });
  },
);
