import { createHash } from 'node:crypto';
import type { FreeTip } from '@cashtips/contract/tips';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Bot } from 'grammy';
import type { Database, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { sendMessage, type TelegramOutgoing } from '../../integrations/telegram/bot-api.ts';
import type { JobDataByName, JobQueue } from '../../jobs/queue.ts';
import type { NotificationRow } from '../notifications/notification-view.ts';
import type { TelegramLinksService } from './telegram-links.service.ts';
import { appButtons, appPaths, channelPostText, notificationText } from './telegram-text.ts';

/**
 * Messages per `telegram.send` job: two seconds' worth at the configured rate, at most 50, so a job
 * ends well within its 2-minute expiry even when some sends are slow.
 */
const messagesPerJob = (perSecond: number) => Math.max(1, Math.min(50, Math.floor(perSecond * 2)));
/** Re-enqueues after a 5xx or no answer before a message is given up. */
const MAX_ATTEMPTS = 8;
/** Re-enqueues of any kind (429s included): a loop this long means something is wrong. */
const MAX_REENQUEUES = 30;

/** The same page of notifications always makes the same job id, so a delivery round tried again adds none. */
function jobIdFor(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Sends at most `perSecond` messages a second. Jobs of the send queue run one at a time across all
 * processes. A process that has just been sending keeps its own spacing from job to job (one job
 * late by an interval each time held a 25/s limit to 19/s with one message a job); a process that
 * has been idle for an interval may follow another's job, so it starts one interval late.
 */
class Pacer {
  private nextAt = 0;
  constructor(private readonly intervalMs: number) {}

  startJob(): void {
    const now = Date.now();
    if (now > this.nextAt + this.intervalMs) this.nextAt = now + this.intervalMs;
  }

  async wait(): Promise<void> {
    const delay = this.nextAt - Date.now();
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    this.nextAt = Math.max(Date.now(), this.nextAt) + this.intervalMs;
  }
}

/**
 * Everything the bot sends on its own (PRODUCT 7, 8): personal notifications of linked users with
 * alerts on, and new free tips to the channel. Both are enqueued as durable `telegram.send` jobs
 * (decision 010); the job paces sends, re-enqueues what Telegram asks to retry (after its
 * `retry_after`), and turns alerts off for a user whose chat answers 403.
 */
export class TelegramOutbox {
  private readonly pacer: Pacer;

  constructor(
    private readonly deps: {
      db: Database;
      jobs: JobQueue;
      bot: Bot;
      links: TelegramLinksService;
      logger: Logger;
      publicUrl: string;
      channelId: string;
      maxPerSecond: number;
    },
  ) {
    // A millisecond over the exact interval: timers fire a little early or late, and no window of one
    // second may hold more than `maxPerSecond` sends.
    this.pacer = new Pacer(Math.ceil(1000 / deps.maxPerSecond) + 1);
  }

  /** The notifications delivery hook: this page's personal notifications to linked users with alerts on. */
  async relay(rows: NotificationRow[]): Promise<void> {
    const { db, jobs, publicUrl } = this.deps;
    const userIds = [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
    if (!userIds.length) return;
    const linked = await db
      .select({ id: users.id, telegramId: users.telegramId })
      .from(users)
      .where(
        and(inArray(users.id, userIds), isNotNull(users.telegramId), eq(users.telegramNotifications, true)),
      );
    const chatOf = new Map(linked.map((user) => [user.id, user.telegramId as string]));
    const messages = rows.flatMap((row): { id: string; batchId: string; message: TelegramOutgoing }[] => {
      const chatId = row.userId ? chatOf.get(row.userId) : undefined;
      if (!chatId || !row.userId) return [];
      return [
        {
          id: row.id,
          batchId: row.batchId,
          message: {
            chatId,
            userId: row.userId,
            text: notificationText(row),
            buttons: row.link ? appButtons(publicUrl, ['Open in CashTips', row.link]) : [],
          },
        },
      ];
    });
    // Chunked batch by batch: a delivery round tried again may hold other batches beside these, and
    // each chunk must make the same job id again whatever its neighbours.
    const size = messagesPerJob(this.deps.maxPerSecond);
    const byBatch = new Map<string, typeof messages>();
    for (const item of messages) {
      const group = byBatch.get(item.batchId);
      if (group) group.push(item);
      else byBatch.set(item.batchId, [item]);
    }
    for (const batchMessages of byBatch.values()) {
      for (let start = 0; start < batchMessages.length; start += size) {
        const chunk = batchMessages.slice(start, start + size);
        await jobs.send(
          db,
          'telegram.send',
          { messages: chunk.map((item) => item.message), attempt: 0 },
          { id: jobIdFor(`notifications:${chunk.map((item) => item.id).join(',')}`) },
        );
      }
    }
    if (messages.length) jobs.wake('telegram.send');
  }

  /** A new free tip, posted to the channel: enqueued in the transaction that publishes it. */
  async enqueueChannelPost(tx: Executor, tip: FreeTip): Promise<void> {
    await this.deps.jobs.send(
      tx,
      'telegram.send',
      {
        messages: [
          {
            chatId: this.deps.channelId,
            text: channelPostText(tip),
            buttons: appButtons(this.deps.publicUrl, ['Today’s free tips', appPaths.freeTips]),
          },
        ],
        attempt: 0,
      },
      { id: jobIdFor(`free-tip:${tip._id}`) },
    );
  }

  wake(): void {
    this.deps.jobs.wake('telegram.send');
  }

  /** The `telegram.send` job: its messages in order, at the configured rate. */
  async send(data: JobDataByName['telegram.send']): Promise<void> {
    const { bot, links, logger } = this.deps;
    const messages = await this.stillWanted(data.messages);
    const blocked = new Set<string>();
    this.pacer.startJob();
    for (let index = 0; index < messages.length; index++) {
      const message = messages[index] as TelegramOutgoing;
      if (blocked.has(message.chatId)) continue;
      await this.pacer.wait();
      const outcome = await sendMessage(bot, message);
      if (outcome.status === 'sent') continue;
      if (outcome.status === 'blocked') {
        blocked.add(message.chatId);
        if (message.userId) {
          await links.alertsUnreachable(message.userId, message.chatId);
          logger.info({ userId: message.userId }, 'telegram chat unreachable (403); alerts turned off');
        } else {
          logger.error(
            { chatId: message.chatId, description: outcome.description },
            'telegram refused a post (403)',
          );
        }
        continue;
      }
      if (outcome.status === 'refused') {
        logger.warn(
          { errorCode: outcome.errorCode, description: outcome.description },
          'telegram refused a message; it is dropped',
        );
        continue;
      }
      await this.later(
        messages.slice(index).filter((rest) => !blocked.has(rest.chatId)),
        data.attempt,
        outcome.retryAfterSeconds,
      );
      return;
    }
  }

  /**
   * What Telegram asked to retry: the rest of the job, as a new job starting after `retry_after`
   * (429) or a back-off (5xx, no answer), so the messages already sent are never sent again.
   */
  private async later(
    rest: TelegramOutgoing[],
    attempt: number,
    retryAfterSeconds: number | undefined,
  ): Promise<void> {
    const { jobs, db, logger } = this.deps;
    const nextAttempt = attempt + 1;
    if (nextAttempt >= MAX_REENQUEUES || (retryAfterSeconds === undefined && nextAttempt >= MAX_ATTEMPTS)) {
      logger.error({ messages: rest.length }, 'telegram kept failing; messages given up');
      return;
    }
    const startAfter = retryAfterSeconds ?? Math.min(600, 5 * 2 ** Math.min(attempt, 7));
    logger.info({ messages: rest.length, startAfter }, 'telegram asked to try later; messages re-enqueued');
    await jobs.send(db, 'telegram.send', { messages: rest, attempt: nextAttempt }, { startAfter });
  }

  /** Personal messages only while their user is still linked to that chat with alerts on. */
  private async stillWanted(messages: TelegramOutgoing[]): Promise<TelegramOutgoing[]> {
    const userIds = [...new Set(messages.flatMap((message) => (message.userId ? [message.userId] : [])))];
    if (!userIds.length) return messages;
    const linked = await this.deps.db
      .select({ id: users.id, telegramId: users.telegramId })
      .from(users)
      .where(and(inArray(users.id, userIds), eq(users.telegramNotifications, true)));
    const wanted = new Set(linked.map((user) => `${user.id}:${user.telegramId}`));
    return messages.filter((message) => !message.userId || wanted.has(`${message.userId}:${message.chatId}`));
  }
}
