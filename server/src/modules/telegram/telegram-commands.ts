import { describeNaira } from '@cashtips/contract/money';
import { TELEGRAM_LINK_CODE_PATTERN } from '@cashtips/contract/telegram';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Bot, Context } from 'grammy';
import type { Database } from '../../db/client.ts';
import {
  replyOptions,
  type TelegramOutgoing,
  telegramErrorForLog,
} from '../../integrations/telegram/bot-api.ts';
import { getWalletBalances } from '../ledger/ledger.ts';
import type { RolloverService } from '../rollover/rollover.service.ts';
import type { TipsService } from '../tips/tips.service.ts';
import type { LinkOutcome, TelegramLinksService } from './telegram-links.service.ts';
import { appButtons, appPaths, balanceText, botTexts, freeTipsText, myTipsText } from './telegram-text.ts';

export interface BotCommandDeps {
  db: Database;
  links: TelegramLinksService;
  tips: TipsService;
  rollover: RolloverService;
  publicUrl: string;
  logger: Logger;
}

/**
 * The bot's commands (PRODUCT 8). Anything about an account answers in a private chat only, so a
 * balance or a paid tip never lands in a group. Paid tips go through the lock rule's own view
 * (`RolloverService.today`, the same answer as `GET /api/rollover/today`).
 */
export function registerBotCommands(bot: Bot, deps: BotCommandDeps): void {
  const { links, tips, rollover, db, publicUrl, logger } = deps;
  const buttons = (...list: [string, string][]) => appButtons(publicUrl, ...list);
  const reply = (ctx: Context, text: string, withButtons: TelegramOutgoing['buttons'] = []) =>
    ctx.reply(text, replyOptions(withButtons));
  const isPrivate = (ctx: Context) => ctx.chat?.type === 'private';

  const linkWith = async (ctx: Context, code: string) => {
    const from = ctx.from;
    if (!from) return;
    if (!isPrivate(ctx)) return reply(ctx, botTexts.privateOnly);
    const outcome = await links.link(code, { id: from.id, username: from.username });
    const getCode = buttons(['Get a new code', appPaths.linkTelegram]);
    const answers: Record<Exclude<LinkOutcome['kind'], 'linked'>, [string, TelegramOutgoing['buttons']]> = {
      unknown: [botTexts.unknownCode, getCode],
      used: [botTexts.usedCode, getCode],
      replaced: [botTexts.replacedCode, getCode],
      expired: [botTexts.expiredCode, getCode],
      mismatch: [botTexts.mismatch(from.username), getCode],
      taken: [botTexts.taken, []],
    };
    if (outcome.kind === 'linked') {
      return reply(
        ctx,
        botTexts.linked(outcome.user.firstName),
        buttons(['Open CashTips', appPaths.dashboard]),
      );
    }
    const [text, withButtons] = answers[outcome.kind];
    return reply(ctx, text, withButtons);
  };

  /** The linked user of a private chat, or an answer saying how to link. */
  const linkedUser = async (ctx: Context) => {
    if (!isPrivate(ctx) || !ctx.from) {
      await reply(ctx, botTexts.privateOnly);
      return undefined;
    }
    const user = await links.findByTelegramId(ctx.from.id);
    if (!user) await reply(ctx, botTexts.notLinked, buttons(['Link my account', appPaths.linkTelegram]));
    return user;
  };

  // First: a command that fails is logged and answered, never left without a reply.
  bot.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      logger.warn(
        { error: telegramErrorForLog(error), updateId: ctx.update.update_id },
        'a telegram command failed',
      );
      await ctx.reply(botTexts.failed).catch(() => {
        // The chat may be gone; nothing more to tell.
      });
    }
  });

  bot.command('start', async (ctx) => {
    const payload = ctx.match.trim();
    if (payload) return linkWith(ctx, payload);
    const user = isPrivate(ctx) ? await links.findByTelegramId(ctx.from?.id ?? 0) : undefined;
    return reply(
      ctx,
      botTexts.welcome(user?.firstName ?? null),
      user
        ? buttons(['Open CashTips', appPaths.dashboard])
        : buttons(['Link my account', appPaths.linkTelegram]),
    );
  });

  bot.command('link', async (ctx) => {
    const payload = ctx.match.trim();
    if (!payload) return reply(ctx, botTexts.linkHow, buttons(['Get a code', appPaths.linkTelegram]));
    return linkWith(ctx, payload);
  });

  bot.command('help', (ctx) => reply(ctx, botTexts.help));

  bot.command('tips', async (ctx) => {
    const today = await tips.todayTips();
    const more = buttons(['All free tips', appPaths.freeTips]);
    if (!today.length) return reply(ctx, botTexts.noFreeTips, more);
    return reply(ctx, freeTipsText(today), more);
  });

  bot.command('mytips', async (ctx) => {
    const user = await linkedUser(ctx);
    if (!user) return;
    const [today, viewer] = await Promise.all([
      rollover.today({ userId: user.id }),
      rollover.tipViewer(user.id),
    ]);
    if (today.some((tip) => !tip.locked)) {
      return reply(ctx, myTipsText(today), buttons(['My rollover', appPaths.myRollover]));
    }
    if (!viewer.isAdmin && viewer.activePlanIds.size === 0) {
      return reply(ctx, botTexts.noPlan, buttons(['Rollover plans', appPaths.rolloverPlans]));
    }
    return reply(ctx, botTexts.noPlanTips, buttons(['My rollover', appPaths.myRollover]));
  });

  bot.command('balance', async (ctx) => {
    const user = await linkedUser(ctx);
    if (!user) return;
    const balances = await getWalletBalances(db, user.id);
    return reply(
      ctx,
      balanceText(describeNaira(balances.mainKobo), describeNaira(balances.bonusKobo)),
      buttons(['Open wallet', appPaths.wallet]),
    );
  });

  bot.command('unlink', async (ctx) => {
    if (!isPrivate(ctx) || !ctx.from) return reply(ctx, botTexts.privateOnly);
    const unlinked = await links.unlinkTelegram(ctx.from.id);
    return reply(ctx, unlinked ? botTexts.unlinked : botTexts.notLinked);
  });

  // A code pasted on its own in a private chat links too; anything else gets a pointer to /help.
  bot.on('message:text', async (ctx) => {
    if (!isPrivate(ctx)) return;
    const text = ctx.message.text.trim();
    if (text.startsWith('/')) return reply(ctx, botTexts.notUnderstood);
    if (TELEGRAM_LINK_CODE_PATTERN.test(text.toUpperCase())) return linkWith(ctx, text);
    return reply(ctx, botTexts.notUnderstood);
  });
}
