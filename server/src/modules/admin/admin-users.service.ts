import { randomUUID } from 'node:crypto';
import type { AdminDeposit, AdminUser } from '@cashtips/contract/admin';
import { describeNaira, koboToNaira, nairaToKobo } from '@cashtips/contract/money';
import type { WalletType } from '@cashtips/contract/wallet';
import { count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Invalidation } from '../../db/invalidation.ts';
import { likePattern } from '../../db/like.ts';
import { deposits, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageInfo } from '../../lib/pages.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { addActivity, announceActivity } from '../activity/activity.ts';
import {
  balancesAfter,
  getWalletBalancesOf,
  lockWalletBalances,
  moveMoney,
  type WalletBalances,
} from '../ledger/ledger.ts';
import { restrictionOf } from '../users/user-view.ts';
import type { UserRow } from '../users/users.repository.ts';
import { announceWalletBalances, balancesInNaira } from '../wallet/wallet-events.ts';
import { recordAudit } from './audit.ts';

type DepositRow = typeof deposits.$inferSelect;

export function toAdminDeposit(
  row: DepositRow,
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>,
): AdminDeposit {
  return {
    _id: row.id,
    reference: row.reference,
    provider: row.provider,
    amount: koboToNaira(row.amountKobo),
    currency: row.currency,
    status: row.status,
    failureReason: row.failureReason,
    user: { _id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` },
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}

function toAdminUser(row: UserRow, balances: WalletBalances | undefined, now: Date): AdminUser {
  return {
    _id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    referralCode: row.referralCode,
    ...balancesInNaira(balances ?? { mainKobo: 0n, bonusKobo: 0n }),
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    // Shown to admins, never liftable by them (PRODUCT 13).
    restriction: restrictionOf(row, now),
  };
}

export class AdminUsersService {
  constructor(
    private readonly deps: { db: Database; clock: Clock; realtime: Realtime; invalidation: Invalidation },
  ) {}

  async search(query: { q?: string | undefined; page: number; limit: number }) {
    const { db } = this.deps;
    const text = query.q?.trim();
    let filter: SQL | undefined;
    if (text) {
      // Phones are stored in international form; a local 0803… drops its trunk 0.
      const digits = text.replace(/[^\d]/g, '').replace(/^0+/, '');
      filter = or(
        ilike(users.email, likePattern(text)),
        ilike(users.firstName, likePattern(text)),
        ilike(users.lastName, likePattern(text)),
        ilike(users.referralCode, likePattern(text)),
        ...(digits.length >= 4 ? [ilike(users.phone, likePattern(digits))] : []),
      );
    }
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(users)
        .where(filter)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ value: count() }).from(users).where(filter),
    ]);
    const balances = await getWalletBalancesOf(
      db,
      rows.map((row) => row.id),
    );
    return {
      users: rows.map((row) => toAdminUser(row, balances.get(row.id), this.deps.clock.now())),
      ...pageInfo(query.page, query.limit, totals[0]?.value ?? 0),
    };
  }

  async detail(userId: string) {
    const { db } = this.deps;
    const user = await this.requireUser(userId);
    const [balances, referrer, recentDeposits] = await Promise.all([
      getWalletBalancesOf(db, [user.id]),
      user.referredByUserId
        ? db.query.users.findFirst({ where: eq(users.id, user.referredByUserId) })
        : undefined,
      db
        .select()
        .from(deposits)
        .where(eq(deposits.userId, user.id))
        .orderBy(desc(deposits.createdAt))
        .limit(20),
    ]);
    return {
      user: {
        ...toAdminUser(user, balances.get(user.id), this.deps.clock.now()),
        referredBy: referrer ? { _id: referrer.id, email: referrer.email } : null,
        telegramId: user.telegramId,
      },
      deposits: recentDeposits.map((row) => toAdminDeposit(row, user)),
    };
  }

  /** Credit or debit one wallet with a reason; audited with the balances before and after. */
  async adjust(
    actorId: string,
    userId: string,
    request: { wallet: WalletType; amount: number; reason: string },
    requestKey: string | undefined,
  ) {
    const { db, clock, realtime } = this.deps;
    const user = await this.requireUser(userId);
    const amountKobo = nairaToKobo(request.amount);
    const now = clock.now();
    const after = await inTransaction(db, async (tx, afterCommit) => {
      const before = await lockWalletBalances(tx, user.id);
      const movement = await moveMoney(tx, {
        kind: 'admin_adjustment',
        idempotencyKey: requestKey ? `adjust:${actorId}:${requestKey}` : `adjust:${randomUUID()}`,
        description: `${amountKobo > 0n ? 'Credit' : 'Debit'} by admin: ${request.reason}`,
        actorUserId: actorId,
        postings: [
          { account: { userId: user.id, wallet: request.wallet }, amountKobo },
          { account: { system: 'equity:adjustments' }, amountKobo: -amountKobo },
        ],
      });
      const after = balancesAfter(movement, user.id);
      if (!movement.applied) return after;
      await recordAudit(tx, now, {
        actorUserId: actorId,
        action: 'user.adjust',
        targetType: 'user',
        targetId: user.id,
        before: { wallet: request.wallet, ...balancesInNaira(before) },
        after: { wallet: request.wallet, amount: request.amount, ...balancesInNaira(after) },
        reason: request.reason,
      });
      const activity = await addActivity(tx, user.id, now, {
        icon: 'shield',
        color: amountKobo > 0n ? 'green' : 'amber',
        title: amountKobo > 0n ? 'Wallet credited' : 'Wallet debited',
        description: `${describeNaira(amountKobo > 0n ? amountKobo : -amountKobo)} ${amountKobo > 0n ? 'added to' : 'taken from'} your ${request.wallet} wallet: ${request.reason}`,
      });
      afterCommit(() => announceActivity(realtime, user.id, activity));
      return after;
    });
    const balances = announceWalletBalances(realtime, user.id, after);
    const verb = amountKobo > 0n ? 'Credited' : 'Debited';
    return {
      message: `${verb} ${describeNaira(amountKobo > 0n ? amountKobo : -amountKobo)} ${amountKobo > 0n ? 'to' : 'from'} the ${request.wallet} wallet of ${user.email}.`,
      ...balances,
    };
  }

  async setRole(actorId: string, userId: string, role: UserRow['role']) {
    const { db, clock } = this.deps;
    if (actorId === userId && role !== 'admin') {
      throw new AppError('BUSINESS_RULE', 422, 'You cannot remove your own admin role. Ask another admin.');
    }
    const updated = await inTransaction(db, async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!current) throw notFound('User not found.');
      if (current.role === role) return current;
      const [row] = await tx
        .update(users)
        .set({ role, updatedAt: clock.now() })
        .where(eq(users.id, userId))
        .returning();
      if (!row) throw notFound('User not found.');
      await recordAudit(tx, clock.now(), {
        actorUserId: actorId,
        action: 'user.role',
        targetType: 'user',
        targetId: userId,
        before: { role: current.role },
        after: { role },
      });
      return row;
    });
    // An admin sees every tip: no process may go on judging this user by the old role.
    await this.deps.invalidation.publish('user', [userId]);
    const balances = await getWalletBalancesOf(db, [updated.id]);
    return toAdminUser(updated, balances.get(updated.id), this.deps.clock.now());
  }

  private async requireUser(userId: string): Promise<UserRow> {
    const user = isUuid(userId)
      ? await this.deps.db.query.users.findFirst({ where: eq(users.id, userId) })
      : undefined;
    if (!user) throw notFound('User not found.');
    return user;
  }
}
