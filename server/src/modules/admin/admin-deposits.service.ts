import type { DepositStatus, PaymentProvider } from '@cashtips/contract/wallet';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { likePattern } from '../../db/like.ts';
import { deposits, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageInfo } from '../../lib/pages.ts';
import type { DepositsService } from '../payments/deposits.service.ts';
import { toAdminDeposit } from './admin-users.service.ts';
import { recordAudit } from './audit.ts';

export class AdminDepositsService {
  constructor(private readonly deps: { db: Database; clock: Clock; deposits: DepositsService }) {}

  async list(query: {
    page: number;
    limit: number;
    status?: DepositStatus | undefined;
    provider?: PaymentProvider | undefined;
    q?: string | undefined;
  }) {
    const { db } = this.deps;
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(deposits.status, query.status));
    if (query.provider) conditions.push(eq(deposits.provider, query.provider));
    const text = query.q?.trim();
    if (text) {
      const match = or(ilike(deposits.reference, likePattern(text)), ilike(users.email, likePattern(text)));
      if (match) conditions.push(match);
    }
    const filter = conditions.length ? and(...conditions) : undefined;
    const [rows, totals] = await Promise.all([
      db
        .select({ deposit: deposits, user: users })
        .from(deposits)
        .innerJoin(users, eq(users.id, deposits.userId))
        .where(filter)
        .orderBy(desc(deposits.createdAt), desc(deposits.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db
        .select({ value: count() })
        .from(deposits)
        .innerJoin(users, eq(users.id, deposits.userId))
        .where(filter),
    ]);
    return {
      deposits: rows.map(({ deposit, user }) => toAdminDeposit(deposit, user)),
      ...pageInfo(query.page, query.limit, totals[0]?.value ?? 0),
    };
  }

  /** Asks the provider about one deposit and applies the answer; the check itself is audited. */
  async verify(actorId: string, depositId: string) {
    const { db, clock } = this.deps;
    const before = isUuid(depositId)
      ? await db.query.deposits.findFirst({ where: eq(deposits.id, depositId) })
      : undefined;
    if (!before) throw notFound('Deposit not found.');
    const after = await this.deps.deposits.refreshFromProvider(before);
    await recordAudit(db, clock.now(), {
      actorUserId: actorId,
      action: 'deposit.verify',
      targetType: 'deposit',
      targetId: before.id,
      before: { status: before.status, reference: before.reference },
      after: { status: after.status, failureReason: after.failureReason },
    });
    const user = await db.query.users.findFirst({ where: eq(users.id, after.userId) });
    if (!user) throw notFound('Deposit owner not found.');
    return {
      message: verifyMessage(before.status, after.status, after.provider),
      deposit: toAdminDeposit(after, user),
    };
  }
}

function verifyMessage(before: DepositStatus, after: DepositStatus, provider: PaymentProvider): string {
  if (before === 'success') return 'This deposit was already credited.';
  if (after === 'success') return 'Payment confirmed by the provider: the wallet has been credited.';
  if (provider === 'dev') return 'Test deposits are settled when they are made.';
  if (after === 'pending') return 'The provider has no completed payment for this deposit yet.';
  return `The provider reports this payment as ${after}.`;
}
