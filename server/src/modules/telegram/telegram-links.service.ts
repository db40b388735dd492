import { randomInt } from 'node:crypto';
import type { User } from '@cashtips/contract/auth';
import { isTelegramUsernameIdentifier, TELEGRAM_LINK, telegramMessages } from '@cashtips/contract/telegram';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { telegramLinkCodes, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { formatWait, rateLimited, unauthenticated } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { limitRules } from '../auth/auth.limits.ts';
import { getWalletBalances } from '../ledger/ledger.ts';
import { toUserView } from '../users/user-view.ts';
import type { UserRow } from '../users/users.repository.ts';

/** Who sent a code to the bot: their Telegram user id and, if they have one, @username. */
export interface TelegramSender {
  id: number;
  username: string | undefined;
}

export type LinkOutcome =
  | { kind: 'linked'; user: UserRow }
  | { kind: 'unknown' }
  | { kind: 'used' }
  | { kind: 'replaced' }
  | { kind: 'expired' }
  /** The code was made for another @username than the sender's. */
  | { kind: 'mismatch' }
  /** The sender's Telegram account is linked to another CashTips account. */
  | { kind: 'taken' };

/**
 * Linking a Telegram account to a user (PRODUCT 8): single-use codes valid 15 minutes, a newer one
 * voiding the older; linking by the bot, unlinking and the alerts preference from the web or the bot.
 */
export class TelegramLinksService {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      limiter: RateLimiter;
      realtime: Realtime;
      botUsername: string;
    },
  ) {}

  /** A fresh code for the user (voiding their older ones) and its deep link. */
  async generateCode(userId: string, identifier: string, ip: string) {
    const { db, clock, limiter } = this.deps;
    const limit = await limiter.hitAll(limitRules('telegramLink', userId, ip));
    if (!limit.allowed) {
      throw rateLimited(
        limit.retryAfterSeconds,
        telegramMessages.tooManyCodes(formatWait(limit.retryAfterSeconds)),
      );
    }
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + TELEGRAM_LINK.codeMinutes * 60_000);
    for (let attempt = 0; ; attempt++) {
      const code = newLinkCode();
      try {
        await inTransaction(db, async (tx) => {
          await tx
            .update(telegramLinkCodes)
            .set({ voidedAt: now })
            .where(
              and(
                eq(telegramLinkCodes.userId, userId),
                isNull(telegramLinkCodes.usedAt),
                isNull(telegramLinkCodes.voidedAt),
              ),
            );
          await tx.insert(telegramLinkCodes).values({ userId, code, identifier, createdAt: now, expiresAt });
        });
      } catch (error) {
        // Two equal codes out of 32^12: try another rather than fail.
        if (isUniqueViolation(error) && attempt < 3) continue;
        throw error;
      }
      return {
        linkCode: code,
        link: `https://t.me/${this.deps.botUsername}?start=${code}`,
        expiresAt: expiresAt.toISOString(),
      };
    }
  }

  /** Links the sender to the code's user, or says why not. Never consumes a code it refuses. */
  async link(rawCode: string, sender: TelegramSender): Promise<LinkOutcome> {
    const { db, clock } = this.deps;
    const code = rawCode.trim().toUpperCase();
    const now = clock.now();
    let outcome: LinkOutcome;
    try {
      outcome = await inTransaction(db, async (tx): Promise<LinkOutcome> => {
        const [row] = await tx
          .select()
          .from(telegramLinkCodes)
          .where(eq(telegramLinkCodes.code, code))
          .for('update');
        if (!row) return { kind: 'unknown' };
        if (row.usedAt) return { kind: 'used' };
        if (row.voidedAt) return { kind: 'replaced' };
        if (row.expiresAt <= now) return { kind: 'expired' };
        if (
          isTelegramUsernameIdentifier(row.identifier) &&
          row.identifier.slice(1).toLowerCase() !== (sender.username ?? '').toLowerCase()
        ) {
          return { kind: 'mismatch' };
        }
        const telegramId = String(sender.id);
        const [holder] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.telegramId, telegramId));
        if (holder && holder.id !== row.userId) return { kind: 'taken' };
        const [user] = await tx
          .update(users)
          .set({
            telegramId,
            telegramUsername: sender.username ?? null,
            telegramNotifications: true,
            updatedAt: now,
          })
          .where(eq(users.id, row.userId))
          .returning();
        if (!user) return { kind: 'unknown' };
        await tx.update(telegramLinkCodes).set({ usedAt: now }).where(eq(telegramLinkCodes.id, row.id));
        return { kind: 'linked', user };
      });
    } catch (error) {
      // Another user linked this Telegram account in the same instant.
      if (isUniqueViolation(error)) return { kind: 'taken' };
      throw error;
    }
    if (outcome.kind === 'linked') this.announce(outcome.user);
    return outcome;
  }

  async findByTelegramId(telegramId: number): Promise<UserRow | undefined> {
    return this.deps.db.query.users.findFirst({ where: eq(users.telegramId, String(telegramId)) });
  }

  /** Unlinks the user's Telegram account; answers the user, and whether one was linked. */
  async unlink(userId: string): Promise<{ user: User; wasLinked: boolean }> {
    const { db, clock } = this.deps;
    const [before] = await db
      .select({ telegramId: users.telegramId })
      .from(users)
      .where(eq(users.id, userId));
    if (!before) throw unauthenticated();
    const [user] = await db
      .update(users)
      .set({ telegramId: null, telegramUsername: null, updatedAt: clock.now() })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw unauthenticated();
    if (before.telegramId) this.announce(user);
    return { user: await this.view(user), wasLinked: before.telegramId !== null };
  }

  /** Unlinks whichever user this Telegram account is linked to (the bot's /unlink). */
  async unlinkTelegram(telegramId: number): Promise<boolean> {
    const { db, clock } = this.deps;
    const [user] = await db
      .update(users)
      .set({ telegramId: null, telegramUsername: null, updatedAt: clock.now() })
      .where(eq(users.telegramId, String(telegramId)))
      .returning();
    if (user) this.announce(user);
    return Boolean(user);
  }

  async setAlerts(userId: string, on: boolean): Promise<User> {
    const { db, clock } = this.deps;
    const [user] = await db
      .update(users)
      .set({ telegramNotifications: on, updatedAt: clock.now() })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw unauthenticated();
    this.announce(user);
    return this.view(user);
  }

  /**
   * Telegram refused a message with 403 (the user blocked the bot or left Telegram): alerts stop
   * for the user linked to that chat, if it is still linked to it.
   */
  async alertsUnreachable(userId: string, chatId: string): Promise<void> {
    const { db, clock } = this.deps;
    const [user] = await db
      .update(users)
      .set({ telegramNotifications: false, updatedAt: clock.now() })
      .where(
        and(eq(users.id, userId), eq(users.telegramId, chatId), sql`${users.telegramNotifications} is true`),
      )
      .returning();
    if (user) this.announce(user);
  }

  private async view(user: UserRow): Promise<User> {
    return toUserView(user, await getWalletBalances(this.deps.db, user.id), this.deps.clock.now());
  }

  private announce(user: UserRow): void {
    announceTelegramState(this.deps.realtime, user);
  }
}

/**
 * The user's open pages learn the new link state at once. Every writer of the link or the alerts
 * switch calls it (here, and the account's preferences).
 */
export function announceTelegramState(realtime: Realtime, user: UserRow): void {
  realtime.publish({ kind: 'user', userId: user.id }, 'telegram', {
    telegramId: user.telegramId,
    telegramUsername: user.telegramUsername,
    telegramNotifications: user.telegramNotifications,
  });
}

function newLinkCode(): string {
  const alphabet = TELEGRAM_LINK.codeAlphabet;
  return Array.from({ length: TELEGRAM_LINK.codeLength }, () => alphabet[randomInt(alphabet.length)]).join(
    '',
  );
}
