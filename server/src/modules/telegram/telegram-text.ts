import { LAGOS_TIME_LABEL, lagosClockTime } from '@cashtips/contract/lagos-time';
import type { RolloverTip } from '@cashtips/contract/rollover';
import type { FreeTip } from '@cashtips/contract/tips';
import { escapeHtml as e, type TelegramOutgoing } from '../../integrations/telegram/bot-api.ts';
import type { NotificationRow } from '../notifications/notification-view.ts';

/**
 * Every text the bot sends, in one place: short, HTML parse mode, every interpolated value escaped.
 * Nothing here reads a paid field: rollover tips arrive already shaped by the lock rule's view
 * (`toRolloverTipView`), and notifications never carry codes (the product writes them without).
 */

type Buttons = NonNullable<TelegramOutgoing['buttons']>;

/** Inline buttons that open the app. Telegram refuses button URLs it cannot open (http://localhost): https only. */
export function appButtons(publicUrl: string, ...buttons: [text: string, path: string][]): Buttons {
  if (!publicUrl.startsWith('https://')) return [];
  return buttons.map(([text, path]) => ({ text, url: `${publicUrl}${path}` }));
}

export const appPaths = {
  dashboard: '/dashboard',
  linkTelegram: '/profile?link-telegram=true',
  freeTips: '/free',
  myRollover: '/my-rollover',
  rolloverPlans: '/rollover-plans',
  wallet: '/wallet',
} as const;

export const commandList = [
  '/tips – today’s free tips',
  '/mytips – today’s tips of your rollover plans',
  '/balance – your wallet balances',
  '/link CODE – link your CashTips account',
  '/unlink – unlink this Telegram account',
  '/help – this list',
].join('\n');

export const botTexts = {
  welcome: (firstName: string | null) =>
    firstName
      ? `👋 Welcome back, <b>${e(firstName)}</b>! Your CashTips alerts arrive here.\n\n${commandList}`
      : `👋 Welcome to <b>CashTips</b>!\nTo get your alerts here, open your CashTips profile, choose <b>Link Telegram</b> and tap <b>Open Telegram</b>.\n\n${commandList}`,
  help: `<b>CashTips bot</b>\n${commandList}`,
  linkHow:
    'Send <code>/link YOURCODE</code> with the code from your CashTips profile (Security tab), or tap <b>Open Telegram</b> there.',
  linked: (firstName: string) =>
    `✅ Linked! This Telegram account is now connected to <b>${e(firstName)}</b>’s CashTips account. Your alerts will arrive here.\nSend /help to see what I can do.`,
  unknownCode: '❌ That link code is not valid. Get a new one on your CashTips profile (Security tab).',
  usedCode: '❌ That link code has already been used. Get a new one on your CashTips profile.',
  replacedCode: '❌ A newer link code replaced that one. Use the latest code from your CashTips profile.',
  expiredCode:
    '⌛ That link code has expired (codes last 15 minutes). Get a new one on your CashTips profile.',
  mismatch: (username: string | undefined) =>
    `❌ That code was made for another Telegram username. Send it from that account, or get a new code with ${
      username ? `your username <b>@${e(username)}</b>` : 'your phone number'
    }.`,
  taken:
    '❌ This Telegram account is already linked to another CashTips account. Send /unlink here first, then try again.',
  privateOnly: '🔒 Your account stays private: send me this in a private chat.',
  notLinked:
    'This Telegram account is not linked to CashTips yet. Open your CashTips profile and choose <b>Link Telegram</b>.',
  unlinked:
    'Unlinked. You will no longer get CashTips alerts here. You can link again any time from your profile.',
  notUnderstood: 'I did not understand that. Send /help to see what I can do.',
  noFreeTips: 'No free tips posted yet today. Check again later, or follow our channel.',
  noPlan: 'You have no running rollover plan. Subscribe to a plan to get its daily tips here.',
  noPlanTips: 'No tips have been posted for your plans yet today. You will get an alert when one is.',
  failed: 'Something went wrong on our side. Please try again in a minute.',
};

export function freeTipsText(tips: FreeTip[]): string {
  const lines = tips
    .slice(0, 10)
    .map(
      (tip) =>
        `⚽ <b>${e(tip.teams)}</b>\n${e(tip.league)} · ${e(tip.time)} ${LAGOS_TIME_LABEL}\nPick: <b>${e(tip.prediction)}</b> @ ${e(tip.totalOdds)}`,
    );
  const more = tips.length > 10 ? `\n\n…and ${tips.length - 10} more in the app.` : '';
  return `<b>Today’s free tips</b>\n\n${lines.join('\n\n')}${more}`;
}

/** A new free tip for the channel: public content, so its pick is posted. */
export function channelPostText(tip: FreeTip): string {
  return [
    `🆓 <b>Free tip</b> · ${e(tip.league)}`,
    `<b>${e(tip.teams)}</b>`,
    `Kick-off ${e(tip.time)} (Lagos), ${e(tip.date)}`,
    `Pick: <b>${e(tip.prediction)}</b> @ ${e(tip.totalOdds)}`,
  ].join('\n');
}

/**
 * Today's tips of the viewer's plans, from tips the lock rule has already shaped: only open tips are
 * listed, and a locked one could add nothing paid anyway (its code, picks and odds are null).
 */
export function myTipsText(tips: RolloverTip[]): string {
  const blocks = tips
    .filter((tip) => !tip.locked)
    .slice(0, 10)
    .map((tip) => {
      const header = `<b>${e(tip.planName)}</b> · total odds ${e(tip.totalOdds)}`;
      const code = tip.bookingCode
        ? `Code: <code>${e(tip.bookingCode)}</code>${tip.bookmaker ? ` (${e(tip.bookmaker)})` : ''}`
        : null;
      const games = tip.games.map(
        (game) =>
          `• ${e(game.teamA)} vs ${e(game.teamB)} (${e(lagosClockTime(new Date(game.kickoff)))} ${LAGOS_TIME_LABEL})${
            game.prediction ? ` – ${e(game.prediction)}` : ''
          }${game.odds !== null ? ` @ ${e(game.odds)}` : ''}`,
      );
      const note = tip.note ? `<i>${e(tip.note)}</i>` : null;
      return [header, code, ...games, note].filter(Boolean).join('\n');
    });
  return `<b>Your tips today</b>\n\n${blocks.join('\n\n')}`;
}

export function balanceText(main: string, bonus: string): string {
  return `<b>Your wallets</b>\nMain wallet: <b>${e(main)}</b>\nBonus wallet: <b>${e(bonus)}</b>`;
}

/** A personal notification as a message: its title and text (notifications never carry codes). */
export function notificationText(row: Pick<NotificationRow, 'title' | 'message'>): string {
  return `<b>${e(row.title)}</b>\n${e(row.message)}`;
}
