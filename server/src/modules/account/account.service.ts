import {
  type ActivityPageResponse,
  accountMessages,
  type Preferences,
  type PreferencesUpdate,
  type SessionView,
  splitFullName,
} from '@cashtips/contract/account';
import type { User } from '@cashtips/contract/auth';
import type { ProfileUpdate } from '@cashtips/contract/profile-update';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { activityItems, sessions as sessionRows } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { addActivity, announceActivity, toActivityView } from '../activity/activity.ts';
import { sessionExpired } from '../auth/access.ts';
import { limitRules } from '../auth/auth.limits.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { SessionsService } from '../auth/sessions.service.ts';
import { getWalletBalances } from '../ledger/ledger.ts';
import { announceTelegramState } from '../telegram/telegram-links.service.ts';
import { displayCurrencyOf, toUserView } from '../users/user-view.ts';
import { findUserById, type UserRow, updateUser } from '../users/users.repository.ts';

const LISTED_SESSIONS = 50;

/** An address with its last part hidden: the user recognises their network, a screenshot leaks less. */
export function maskIp(ip: string | null): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  const groups = ip.split(':').filter((group) => group !== '');
  if (groups.length < 2) return 'x';
  return `${groups.slice(0, Math.min(groups.length - 1, 4)).join(':')}:…:x`;
}

const preferencesOf = (user: UserRow): Preferences => ({
  emailNotifications: user.emailNotifications,
  pushNotifications: user.pushNotifications,
  telegramNotifications: user.telegramNotifications,
  communityVisible: user.communityVisible,
  currency: displayCurrencyOf(user),
});

export interface AccountDeps {
  db: Database;
  clock: Clock;
  limiter: RateLimiter;
  sessions: SessionsService;
  realtime: Realtime;
  /** Closes the live sockets of sessions that were just ended. */
  onSessionsEnded: (sessionIds: string[]) => void;
}

/** The signed-in user's own account (PRODUCT 9): profile, password, sessions, preferences, activity. */
export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  private async userOrFail(userId: string): Promise<UserRow> {
    const user = await findUserById(this.deps.db, userId);
    if (!user) throw sessionExpired();
    return user;
  }

  private async view(user: UserRow): Promise<User> {
    return toUserView(user, await getWalletBalances(this.deps.db, user.id), this.deps.clock.now());
  }

  async updateProfile(userId: string, update: ProfileUpdate): Promise<User> {
    await this.userOrFail(userId);
    const names = update.fullName === undefined ? {} : splitFullName(update.fullName);
    try {
      const row = await updateUser(this.deps.db, userId, {
        ...names,
        ...(update.phone === undefined ? {} : { phone: update.phone }),
        ...(update.username === undefined ? {} : { username: update.username }),
      });
      return this.view(row);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('USERNAME_TAKEN', 409, accountMessages.usernameTaken, {
          errors: [{ field: 'username', message: accountMessages.usernameTaken }],
        });
      throw error;
    }
  }

  /** A new password ends every other session; the one that changed it stays signed in. */
  async changePassword(
    userId: string,
    currentSessionId: string,
    input: { currentPassword: string; newPassword: string },
    ip: string,
  ): Promise<void> {
    const { db, clock, limiter, sessions } = this.deps;
    await limiter.enforce(limitRules('changePassword', userId, ip));
    const user = await this.userOrFail(userId);
    // 400, not 401: the client reads 401 as "your session has ended".
    if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
      throw new AppError('INVALID_CREDENTIALS', 400, accountMessages.wrongCurrentPassword, {
        errors: [{ field: 'currentPassword', message: accountMessages.wrongCurrentPassword }],
      });
    const passwordHash = await hashPassword(input.newPassword);
    const now = clock.now();
    const { ended, activity } = await db.transaction(async (tx) => {
      await updateUser(tx, userId, { passwordHash });
      const ended = await sessions.revokeAll(tx, userId, currentSessionId);
      const activity = await addActivity(tx, userId, now, {
        icon: 'shield',
        color: 'blue',
        title: 'Password changed',
        description:
          ended.length === 0
            ? 'Your password was changed.'
            : `Your password was changed and ${ended.length} other session${ended.length === 1 ? ' was' : 's were'} signed out.`,
      });
      return { ended, activity };
    });
    await sessions.ended(ended);
    this.deps.onSessionsEnded(ended);
    announceActivity(this.deps.realtime, userId, activity);
  }

  async listSessions(userId: string, currentSessionId: string): Promise<SessionView[]> {
    const rows = await this.deps.db
      .select()
      .from(sessionRows)
      .where(
        and(
          eq(sessionRows.userId, userId),
          isNull(sessionRows.revokedAt),
          gt(sessionRows.expiresAt, this.deps.clock.now()),
        ),
      )
      .orderBy(desc(sessionRows.lastSeenAt))
      .limit(LISTED_SESSIONS);
    return rows.map((row) => ({
      _id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      userAgent: row.userAgent,
      ip: maskIp(row.ip),
      current: row.id === currentSessionId,
    }));
  }

  /** Ends one of the user's own sessions (another user's id is not found). */
  async endSession(userId: string, sessionId: string): Promise<void> {
    if (!(await this.deps.sessions.revoke(sessionId, userId)))
      throw notFound(accountMessages.sessionNotFound);
    this.deps.onSessionsEnded([sessionId]);
  }

  async endOtherSessions(userId: string, currentSessionId: string): Promise<number> {
    const ids = await this.deps.sessions.revokeAll(this.deps.db, userId, currentSessionId);
    await this.deps.sessions.ended(ids);
    this.deps.onSessionsEnded(ids);
    return ids.length;
  }

  async preferences(userId: string): Promise<Preferences> {
    return preferencesOf(await this.userOrFail(userId));
  }

  async updatePreferences(userId: string, update: PreferencesUpdate): Promise<Preferences> {
    await this.userOrFail(userId);
    // The switches are named as their columns; the currency is kept as displayCurrency.
    const { currency, ...switches } = update;
    const row = await updateUser(this.deps.db, userId, {
      ...switches,
      ...(currency === undefined ? {} : { displayCurrency: currency }),
    });
    if (switches.telegramNotifications !== undefined) announceTelegramState(this.deps.realtime, row);
    return preferencesOf(row);
  }

  async activityPage(
    userId: string,
    page: number,
    limit: number,
  ): Promise<Omit<ActivityPageResponse, 'success'>> {
    const { db } = this.deps;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(activityItems)
        .where(eq(activityItems.userId, userId))
        .orderBy(desc(activityItems.seq))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ value: count() }).from(activityItems).where(eq(activityItems.userId, userId)),
    ]);
    const totalItems = total?.value ?? 0;
    return {
      items: rows.map(toActivityView),
      page,
      limit,
      total: totalItems,
      totalPages: Math.max(1, Math.ceil(totalItems / limit)),
    };
  }
}
