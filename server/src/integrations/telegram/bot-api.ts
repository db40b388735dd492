import type { FastifyBaseLogger as Logger } from 'fastify';
import { Bot, BotError, GrammyError, HttpError } from 'grammy';
import type { TelegramConfig } from '../../config/env.ts';
import { pause } from '../../lib/pause.ts';
import { describeForLog } from '../../plugins/error-handler.ts';

/**
 * The Telegram Bot API through grammY (PRODUCT 8, INTEGRATIONS d): one `Bot` per process, pointed
 * at `TELEGRAM_API_ROOT` (tests run it against a local fake speaking the real protocol).
 */

/** A message to send: a private chat (a linked user) or the channel. Text is HTML, already escaped. */
export interface TelegramOutgoing {
  chatId: string;
  text: string;
  /** One row of inline buttons opening pages of the app. */
  buttons?: { text: string; url: string }[];
  /** The linked user a personal message is for: a 403 turns their alerts off. */
  userId?: string;
}

export type SendOutcome =
  | { status: 'sent' }
  /** 403: the user blocked the bot or deleted their account; the bot may not post in the chat. */
  | { status: 'blocked'; description: string }
  /** 429 (with Telegram's `retry_after`), 5xx, or no answer. */
  | { status: 'retry'; retryAfterSeconds: number | undefined; description: string }
  /** Any other refusal (400 chat not found, bad markup): sending again would not help. */
  | { status: 'refused'; errorCode: number; description: string };

/** grammY types its signals with the abort-controller package's class; Node's own is the same at run time. */
export type GrammySignal = NonNullable<Parameters<Bot['init']>[0]>;
export const grammySignal = (signal: AbortSignal) => signal as unknown as GrammySignal;

/** Long polling holds a request this long (Telegram's own maximum is 50). */
export const POLL_SECONDS = 25;

export function createBot(config: TelegramConfig & { botToken: string }): Bot {
  return new Bot(config.botToken, {
    client: {
      apiRoot: config.apiRoot,
      // Above the long poll's hold, so only a server that stopped answering times out.
      timeoutSeconds: POLL_SECONDS + 20,
    },
  });
}

/**
 * What a Telegram failure may leave in the logs: never the request's payload (a reply's text can hold
 * a paid code) nor the network error inside an HttpError (its URL holds the bot token).
 */
export function telegramErrorForLog(error: unknown): Record<string, unknown> {
  if (error instanceof BotError) return telegramErrorForLog(error.error);
  if (error instanceof GrammyError) {
    return {
      type: 'GrammyError',
      method: error.method,
      errorCode: error.error_code,
      description: error.description,
    };
  }
  if (error instanceof HttpError) return { type: 'HttpError', message: error.message };
  return describeForLog(error);
}

/** `& < > "` escaped: the only characters Telegram's HTML parse mode needs escaped in text. */
export function escapeHtml(value: string | number): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** Telegram's limit for one message's text. */
const MAX_TEXT = 4096;

export function replyOptions(buttons: TelegramOutgoing['buttons']) {
  return {
    parse_mode: 'HTML' as const,
    link_preview_options: { is_disabled: true },
    ...(buttons?.length ? { reply_markup: { inline_keyboard: [buttons] } } : {}),
  };
}

export async function sendMessage(bot: Bot, message: TelegramOutgoing): Promise<SendOutcome> {
  try {
    await bot.api.sendMessage(message.chatId, message.text.slice(0, MAX_TEXT), replyOptions(message.buttons));
    return { status: 'sent' };
  } catch (error) {
    return outcomeOf(error);
  }
}

export function outcomeOf(error: unknown): SendOutcome {
  if (error instanceof GrammyError) {
    if (error.error_code === 429) {
      return {
        status: 'retry',
        retryAfterSeconds: error.parameters.retry_after,
        description: error.description,
      };
    }
    if (error.error_code === 403) return { status: 'blocked', description: error.description };
    if (error.error_code >= 500) {
      return { status: 'retry', retryAfterSeconds: undefined, description: error.description };
    }
    return { status: 'refused', errorCode: error.error_code, description: error.description };
  }
  const description = error instanceof HttpError ? error.message : String(error);
  return { status: 'retry', retryAfterSeconds: undefined, description };
}

/**
 * Long polling until `signal` aborts: `getMe` (once), `deleteWebhook`, then `getUpdates` with the
 * next offset, each update handled in order. Sending the next offset is what confirms the updates
 * handled so far, so a poll cut short by `signal` leaves nothing handled unconfirmed.
 */
export async function pollUpdates(
  bot: Bot,
  signal: AbortSignal,
  logger: Logger,
  options: { pollSeconds?: number; pauseMs?: number } = {},
): Promise<void> {
  let offset = 0;
  let ready = false;
  while (!signal.aborted) {
    try {
      if (!ready) {
        await bot.init(grammySignal(signal));
        await bot.api.deleteWebhook({ drop_pending_updates: false }, grammySignal(signal));
        ready = true;
        logger.info({ bot: bot.botInfo.username }, 'telegram bot polling for updates');
      }
      const updates = await bot.api.getUpdates(
        { offset, timeout: options.pollSeconds ?? POLL_SECONDS, allowed_updates: ['message'] },
        grammySignal(signal),
      );
      for (const update of updates) {
        offset = update.update_id + 1;
        if (signal.aborted) break;
        try {
          await bot.handleUpdate(update);
        } catch (error) {
          logger.warn(
            { error: telegramErrorForLog(error), updateId: update.update_id },
            'a telegram update could not be handled',
          );
        }
      }
    } catch (error) {
      if (signal.aborted) break;
      let waitMs = options.pauseMs ?? 3000;
      if (error instanceof GrammyError) {
        // 401: a wrong token; 409: a webhook is set, or a bot outside this deployment polls too.
        if (error.error_code === 401 || error.error_code === 404) waitMs = 60_000;
        if (error.error_code === 429) waitMs = (error.parameters.retry_after ?? 3) * 1000;
        logger.warn(
          { errorCode: error.error_code, description: error.description, method: error.method },
          'telegram polling refused; trying again',
        );
      } else {
        logger.warn({ error: telegramErrorForLog(error) }, 'telegram polling failed; trying again');
      }
      await pause(waitMs, signal);
    }
  }
}
