import { and, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { notificationBatches, users } from '../../db/schema/index.ts';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { NotificationRow } from './notification-view.ts';
import type { DeliveryHook } from './notifications.service.ts';

export const NOTIFICATION_MAIL_KIND = 'notification';

/** A changed payout account (issue 25): where a stolen session would send the money. */
export const PAYOUT_ACCOUNT_CHANGED_KIND = 'payout-account-changed';
/**
 * Security notices: mailed to every verified owner even with email notifications off, because the
 * mail is how the owner of a taken-over account hears of it (the attacker sees the bell).
 */
const ALWAYS_MAILED_KINDS = [PAYOUT_ACCOUNT_CHANGED_KIND];
/** Notification mails handed to the relay at once by one delivery round. */
const MAILS_IN_FLIGHT = 8;

/**
 * The email copy of a personal notification: the same title and message the bell, push and
 * Telegram show (so the same rule has already kept unpaid codes out of it), and a link back.
 */
export function notificationMail(
  row: Pick<NotificationRow, 'title' | 'message' | 'link'>,
  recipient: { email: string; firstName: string },
  publicUrl: string,
): MailMessage {
  const target = `${publicUrl}${row.link?.startsWith('/') ? row.link : '/notifications'}`;
  const preferences = `${publicUrl}/profile?tab=preferences`;
  const text = [
    `Hi ${recipient.firstName},`,
    '',
    row.message,
    '',
    `Open CashTips: ${target}`,
    '',
    `You get these emails because email notifications are on. Turn them off: ${preferences}`,
    'For adults 18+ only. Please gamble responsibly.',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;background:#f8fafc;padding:24px">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;border:1px solid #e2e8f0">
<h1 style="font-size:20px;color:#047857;margin:0 0 16px">${escapeHtml(row.title)}</h1>
<p>Hi ${escapeHtml(recipient.firstName)},</p>
<p>${escapeHtml(row.message)}</p>
<p><a href="${escapeHtml(target)}" style="color:#047857;font-weight:bold">Open CashTips</a></p>
<p style="color:#64748b;font-size:12px">You get these emails because email notifications are on.
<a href="${escapeHtml(preferences)}" style="color:#64748b">Turn them off</a>. For adults 18+ only. Please gamble responsibly.</p>
</div></body></html>`;
  return { to: recipient.email, subject: `CashTips: ${row.title}`, text, html, kind: NOTIFICATION_MAIL_KIND };
}

/**
 * Personal notifications by email to verified users who keep email notifications on (preferences),
 * and security notices (ALWAYS_MAILED_KINDS) to every verified user.
 * Runs inside each delivery round, beside web push and Telegram; a mail that fails is logged and not retried, so a
 * mail outage never re-sends the batch's pushes and Telegram messages.
 */
export function mailDeliveryHook(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
}): DeliveryHook {
  return async (rows) => {
    const userIds = [...new Set(rows.map((row) => row.userId).filter((id): id is string => id !== null))];
    if (!userIds.length) return;
    const batchIds = [...new Set(rows.map((row) => row.batchId))];
    const [recipients, securityBatches] = await Promise.all([
      deps.db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          wantsMail: users.emailNotifications,
        })
        .from(users)
        .where(and(inArray(users.id, userIds), isNotNull(users.emailVerifiedAt))),
      deps.db
        .select({ id: notificationBatches.id })
        .from(notificationBatches)
        .where(
          and(
            inArray(notificationBatches.id, batchIds),
            inArray(notificationBatches.kind, ALWAYS_MAILED_KINDS),
          ),
        ),
    ]);
    const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
    const alwaysMailed = new Set(securityBatches.map((batch) => batch.id));
    const mails = rows.flatMap((row) => {
      const recipient = row.userId ? byId.get(row.userId) : undefined;
      if (!recipient || !(recipient.wantsMail || alwaysMailed.has(row.batchId))) return [];
      return [{ row, recipient }];
    });
    // A few at a time: one slow answer of the relay does not hold up the page, and it is not flooded.
    for (let start = 0; start < mails.length; start += MAILS_IN_FLIGHT) {
      await Promise.all(
        mails.slice(start, start + MAILS_IN_FLIGHT).map(async ({ row, recipient }) => {
          try {
            await deps.mailer.send(notificationMail(row, recipient, deps.publicUrl));
          } catch (error) {
            deps.logger.warn({ err: error, notificationId: row.id }, 'notification mail failed');
          }
        }),
      );
    }
  };
}
