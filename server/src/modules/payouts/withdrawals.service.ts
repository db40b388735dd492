import { randomUUID } from 'node:crypto';
import { describeNaira, koboToNaira, nairaToKobo } from '@cashtips/contract/money';
import {
  type AdminWithdrawal,
  aboveBalanceMessage,
  accountNotYetAvailableMessage,
  belowMinimumMessage,
  dailyMaximumMessage,
  maskAccountNumber,
  PAYOUT_RESEND_AFTER_MINUTES,
  PAYOUT_SWEEP_AFTER_MINUTES,
  payoutMessages,
  type ReviewReason,
  returnedWithdrawalStatuses,
  type Withdrawal,
  type WithdrawalStatus,
  withdrawalStatusLabels,
} from '@cashtips/contract/payouts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { MoneyRules } from '../../config/env.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { payoutAccounts, users, withdrawals } from '../../db/schema/index.ts';
import { type AfterCommit, inTransaction } from '../../db/transaction.ts';
import { ProviderError, type WebhookRequest } from '../../integrations/payments/gateway.ts';
import type { PayoutProviders } from '../../integrations/payouts/index.ts';
import {
  type PayoutProvider,
  type PayoutProviderId,
  type ProviderTransfer,
  TransferRefused,
} from '../../integrations/payouts/payout-provider.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageInfo } from '../../lib/pages.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { activityInsert, addActivity, announceActivity, type NewActivity } from '../activity/activity.ts';
import { recordAudit } from '../admin/audit.ts';
import {
  balancesAfter,
  ledgerRefusal,
  lockWalletBalances,
  type Movement,
  moveMoney,
  movementCall,
  readMovementOutcome,
  withdrawalKeys,
} from '../ledger/ledger.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { type ProductNotice, productNoticeCall } from '../notifications/product-notice.ts';
import { announceWalletBalances, announceWithdrawal } from '../wallet/wallet-events.ts';
import { payoutsOff } from './payout-accounts.service.ts';
import {
  type PayoutAccountRow,
  toAdminWithdrawalView,
  toWithdrawalView,
  type WithdrawalOwner,
  type WithdrawalRow,
} from './withdrawal-view.ts';

/** What became of a provider's account of a transfer; logged, and tested for "pays/returns once". */
export type TransferOutcome = 'paid' | 'failed' | 'reversed' | 'unchanged' | 'mismatch' | 'unknown-reference';

/** Withdrawals the sweep looks at per run (every 5 minutes); the oldest first. */
const SWEEP_BATCH = 200;
const DAY_MS = 24 * 3600_000;

export interface WithdrawalsDeps {
  db: Database;
  clock: Clock;
  providers: PayoutProviders;
  money: MoneyRules;
  jobs: JobQueue;
  realtime: Realtime;
  notifications: NotificationsService;
  logger: FastifyBaseLogger;
}

const notFoundWithdrawal = () => notFound('We could not find that withdrawal.');

/**
 * Money out of the main wallet to the user's payout account (PRODUCT 11). A request holds the
 * amount in the ledger's `held:payouts` at once; an admin reviews first withdrawals and large ones;
 * the durable job queue sends the transfer once with the withdrawal's reference; the provider's
 * outcome (webhook, read-back, sweep) goes through `applyTransfer` only, which pays or returns the
 * money once under the keys of `withdrawalKeys`, whatever the number or order of notifications.
 *
 * Locks are always taken in one order: the user's wallet rows first, then the withdrawal row (an
 * approval, which moves no money, takes the row's alone).
 */
export class WithdrawalsService {
  /**
   * The transfer job's and the webhook's statements outside a transaction, run for every
   * withdrawal: built once (Drizzle's query building costs more than their execution here) and
   * planned once per connection.
   */
  private readonly statements;

  constructor(private readonly deps: WithdrawalsDeps) {
    const { db } = deps;
    this.statements = {
      withAccount: db
        .select({ row: withdrawals, account: payoutAccounts })
        .from(withdrawals)
        .innerJoin(payoutAccounts, eq(payoutAccounts.id, withdrawals.payoutAccountId))
        .where(eq(withdrawals.id, sql.placeholder('id')))
        .prepare('withdrawal_with_account'),
      markSubmitted: db
        .update(withdrawals)
        .set({ submittedAt: sql`${sql.placeholder('at')}::timestamptz` })
        .where(
          and(
            eq(withdrawals.id, sql.placeholder('id')),
            eq(withdrawals.status, 'processing'),
            isNull(withdrawals.submittedAt),
          ),
        )
        .returning({ id: withdrawals.id })
        .prepare('withdrawal_mark_submitted'),
      rememberTransferId: db
        .update(withdrawals)
        .set({ providerTransferId: sql`${sql.placeholder('transferId')}::text` })
        .where(
          and(
            eq(withdrawals.reference, sql.placeholder('reference')),
            // The provider's amount, when it says one, must be the withdrawal's.
            sql`(${sql.placeholder('amountKobo')}::bigint is null or ${withdrawals.amountKobo} = ${sql.placeholder('amountKobo')}::bigint)`,
            sql`${withdrawals.providerTransferId} is distinct from ${sql.placeholder('transferId')}::text`,
          ),
        )
        .returning({ id: withdrawals.id })
        .prepare('withdrawal_remember_transfer'),
      notified: db
        .select({
          reference: withdrawals.reference,
          userId: withdrawals.userId,
          provider: withdrawals.provider,
          providerTransferId: withdrawals.providerTransferId,
        })
        .from(withdrawals)
        .where(eq(withdrawals.reference, sql.placeholder('reference')))
        .prepare('withdrawal_notified'),
    };
  }

  private minimumKobo() {
    return BigInt(this.deps.money.minimumWithdrawalNaira) * 100n;
  }
  private dailyMaximumKobo() {
    return BigInt(this.deps.money.dailyWithdrawalMaximumNaira) * 100n;
  }
  private reviewFromKobo() {
    return BigInt(this.deps.money.withdrawalReviewFromNaira) * 100n;
  }

  /** What counts toward the daily maximum: the last 24 hours' withdrawals whose money did not come back. */
  private takenInLastDaySql(userId: string): SQL<string> {
    const since = new Date(this.deps.clock.now().getTime() - DAY_MS);
    return sql<string>`(select coalesce(sum(${withdrawals.amountKobo}), 0) from ${withdrawals} where ${and(
      eq(withdrawals.userId, userId),
      gt(withdrawals.createdAt, since),
      notInArray(withdrawals.status, [...returnedWithdrawalStatuses]),
    )})`;
  }

  private async takenInLastDay(db: Executor, userId: string): Promise<bigint> {
    const [row] = await db
      .select({ total: this.takenInLastDaySql(userId) })
      .from(users)
      .where(eq(users.id, userId));
    return BigInt(row?.total ?? 0);
  }

  /**
   * What a request decides on, in one statement once the wallets are locked (so it sees every
   * earlier withdrawal of the user): the withdrawal already made with this Idempotency-Key, the
   * current payout account, what counts toward the daily maximum, and whether a withdrawal of the
   * user was ever paid (a first one is reviewed). Planned once per connection.
   */
  private async requestContext(tx: Transaction, userId: string, requestKey: string | undefined) {
    const [context] = await tx
      .select({
        account: payoutAccounts,
        earlierId: sql<string | null>`(select ${withdrawals.id} from ${withdrawals}
          where ${withdrawals.userId} = ${users.id} and ${withdrawals.requestKey} = ${requestKey ?? null}::text)`,
        takenKobo: this.takenInLastDaySql(userId),
        paidBefore: sql<boolean>`exists (select 1 from ${withdrawals}
          where ${withdrawals.userId} = ${users.id} and ${withdrawals.status} = 'paid')`,
      })
      .from(users)
      .leftJoin(payoutAccounts, and(eq(payoutAccounts.userId, users.id), isNull(payoutAccounts.replacedAt)))
      .where(eq(users.id, userId))
      .prepare('withdrawal_request_context')
      .execute();
    if (!context) throw new Error(`no user ${userId}`);
    return { ...context, takenKobo: BigInt(context.takenKobo) };
  }

  async options(userId: string) {
    const { money } = this.deps;
    const taken = await this.takenInLastDay(this.deps.db, userId);
    const leftKobo = this.dailyMaximumKobo() - taken;
    return {
      enabled: this.deps.providers.primary !== undefined,
      minimum: money.minimumWithdrawalNaira,
      dailyMaximum: money.dailyWithdrawalMaximumNaira,
      dailyLeft: koboToNaira(leftKobo > 0n ? leftKobo : 0n),
      reviewFrom: money.withdrawalReviewFromNaira,
    };
  }

  /**
   * A withdrawal request: one transaction serialized per user by their wallet rows. Every refusal
   * throws before anything is written, so nothing moves. With an Idempotency-Key (`requestKey`),
   * the same key again answers the same withdrawal; the key with another amount is 409.
   */
  async request(
    userId: string,
    amountNaira: number,
    requestKey: string | undefined,
  ): Promise<{ message: string; withdrawal: Withdrawal; mainWallet: number }> {
    const amountKobo = nairaToKobo(amountNaira);
    const { clock, realtime, jobs } = this.deps;
    const result = await inTransaction(
      this.deps.db,
      async (tx, afterCommit) => {
        const balances = await lockWalletBalances(tx, userId);
        const context = await this.requestContext(tx, userId, requestKey);
        if (context.earlierId) {
          const [earlier] = await tx.select().from(withdrawals).where(eq(withdrawals.id, context.earlierId));
          if (!earlier) throw new Error(`withdrawal ${context.earlierId} vanished`);
          if (earlier.amountKobo !== amountKobo) {
            throw new AppError(
              'CONFLICT',
              409,
              'This Idempotency-Key was already used for another withdrawal. Send a new key for a new withdrawal.',
            );
          }
          const account = await this.accountOf(tx, earlier);
          return { row: earlier, account, balances };
        }
        const provider = this.deps.providers.primary;
        if (!provider) throw payoutsOff();
        const minimumKobo = this.minimumKobo();
        if (amountKobo < minimumKobo) {
          throw refused(belowMinimumMessage(this.deps.money.minimumWithdrawalNaira));
        }
        const { account } = context;
        if (!account) throw refused(payoutMessages.noAccount);
        const now = clock.now();
        if (account.availableAt > now) throw refused(accountNotYetAvailableMessage(account.availableAt));
        if (amountKobo > balances.mainKobo) {
          throw new AppError(
            'INSUFFICIENT_BALANCE',
            422,
            aboveBalanceMessage(koboToNaira(balances.mainKobo)),
          );
        }
        const taken = context.takenKobo;
        const maximumKobo = this.dailyMaximumKobo();
        if (taken + amountKobo > maximumKobo) {
          const left = maximumKobo - taken;
          throw refused(
            dailyMaximumMessage(
              this.deps.money.dailyWithdrawalMaximumNaira,
              koboToNaira(left > 0n ? left : 0n),
            ),
          );
        }
        // Why it waits for an admin: the user has never been paid a withdrawal (a cancelled,
        // rejected or failed first one does not count), or it is large.
        const reviewReason: ReviewReason | null = !context.paidBefore
          ? 'first'
          : amountKobo >= this.reviewFromKobo()
            ? 'large'
            : null;
        const row: WithdrawalRow = {
          id: randomUUID(),
          userId,
          reference: `wd_${randomUUID()}`,
          amountKobo,
          status: reviewReason ? 'review' : 'processing',
          payoutAccountId: account.id,
          provider: provider.id,
          reviewReason,
          reason: null,
          providerTransferId: null,
          feeKobo: null,
          requestKey: requestKey ?? null,
          reviewedBy: null,
          reviewedAt: null,
          submittedAt: null,
          paidAt: null,
          createdAt: now,
          updatedAt: now,
        };
        const amount = describeNaira(amountKobo);
        const destination = `${account.bankName} ${maskAccountNumber(account.accountNumber)}`;
        const activity = activityInsert(
          userId,
          now,
          {
            icon: 'wallet',
            color: 'amber',
            title: 'Withdrawal requested',
            description: reviewReason
              ? `${amount} to ${destination}: we review it before it is paid.`
              : `${amount} is on its way to ${destination}.`,
          },
          sql`select 1 from inserted`,
        );
        // One statement, one round trip: the withdrawal, the amount held (the ledger refuses an
        // overdraft, which rolls the insert back with it) and the user's activity item.
        let written: { outcome: unknown }[];
        try {
          written = await executePrepared(
            tx,
            'withdrawal_request',
            sql`
            with inserted as (
              insert into withdrawals (id, user_id, reference, amount_kobo, status, payout_account_id,
                provider, review_reason, request_key, created_at, updated_at)
              values (${row.id}::uuid, ${userId}::uuid, ${row.reference}::text, ${String(amountKobo)}::bigint,
                ${row.status}::text, ${account.id}::uuid, ${row.provider}::text, ${reviewReason}::text,
                ${row.requestKey}::text, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
              returning id
            ),
            activity as (${activity.insert})
            select ${movementCall({
              kind: 'withdrawal',
              idempotencyKey: withdrawalKeys.request(row.reference),
              description: `Withdrawal to ${destination}`,
              reference: row.reference,
              actorUserId: userId,
              postings: [
                { account: { userId, wallet: 'main' }, amountKobo: -amountKobo },
                { account: { system: 'held:payouts' }, amountKobo },
              ],
            })} as outcome
            from inserted`,
          );
        } catch (error) {
          throw ledgerRefusal(error);
        }
        const movement = readMovementOutcome(written[0]?.outcome);
        if (!reviewReason) await jobs.send(tx, 'payouts.transfer', { withdrawalId: row.id });
        const after = balancesAfter(movement, userId);
        afterCommit(() => {
          announceActivity(realtime, userId, activity.view);
          announceWalletBalances(realtime, userId, after);
          announceWithdrawal(realtime, userId, toWithdrawalView(row, account));
          if (!reviewReason) jobs.wake('payouts.transfer');
        });
        return { row, account, balances: after };
      },
      (error) => this.deps.logger.warn({ err: error }, 'announcing a withdrawal failed'),
    );
    return {
      message: result.row.reviewReason
        ? payoutMessages.withdrawalInReview
        : payoutMessages.withdrawalRequested,
      withdrawal: toWithdrawalView(result.row, result.account),
      mainWallet: koboToNaira(result.balances.mainKobo),
    };
  }

  private async accountOf(db: Executor, row: WithdrawalRow): Promise<PayoutAccountRow> {
    const [account] = await db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.id, row.payoutAccountId));
    if (!account) throw new Error(`withdrawal ${row.id} has no payout account`);
    return account;
  }

  /** The user's own withdrawals, newest first. */
  async list(userId: string, page: number, limit: number) {
    const [rows, totals] = await Promise.all([
      this.deps.db
        .select({ withdrawal: withdrawals, account: payoutAccounts })
        .from(withdrawals)
        .innerJoin(payoutAccounts, eq(payoutAccounts.id, withdrawals.payoutAccountId))
        .where(eq(withdrawals.userId, userId))
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.deps.db.select({ value: count() }).from(withdrawals).where(eq(withdrawals.userId, userId)),
    ]);
    return {
      withdrawals: rows.map((row) => toWithdrawalView(row.withdrawal, row.account)),
      ...pageInfo(page, limit, totals[0]?.value ?? 0),
    };
  }

  /** The owner of a withdrawal, read without a lock: the wallet rows are locked first, then the row. */
  private async ownerOf(id: string): Promise<string | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.deps.db
      .select({ userId: withdrawals.userId })
      .from(withdrawals)
      .where(eq(withdrawals.id, id));
    return row?.userId;
  }

  private async ownerOfReference(reference: string): Promise<string | undefined> {
    const [row] = await this.deps.db
      .select({ userId: withdrawals.userId })
      .from(withdrawals)
      .where(eq(withdrawals.reference, reference));
    return row?.userId;
  }

  /**
   * Locks a withdrawal's row and reads its payout account with it (accounts are never edited, so
   * the account needs no lock): every change of a withdrawal names its destination.
   */
  private async lockWithdrawal(
    tx: Transaction,
    where: SQL | undefined,
    /** Names the statement, prepared per connection: one name per shape of `where`. */
    name: string,
  ): Promise<{ row: WithdrawalRow; account: PayoutAccountRow } | undefined> {
    const [found] = await tx
      .select({ row: withdrawals, account: payoutAccounts })
      .from(withdrawals)
      .innerJoin(payoutAccounts, eq(payoutAccounts.id, withdrawals.payoutAccountId))
      .where(where)
      .for('update', { of: withdrawals })
      .prepare(name)
      .execute();
    return found;
  }

  /** The user cancels a withdrawal still in review: the money goes back to the main wallet. */
  async cancel(userId: string, id: string) {
    const ownerId = await this.ownerOf(id);
    // Someone else's id answers exactly like one that does not exist.
    if (ownerId !== userId) throw notFoundWithdrawal();
    const result = await inTransaction(
      this.deps.db,
      async (tx, afterCommit) => {
        await lockWalletBalances(tx, userId);
        const locked = await this.lockWithdrawal(
          tx,
          and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)),
          'withdrawal_lock_own',
        );
        if (!locked) throw notFoundWithdrawal();
        if (locked.row.status !== 'review') throw refused(payoutMessages.onlyInReview);
        return this.returnMoney(tx, afterCommit, locked, {
          status: 'cancelled',
          reason: null,
          from: 'held',
          description: 'Withdrawal cancelled',
          activity: (amount, destination) => ({
            icon: 'wallet',
            color: 'lime',
            title: 'Withdrawal cancelled',
            description: `${amount} to ${destination} was cancelled: it is back in your main wallet.`,
          }),
        });
      },
      (error) => this.deps.logger.warn({ err: error }, 'announcing a cancelled withdrawal failed'),
    );
    return {
      message: payoutMessages.cancelled,
      withdrawal: toWithdrawalView(result.row, result.account),
      mainWallet: koboToNaira(result.balances.mainKobo),
    };
  }

  /**
   * Ends a withdrawal whose money goes back to the main wallet (cancelled, rejected, failed), from
   * where it is: held (not paid yet) or the provider's account (reversed after it was paid). The
   * return's key makes it happen once; the caller has locked the wallets and the row.
   */
  private async returnMoney(
    tx: Transaction,
    afterCommit: AfterCommit,
    { row, account }: { row: WithdrawalRow; account: PayoutAccountRow },
    change: {
      status: Extract<WithdrawalStatus, 'cancelled' | 'rejected' | 'failed'>;
      reason: string | null;
      from: 'held' | 'provider';
      description: string;
      actorUserId?: string;
      activity: (amount: string, destination: string) => NewActivity;
      notice?: (amount: string, destination: string) => { title: string; message: string; dedupeKey: string };
      fields?: Partial<Pick<WithdrawalRow, 'reviewedBy' | 'reviewedAt' | 'providerTransferId' | 'feeKobo'>>;
    },
  ) {
    const now = this.deps.clock.now();
    const [updated] = await tx
      .update(withdrawals)
      .set({ status: change.status, reason: change.reason, updatedAt: now, ...change.fields })
      .where(eq(withdrawals.id, row.id))
      .returning();
    if (!updated) throw new Error(`withdrawal ${row.id} vanished`);
    const source: Movement['postings'][number]['account'] =
      change.from === 'held' ? { system: 'held:payouts' } : { system: `provider:${row.provider}` };
    const movement = await moveMoney(tx, {
      kind: 'withdrawal_return',
      idempotencyKey: withdrawalKeys.return(row.reference),
      description: change.description,
      reference: row.reference,
      actorUserId: change.actorUserId ?? null,
      postings: [
        { account: source, amountKobo: -row.amountKobo },
        { account: { userId: row.userId, wallet: 'main' }, amountKobo: row.amountKobo },
      ],
    });
    const amount = describeNaira(row.amountKobo);
    const destination = `${account.bankName} ${maskAccountNumber(account.accountNumber)}`;
    const activity = await addActivity(tx, row.userId, now, change.activity(amount, destination));
    const notice = change.notice ? change.notice(amount, destination) : undefined;
    const recorded = notice
      ? await this.deps.notifications.record(
          tx,
          {
            source: 'product',
            kind: `withdrawal-${change.status}`,
            audience: 'user',
            userId: row.userId,
            title: notice.title,
            message: notice.message,
            type: 'error',
            link: '/wallet',
            dedupeKey: notice.dedupeKey,
          },
          [
            {
              userId: row.userId,
              title: notice.title,
              message: notice.message,
              type: 'error',
              link: '/wallet',
            },
          ],
        )
      : null;
    const balances = balancesAfter(movement, row.userId);
    const { realtime, notifications } = this.deps;
    afterCommit(() => {
      announceActivity(realtime, row.userId, activity);
      announceWalletBalances(realtime, row.userId, balances);
      announceWithdrawal(realtime, row.userId, toWithdrawalView(updated, account));
      notifications.announce(recorded);
    });
    return { row: updated, account, balances };
  }

  // ---------------------------------------------------------------- admin

  async adminList(query: {
    page: number;
    limit: number;
    status?: WithdrawalStatus | undefined;
    userId?: string | undefined;
  }): Promise<{ withdrawals: AdminWithdrawal[] } & ReturnType<typeof pageInfo>> {
    const where = and(
      query.status ? eq(withdrawals.status, query.status) : undefined,
      query.userId ? eq(withdrawals.userId, query.userId) : undefined,
    );
    // The open queues are worked oldest first; everything else reads newest first.
    const open = query.status === 'review' || query.status === 'processing';
    const reviewer = alias(users, 'reviewer');
    const [rows, totals] = await Promise.all([
      this.deps.db
        .select({ withdrawal: withdrawals, account: payoutAccounts, owner: users, reviewer: reviewer.email })
        .from(withdrawals)
        .innerJoin(payoutAccounts, eq(payoutAccounts.id, withdrawals.payoutAccountId))
        .innerJoin(users, eq(users.id, withdrawals.userId))
        .leftJoin(reviewer, eq(reviewer.id, withdrawals.reviewedBy))
        .where(where)
        .orderBy(
          open ? asc(withdrawals.createdAt) : desc(withdrawals.createdAt),
          open ? asc(withdrawals.id) : desc(withdrawals.id),
        )
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.deps.db.select({ value: count() }).from(withdrawals).where(where),
    ]);
    return {
      withdrawals: rows.map((row) =>
        toAdminWithdrawalView(row.withdrawal, row.account, row.owner, row.reviewer),
      ),
      ...pageInfo(query.page, query.limit, totals[0]?.value ?? 0),
    };
  }

  /**
   * Locks a withdrawal for an admin decision; only one still in review may be decided. Reads with
   * it what the admin's answer shows (the account, the owner, the deciding admin's e-mail), so the
   * answer is built from the decided row without another query.
   */
  private async lockInReview(
    tx: Transaction,
    id: string,
    adminId: string,
  ): Promise<{
    row: WithdrawalRow;
    account: PayoutAccountRow;
    owner: WithdrawalOwner;
    reviewer: string | null;
  }> {
    if (!isUuid(id)) throw notFoundWithdrawal();
    const reviewer = alias(users, 'reviewer');
    const [locked] = await tx
      .select({
        row: withdrawals,
        account: payoutAccounts,
        owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
        reviewer: reviewer.email,
      })
      .from(withdrawals)
      .innerJoin(payoutAccounts, eq(payoutAccounts.id, withdrawals.payoutAccountId))
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .leftJoin(reviewer, eq(reviewer.id, adminId))
      .where(eq(withdrawals.id, id))
      .for('update', { of: withdrawals })
      .prepare('withdrawal_lock_for_review')
      .execute();
    if (!locked) throw notFoundWithdrawal();
    if (locked.row.status !== 'review') {
      throw new AppError(
        'CONFLICT',
        409,
        `This withdrawal is no longer in review: it is ${withdrawalStatusLabels[locked.row.status].toLowerCase()}.`,
      );
    }
    return locked;
  }

  /**
   * Review → processing; the transfer job is enqueued in the same transaction. Audited. No money
   * moves and nothing a request decides on changes (a withdrawal in review or processing counts
   * toward the daily maximum alike), so the row's lock alone decides it against a cancel or a
   * rejection racing it, without the owner's wallets.
   */
  async approve(adminId: string, id: string): Promise<{ message: string; withdrawal: AdminWithdrawal }> {
    const { clock, realtime, jobs } = this.deps;
    const withdrawal = await inTransaction(
      this.deps.db,
      async (tx, afterCommit) => {
        const { row, account, owner, reviewer } = await this.lockInReview(tx, id, adminId);
        const now = clock.now();
        const [updated] = await tx
          .update(withdrawals)
          .set({ status: 'processing', reviewedBy: adminId, reviewedAt: now, updatedAt: now })
          .where(eq(withdrawals.id, id))
          .returning()
          .prepare('withdrawal_approve')
          .execute();
        if (!updated) throw new Error(`withdrawal ${id} vanished`);
        await recordAudit(tx, now, {
          actorUserId: adminId,
          action: 'withdrawal.approve',
          targetType: 'withdrawal',
          targetId: id,
          before: { status: row.status },
          after: { status: updated.status, amount: koboToNaira(row.amountKobo), reference: row.reference },
        });
        await jobs.send(tx, 'payouts.transfer', { withdrawalId: id });
        afterCommit(() => {
          announceWithdrawal(realtime, row.userId, toWithdrawalView(updated, account));
          jobs.wake('payouts.transfer');
        });
        return toAdminWithdrawalView(updated, account, owner, reviewer);
      },
      (error) => this.deps.logger.warn({ err: error }, 'announcing an approved withdrawal failed'),
    );
    return { message: 'Withdrawal approved: the transfer is being sent.', withdrawal };
  }

  /** Review → rejected with the admin's reason (shown to the user); the money goes back. Audited. */
  async reject(
    adminId: string,
    id: string,
    reason: string,
  ): Promise<{ message: string; withdrawal: AdminWithdrawal }> {
    const userId = await this.ownerOf(id);
    if (!userId) throw notFoundWithdrawal();
    const withdrawal = await inTransaction(
      this.deps.db,
      async (tx, afterCommit) => {
        await lockWalletBalances(tx, userId);
        const locked = await this.lockInReview(tx, id, adminId);
        const { row } = locked;
        const now = this.deps.clock.now();
        const result = await this.returnMoney(tx, afterCommit, locked, {
          status: 'rejected',
          reason,
          from: 'held',
          description: 'Withdrawal rejected',
          actorUserId: adminId,
          fields: { reviewedBy: adminId, reviewedAt: now },
          activity: (amount, destination) => ({
            icon: 'wallet',
            color: 'red',
            title: 'Withdrawal rejected',
            description: `${amount} to ${destination} was not approved: it is back in your main wallet.`,
          }),
          notice: (amount) => ({
            title: 'Withdrawal rejected',
            message: `Your withdrawal of ${amount} was not approved: ${reason} The money is back in your main wallet.`,
            dedupeKey: `withdrawal-rejected:${row.reference}`,
          }),
        });
        await recordAudit(tx, now, {
          actorUserId: adminId,
          action: 'withdrawal.reject',
          targetType: 'withdrawal',
          targetId: id,
          before: { status: row.status },
          after: { status: result.row.status, amount: koboToNaira(row.amountKobo), reference: row.reference },
          reason,
        });
        return toAdminWithdrawalView(result.row, locked.account, locked.owner, locked.reviewer);
      },
      (error) => this.deps.logger.warn({ err: error }, 'announcing a rejected withdrawal failed'),
    );
    return { message: 'Withdrawal rejected: the money is back in the user’s main wallet.', withdrawal };
  }

  // ---------------------------------------------------------------- payouts

  private providerFor(row: Pick<WithdrawalRow, 'provider'>): PayoutProvider {
    const provider = this.deps.providers.byId.get(row.provider);
    // Thrown, so the job is retried (and the sweep tries again) once the provider is configured again.
    if (!provider) throw new Error(`payout provider ${row.provider} is not configured`);
    return provider;
  }

  /**
   * The `payouts.transfer` job. The first attempt records `submitted_at` and commits before it calls
   * the provider, so a crash in between leaves a trace; a later attempt reads the transfer back first
   * and starts it again (with the same reference) only if the provider does not know it. A provider
   * that cannot be reached throws, and the queue tries again later.
   */
  async processTransfer(withdrawalId: string): Promise<TransferOutcome | 'skipped'> {
    const { clock, logger } = this.deps;
    const [found] = await this.statements.withAccount.execute({ id: withdrawalId });
    if (found?.row.status !== 'processing') return 'skipped';
    const { row, account } = found;
    const provider = this.providerFor(row);
    const [first] = await this.statements.markSubmitted.execute({
      id: row.id,
      at: clock.now().toISOString(),
    });
    if (!first) {
      const known = await provider.fetchTransfer({
        reference: row.reference,
        transferId: row.providerTransferId,
      });
      if (known) return this.applyTransfer(row.reference, known, row.userId);
    }
    let transfer: ProviderTransfer;
    try {
      transfer = await provider.startTransfer({
        reference: row.reference,
        amountKobo: row.amountKobo,
        bankCode: account.bankCode,
        accountNumber: account.accountNumber,
        accountName: account.accountName,
        recipientCode: account.recipientCode,
        narration: 'CashTips withdrawal',
      });
    } catch (error) {
      if (!(error instanceof TransferRefused)) throw error;
      logger.warn(
        { reference: row.reference, provider: row.provider, reason: error.message },
        'transfer refused',
      );
      return this.applyTransfer(
        row.reference,
        {
          reference: row.reference,
          state: 'failed',
          amountKobo: null,
          currency: null,
          transferId: null,
          feeKobo: null,
          reason: error.message,
        },
        row.userId,
      );
    }
    return this.applyTransfer(row.reference, transfer, row.userId);
  }

  /**
   * The one place a provider's account of a transfer changes a withdrawal: processing → paid,
   * processing → failed (failed or reversed), paid → failed (reversed after it was paid: the money
   * comes back from the provider's account); anything else changes nothing, so a success after a
   * reversal never pays again. Amount and currency are checked when the provider says them.
   */
  async applyTransfer(
    reference: string,
    transfer: ProviderTransfer,
    /** The withdrawal's owner when the caller has read it already (a withdrawal never changes hands). */
    knownOwnerId?: string,
  ): Promise<TransferOutcome> {
    const { db, clock, logger, realtime, notifications } = this.deps;
    if (transfer.state === 'pending') {
      const outcome = await this.rememberPending(reference, transfer);
      logger.info({ reference, state: transfer.state, outcome }, 'transfer outcome applied');
      return outcome;
    }
    const ownerId = knownOwnerId ?? (await this.ownerOfReference(reference));
    if (!ownerId) return 'unknown-reference';
    const outcome = await inTransaction(
      db,
      async (tx, afterCommit): Promise<TransferOutcome> => {
        const balances = await lockWalletBalances(tx, ownerId);
        const locked = await this.lockWithdrawal(
          tx,
          and(eq(withdrawals.reference, reference), eq(withdrawals.userId, ownerId)),
          'withdrawal_lock_by_reference',
        );
        if (!locked) return 'unknown-reference';
        const { row, account } = locked;
        if (this.mismatched(row, transfer)) return 'mismatch';
        const transferId = transfer.transferId ?? row.providerTransferId;
        const now = clock.now();
        if (row.status === 'processing' && transfer.state === 'success') {
          const updated: WithdrawalRow = {
            ...row,
            status: 'paid',
            paidAt: now,
            feeKobo: transfer.feeKobo ?? row.feeKobo,
            providerTransferId: transferId,
            updatedAt: now,
          };
          const amount = describeNaira(row.amountKobo);
          const destination = `${account.bankName} ${maskAccountNumber(account.accountNumber)}`;
          const activity = activityInsert(
            row.userId,
            now,
            {
              icon: 'wallet',
              color: 'green',
              title: 'Withdrawal paid',
              description: `${amount} was sent to ${destination}.`,
            },
            sql`select 1 from paid`,
          );
          const notice: ProductNotice = {
            id: randomUUID(),
            userId: row.userId,
            kind: 'withdrawal-paid',
            title: 'Withdrawal paid',
            summary: `${amount} was sent to ${destination}.`,
            message: `${amount} was sent to ${destination} (${account.accountName}).`,
            type: 'success',
            link: '/wallet',
            dedupeKey: `withdrawal-paid:${reference}`,
            at: now,
            inAppOnly: false,
          };
          // One statement, one round trip: the row paid, the held amount out to the provider's
          // account, the activity item and the notification (written exactly when the payout is).
          const [written] = await executePrepared<{ outcome: unknown; noticed: boolean }>(
            tx,
            'withdrawal_paid',
            sql`
            with paid as (
              update withdrawals set status = 'paid', paid_at = ${now.toISOString()}::timestamptz,
                fee_kobo = ${updated.feeKobo === null ? null : String(updated.feeKobo)}::bigint,
                provider_transfer_id = ${transferId}::text, updated_at = ${now.toISOString()}::timestamptz
              where id = ${row.id}::uuid and status = 'processing'
              returning id
            ),
            activity as (${activity.insert})
            select ${movementCall({
              kind: 'payout',
              idempotencyKey: withdrawalKeys.payout(reference),
              description: 'Withdrawal paid to the bank',
              reference,
              postings: [
                { account: { system: 'held:payouts' }, amountKobo: -row.amountKobo },
                { account: { system: `provider:${row.provider}` }, amountKobo: row.amountKobo },
              ],
            })} as outcome,
              ${productNoticeCall(notice)} as noticed
            from paid`,
          );
          // The row is locked and was processing: the update cannot have missed it.
          if (!written) throw new Error(`withdrawal ${row.id} was not paid`);
          afterCommit(() => {
            announceActivity(realtime, row.userId, activity.view);
            announceWalletBalances(realtime, row.userId, balances);
            announceWithdrawal(realtime, row.userId, toWithdrawalView(updated, account));
            if (written.noticed) notifications.announceProductNotice(notice);
          });
          return 'paid';
        }
        const failedBeforePaid =
          row.status === 'processing' && (transfer.state === 'failed' || transfer.state === 'reversed');
        const reversedAfterPaid = row.status === 'paid' && transfer.state === 'reversed';
        if (failedBeforePaid || reversedAfterPaid) {
          const providerReason = transfer.reason?.trim() || null;
          const reason = reversedAfterPaid
            ? `Reversed by the bank: ${providerReason ?? 'the bank returned the transfer.'}`
            : (providerReason ?? 'The bank transfer failed.');
          await this.returnMoney(tx, afterCommit, locked, {
            status: 'failed',
            reason,
            from: reversedAfterPaid ? 'provider' : 'held',
            description: reversedAfterPaid ? 'Withdrawal reversed by the bank' : 'Withdrawal failed',
            fields: { providerTransferId: transferId, feeKobo: transfer.feeKobo ?? row.feeKobo },
            activity: (amount, destination) => ({
              icon: 'wallet',
              color: 'red',
              title: reversedAfterPaid ? 'Withdrawal reversed' : 'Withdrawal failed',
              description: `${amount} to ${destination} came back to your main wallet.`,
            }),
            notice: (amount, destination) =>
              reversedAfterPaid
                ? {
                    title: 'Withdrawal reversed',
                    message: `The bank returned your withdrawal of ${amount} to ${destination}. ${reason} The money is back in your main wallet.`,
                    dedupeKey: `withdrawal-reversed:${reference}`,
                  }
                : {
                    title: 'Withdrawal failed',
                    message: `Your withdrawal of ${amount} to ${destination} failed: ${reason} The money is back in your main wallet.`,
                    dedupeKey: `withdrawal-failed:${reference}`,
                  },
          });
          return reversedAfterPaid ? 'reversed' : 'failed';
        }
        // No change of status; remember the provider's id of the transfer (Flutterwave reads back by it).
        if (transferId !== row.providerTransferId) {
          await tx
            .update(withdrawals)
            .set({ providerTransferId: transferId })
            .where(eq(withdrawals.id, row.id));
        }
        return 'unchanged';
      },
      (error) => logger.warn({ err: error }, 'announcing a withdrawal outcome failed'),
    );
    logger.info({ reference, state: transfer.state, outcome }, 'transfer outcome applied');
    return outcome;
  }

  /** Whether the provider's transfer differs from its withdrawal in amount or currency (logged). */
  private mismatched(
    row: Pick<WithdrawalRow, 'reference' | 'provider' | 'amountKobo'>,
    transfer: ProviderTransfer,
  ): boolean {
    const mismatch =
      (transfer.amountKobo !== null && transfer.amountKobo !== row.amountKobo) ||
      (transfer.currency !== null && transfer.currency.toUpperCase() !== 'NGN');
    if (mismatch) {
      this.deps.logger.warn(
        {
          reference: row.reference,
          provider: row.provider,
          expectedKobo: String(row.amountKobo),
          amountKobo: transfer.amountKobo === null ? null : String(transfer.amountKobo),
          currency: transfer.currency,
        },
        'a transfer does not match its withdrawal',
      );
    }
    return mismatch;
  }

  /**
   * A transfer the provider has without an outcome yet (every transfer just started): nothing is
   * paid or returned, so nothing takes the wallets' lock; only the provider's id of the transfer is
   * remembered (Flutterwave reads back by it), by one statement that writes it only when the
   * provider's amount and currency match. Otherwise a read tells a mismatch from an id already known.
   */
  private async rememberPending(reference: string, transfer: ProviderTransfer): Promise<TransferOutcome> {
    const { db } = this.deps;
    const currencyMatches = transfer.currency === null || transfer.currency.toUpperCase() === 'NGN';
    if (transfer.transferId !== null && currencyMatches) {
      const [remembered] = await this.statements.rememberTransferId.execute({
        reference,
        transferId: transfer.transferId,
        amountKobo: transfer.amountKobo === null ? null : String(transfer.amountKobo),
      });
      if (remembered) return 'unchanged';
    }
    const [row] = await db
      .select({
        reference: withdrawals.reference,
        provider: withdrawals.provider,
        amountKobo: withdrawals.amountKobo,
      })
      .from(withdrawals)
      .where(eq(withdrawals.reference, reference));
    if (!row) return 'unknown-reference';
    return this.mismatched(row, transfer) ? 'mismatch' : 'unchanged';
  }

  /**
   * A provider's transfer notification: the adapter checks its signature (401 when wrong); an unknown
   * reference is ignored; the transfer is always read back from the provider before anything changes
   * (a notification alone is never trusted with money), and a read-back that fails answers 502 so the
   * provider sends it again.
   */
  async handleWebhook(
    provider: PayoutProviderId,
    request: WebhookRequest,
  ): Promise<TransferOutcome | 'ignored'> {
    const payout = this.deps.providers.byId.get(provider);
    if (!payout) return 'ignored';
    const notice = payout.readTransferWebhook(request);
    if (!notice) return 'ignored';
    const [row] = await this.statements.notified.execute({ reference: notice.reference });
    if (!row || row.provider !== provider) return 'ignored';
    let transfer: ProviderTransfer | null;
    try {
      transfer = await payout.fetchTransfer({
        reference: row.reference,
        transferId: notice.transferId ?? row.providerTransferId,
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.deps.logger.warn({ provider, reason: error.message }, 'could not read back a notified transfer');
      throw new AppError(
        'PAYMENT_PROVIDER_ERROR',
        502,
        'The transfer could not be checked with the provider yet.',
      );
    }
    if (!transfer) {
      this.deps.logger.warn(
        { provider, reference: row.reference },
        'a notified transfer is unknown to its provider',
      );
      return 'ignored';
    }
    return this.applyTransfer(row.reference, transfer, row.userId);
  }

  /**
   * The `payouts.sweep` job (every 5 minutes): transfers sent more than 30 minutes ago without an
   * outcome are read back and applied; one unknown to the provider, or never sent 5 minutes after it
   * was due (its job lost, or held by a process that died), gets its transfer job again, with the
   * same reference.
   */
  async sweep(): Promise<{ readBack: number; resent: number }> {
    const { db, clock, jobs, logger } = this.deps;
    const cutoff = new Date(clock.now().getTime() - PAYOUT_SWEEP_AFTER_MINUTES * 60_000);
    const unsentSince = new Date(clock.now().getTime() - PAYOUT_RESEND_AFTER_MINUTES * 60_000);
    const rows = await db
      .select()
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.status, 'processing'),
          or(
            and(isNotNull(withdrawals.submittedAt), lte(withdrawals.submittedAt, cutoff)),
            and(isNull(withdrawals.submittedAt), lte(withdrawals.updatedAt, unsentSince)),
          ),
        ),
      )
      .orderBy(asc(withdrawals.updatedAt))
      .limit(SWEEP_BATCH);
    let readBack = 0;
    const resend: string[] = [];
    for (const row of rows) {
      if (!row.submittedAt) {
        resend.push(row.id);
        continue;
      }
      const provider = this.deps.providers.byId.get(row.provider);
      if (!provider) {
        logger.warn(
          { reference: row.reference, provider: row.provider },
          'sweep: payout provider not configured',
        );
        continue;
      }
      try {
        const transfer = await provider.fetchTransfer({
          reference: row.reference,
          transferId: row.providerTransferId,
        });
        if (!transfer) {
          resend.push(row.id);
          continue;
        }
        readBack += 1;
        await this.applyTransfer(row.reference, transfer, row.userId);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        logger.warn(
          { reference: row.reference, reason: error.message },
          'sweep: could not read a transfer back',
        );
      }
    }
    for (const withdrawalId of resend) {
      // One re-sent job per withdrawal per few minutes, however often the sweep finds it.
      await jobs.send(
        db,
        'payouts.transfer',
        { withdrawalId },
        { singletonKey: withdrawalId, singletonSeconds: PAYOUT_RESEND_AFTER_MINUTES * 60 },
      );
    }
    if (resend.length) jobs.wake('payouts.transfer');
    if (rows.length) logger.info({ readBack, resent: resend.length }, 'payout sweep');
    return { readBack, resent: resend.length };
  }

  /** Both job handlers run here; the sweep every 5 minutes, once across every process. */
  async startJobs(): Promise<void> {
    const { jobs } = this.deps;
    // One job at a time per worker: a job's expiry (jobs/queue.ts) counts from when it was fetched,
    // so one fetched behind nine slow others must not expire before it starts.
    await jobs.work('payouts.transfer', { workers: 2, batchSize: 1 }, async (job) => {
      await this.processTransfer(job.data.withdrawalId);
    });
    await jobs.work('payouts.sweep', {}, async () => {
      await this.sweep();
    });
    await jobs.schedule('payouts.sweep', '*/5 * * * *');
  }
}

const refused = (message: string) => new AppError('BUSINESS_RULE', 422, message);
