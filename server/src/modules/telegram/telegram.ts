import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Bot } from 'grammy';
import type { TelegramConfig } from '../../config/env.ts';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { type Leadership, runWhileLeader } from '../../db/leader.ts';
import {
  createBot,
  grammySignal,
  pollUpdates,
  telegramErrorForLog,
} from '../../integrations/telegram/bot-api.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { pause } from '../../lib/pause.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { RolloverService } from '../rollover/rollover.service.ts';
import type { TipsService } from '../tips/tips.service.ts';
import { WEBHOOK_PATH } from './telegram.routes.ts';
import { registerBotCommands } from './telegram-commands.ts';
import type { TelegramLinksService } from './telegram-links.service.ts';
import { TelegramOutbox } from './telegram-outbox.ts';

/** Every process of this app tries this advisory lock; its holder long-polls Telegram. */
export const TELEGRAM_POLL_LOCK_ID = 727_014;
/** How often a process tries the lock, and the holder checks its connection. */
const LEADER_RETRY_MS = 2000;

export interface TelegramBotRuntime {
  bot: Bot;
  outbox: TelegramOutbox;
  mode: 'polling' | 'webhook';
  /** Handles one update (webhook mode). */
  handle(update: { update_id: number }): Promise<void>;
  /** Starts taking updates: long polling while this process leads, or registering the webhook. */
  start(): void;
  stop(): Promise<void>;
  /** Whether this process is the one long-polling right now. */
  isPolling(): boolean;
}

/**
 * The bot (PRODUCT 8), when `TELEGRAM_BOT_TOKEN` is set: commands, alerts relayed from the
 * notifications' delivery rounds, free tips posted to the channel, and updates taken by long polling
 * in one process at a time (decision 011) or from Telegram's webhook.
 */
export async function createTelegramBot(deps: {
  config: TelegramConfig & { botToken: string };
  database: DatabaseHandle;
  db: Database;
  jobs: JobQueue;
  notifications: NotificationsService;
  links: TelegramLinksService;
  tips: TipsService;
  rollover: RolloverService;
  publicUrl: string;
  logger: Logger;
  leaderRetryMs?: number;
}): Promise<TelegramBotRuntime> {
  const { config, database, db, jobs, logger, links } = deps;
  const bot = createBot(config);
  registerBotCommands(bot, {
    db,
    links,
    tips: deps.tips,
    rollover: deps.rollover,
    publicUrl: deps.publicUrl,
    logger,
  });
  const outbox = new TelegramOutbox({
    db,
    jobs,
    bot,
    links,
    logger,
    publicUrl: deps.publicUrl,
    channelId: config.channelId,
    maxPerSecond: config.maxPerSecond,
  });
  deps.notifications.addDeliveryHook((rows) => outbox.relay(rows));
  deps.tips.onPublishing((tx, tip) => outbox.enqueueChannelPost(tx, tip));
  deps.tips.onPublished(() => outbox.wake());
  await jobs.work('telegram.send', {}, (job) => outbox.send(job.data));

  const mode = config.webhookSecret ? 'webhook' : 'polling';
  let leadership: Leadership | undefined;
  const stopping = new AbortController();
  let webhookSetUp: Promise<void> | undefined;

  const setUpWebhook = async () => {
    const url = `${deps.publicUrl}${WEBHOOK_PATH}`;
    for (let attempt = 0; attempt < 5 && !stopping.signal.aborted; attempt++) {
      try {
        await bot.init(grammySignal(stopping.signal));
        await bot.api.setWebhook(
          url,
          { secret_token: config.webhookSecret, allowed_updates: ['message'] },
          grammySignal(stopping.signal),
        );
        logger.info({ url }, 'telegram webhook set');
        return;
      } catch (error) {
        if (stopping.signal.aborted) return;
        logger.warn(
          { error: telegramErrorForLog(error), url },
          'could not set the telegram webhook; trying again',
        );
        await pause(2000 * 2 ** attempt, stopping.signal);
      }
    }
  };

  return {
    bot,
    outbox,
    mode,
    async handle(update) {
      // Until the bot knows itself (getMe) it cannot read commands; Telegram retries what we refuse.
      if (!bot.isInited()) {
        try {
          bot.botInfo = await bot.api.getMe(grammySignal(stopping.signal));
        } catch (error) {
          logger.warn({ error: telegramErrorForLog(error) }, 'telegram getMe failed; update refused');
          throw new AppError('UNAVAILABLE', 503, 'The bot is starting. Please try again.', {
            retryAfterSeconds: 5,
          });
        }
      }
      try {
        await bot.handleUpdate(update as Parameters<Bot['handleUpdate']>[0]);
      } catch (error) {
        logger.warn(
          { error: telegramErrorForLog(error), updateId: update.update_id },
          'a telegram update could not be handled',
        );
      }
    },
    start() {
      if (mode === 'webhook') {
        webhookSetUp = setUpWebhook();
        return;
      }
      leadership = runWhileLeader(
        database,
        {
          lockId: TELEGRAM_POLL_LOCK_ID,
          retryMs: deps.leaderRetryMs ?? LEADER_RETRY_MS,
          logger,
          name: 'telegram-polling',
        },
        (signal) => pollUpdates(bot, signal, logger),
      );
    },
    async stop() {
      stopping.abort();
      await leadership?.stop();
      await webhookSetUp;
    },
    isPolling: () => leadership?.isLeader() ?? false,
  };
}
