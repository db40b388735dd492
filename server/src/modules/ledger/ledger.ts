import type { LedgerKind, PaymentProvider, WalletType } from '@cashtips/contract/wallet';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { databaseErrorOf } from '../../db/errors.ts';
import { wallets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The only way money moves. Every movement is a balanced set of postings written as one ledger
 * transaction inside the caller's database transaction, so a purchase, a subscription or a
 * deposit either records its own rows and its money together or not at all. The movement itself
 * is the database function `ledger_move` (migration 0004), called only from here.
 *
 * What the database guarantees on top (migration 0002): entries are append-only, every
 * transaction sums to zero at commit, a wallet's balance moves only through its entries and never
 * below zero.
 */

/** Accounts outside users' wallets: where money comes from and goes to. */
export type SystemAccount =
  | `provider:${PaymentProvider}`
  | 'revenue:booking-codes'
  | 'revenue:subscriptions'
  | 'expense:referral-bonus'
  | 'equity:adjustments'
  /** Withdrawals requested and not yet paid or returned (PRODUCT 11): postings below. */
  | 'held:payouts'
  /** Bonus money of closed accounts (PRODUCT 13): `bonus_forfeit` `bonus-forfeit:<user id>`, bonus wallet → here. */
  | 'forfeit:closed-accounts';

/**
 * How a withdrawal's money moves (issue 25), each under its own key so it happens once whatever the
 * number or order of webhooks, with the withdrawal's reference as the transaction's reference:
 * - requested: `withdrawal` `withdrawal:<ref>`: main wallet → `held:payouts`;
 * - paid: `payout` `payout:<ref>`: `held:payouts` → `provider:<id>`;
 * - cancelled, rejected or failed before it was paid: `withdrawal_return` `withdrawal-return:<ref>`:
 *   `held:payouts` → main wallet;
 * - reversed after it was paid: `withdrawal_return` `withdrawal-return:<ref>`: `provider:<id>` → main.
 * A money-back refund (issue 25) is `refund` `money-back:<purchase id>` with the purchase id as its
 * reference: the code's revenue account → the wallet the purchase was paid from.
 */
export const withdrawalKeys = {
  request: (reference: string) => `withdrawal:${reference}`,
  payout: (reference: string) => `payout:${reference}`,
  return: (reference: string) => `withdrawal-return:${reference}`,
} as const;
const MONEY_BACK_KEY_PREFIX = 'money-back:';
export const moneyBackKey = (purchaseId: string) => `${MONEY_BACK_KEY_PREFIX}${purchaseId}`;
/** `moneyBackKey` of a purchase id column, for statements that join refunds to their purchases. */
export const moneyBackKeySql = (purchaseId: SQL) => sql`(${MONEY_BACK_KEY_PREFIX} || ${purchaseId}::text)`;
/** The account a booking code's price went to (the purchase's credit) and a refund comes from. */
export const codeRevenueAccount: SystemAccount = 'revenue:booking-codes';

export type LedgerAccount = { userId: string; wallet: WalletType } | { system: SystemAccount };

export interface Posting {
  account: LedgerAccount;
  /** Positive credits the account, negative debits it. */
  amountKobo: bigint;
}

export interface Movement {
  kind: LedgerKind;
  /** The same key never moves money twice: a repeat answers `applied: false` and changes nothing. */
  idempotencyKey: string;
  description: string;
  reference?: string | null;
  actorUserId?: string | null;
  postings: Posting[];
}

export interface MovementOutcome {
  applied: boolean;
  transactionId: string;
  /** Both wallets of every user the movement touched, as they stand after it (also when not applied). */
  balances: Map<string, WalletBalances>;
}

export const insufficientBalance = (wallet: WalletType) =>
  new AppError('INSUFFICIENT_BALANCE', 422, `Insufficient balance in ${wallet} wallet`);

export interface WalletBalances {
  mainKobo: bigint;
  bonusKobo: bigint;
}

function assertBalanced(movement: Movement): void {
  if (movement.postings.length < 2) throw new Error('a movement needs at least two postings');
  let total = 0n;
  for (const posting of movement.postings) {
    if (posting.amountKobo === 0n) throw new Error('a posting cannot be zero');
    total += posting.amountKobo;
  }
  if (total !== 0n) throw new Error(`postings of ${movement.idempotencyKey} sum to ${total}, not 0`);
}

/**
 * A movement as an SQL expression (a call of the database's `ledger_move`, migration 0004) that
 * answers the outcome as JSON, for a feature that does all its writes in one statement: it puts
 * the expression where the movement must happen and reads it back with `readMovementOutcome`.
 * Errors it raises go through `ledgerRefusal` like `moveMoney`'s.
 */
export function movementCall(movement: Movement): SQL {
  const postings = movementPostings(movement);
  return sql`ledger_move(${movement.kind}::text, ${movement.idempotencyKey}::text, ${movement.description}::text,
    ${movement.reference ?? null}::text, ${movement.actorUserId ?? null}::uuid, ${postings}::jsonb)`;
}

/**
 * Money-back refunds of many purchases in one statement (issue 25): a call of `ledger_move` per
 * row of the caller's query, whose columns it names. Each is the `refund` movement the comment on
 * `withdrawalKeys` describes: the price from the code's revenue account back to the wallet the
 * purchase was paid from, under `moneyBackKey(purchase id)`, so a purchase is refunded at most once
 * however many settlements reach it (a repeat answers `applied: false` and moves nothing). The caller
 * passes positive prices only (a posting cannot be zero) and orders its rows by user, so two such
 * statements lock wallets in the same order. Answers each row's outcome as JSON (`readMovementOutcome`).
 */
export function moneyBackRefundCall(row: {
  purchaseId: SQL;
  userId: SQL;
  wallet: SQL;
  priceKobo: SQL;
  description: SQL;
  actorUserId: string | null;
}): SQL {
  const postings = sql`jsonb_build_array(
      jsonb_build_object('system', ${codeRevenueAccount}::text, 'amount', (-(${row.priceKobo}))::text),
      jsonb_build_object('userId', ${row.userId}, 'wallet', ${row.wallet}, 'amount', (${row.priceKobo})::text))`;
  return sql`ledger_move(${'refund' satisfies LedgerKind}::text, ${moneyBackKeySql(row.purchaseId)}, ${row.description}::text,
    ${row.purchaseId}::text, ${row.actorUserId}::uuid, ${postings})`;
}

/**
 * A movement's postings as `ledger_move` takes them (checked balanced), for a database function that
 * moves money as one of its steps (`rollover_subscribe`, migration 0006).
 */
export function movementPostings(movement: Movement): string {
  assertBalanced(movement);
  return JSON.stringify(
    movement.postings.map(({ account, amountKobo }) =>
      'userId' in account
        ? { userId: account.userId, wallet: account.wallet, amount: String(amountKobo) }
        : { system: account.system, amount: String(amountKobo) },
    ),
  );
}

interface MovementJson {
  transactionId: string;
  applied: boolean;
  balances: Record<string, { main: string | null; bonus: string | null }>;
}

export function readMovementOutcome(json: unknown): MovementOutcome {
  const outcome = (typeof json === 'string' ? JSON.parse(json) : json) as MovementJson | null;
  if (!outcome?.transactionId) throw new Error('the ledger answered no movement');
  const balances = new Map<string, WalletBalances>();
  for (const [userId, wallet] of Object.entries(outcome.balances)) {
    balances.set(userId, { mainKobo: BigInt(wallet.main ?? 0), bonusKobo: BigInt(wallet.bonus ?? 0) });
  }
  return { applied: outcome.applied, transactionId: outcome.transactionId, balances };
}

/** A user's balances as a movement left them; every user it touched is in its answer. */
export function balancesAfter(outcome: MovementOutcome, userId: string): WalletBalances {
  const balances = outcome.balances.get(userId);
  if (!balances) throw new Error(`the ledger answered no balances for user ${userId}`);
  return balances;
}

/** The refusal a ledger error stands for (an overdraft), or the error itself for anything else. */
export function ledgerRefusal(error: unknown): unknown {
  const cause = databaseErrorOf(error, 'ZL001');
  if (!cause) return error;
  return insufficientBalance(cause.detail === 'bonus' ? 'bonus' : 'main');
}

export async function moveMoney(tx: Transaction, movement: Movement): Promise<MovementOutcome> {
  try {
    const result = (await tx.execute(sql`select ${movementCall(movement)} as outcome`)) as unknown as {
      rows: { outcome: unknown }[];
    };
    return readMovementOutcome(result.rows[0]?.outcome);
  } catch (error) {
    // Throwing rolls the caller's transaction back, whatever it wrote before.
    throw ledgerRefusal(error);
  }
}

/** Reads a user's balances and locks both wallets until the transaction ends, for rules that depend on them. */
export async function lockWalletBalances(tx: Transaction, userId: string): Promise<WalletBalances> {
  const rows = await tx
    .select({ kind: wallets.kind, balance: wallets.balanceKobo })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .orderBy(wallets.kind)
    .for('update');
  return toBalances(rows);
}

export async function getWalletBalances(db: Executor, userId: string): Promise<WalletBalances> {
  const rows = await db
    .select({ kind: wallets.kind, balance: wallets.balanceKobo })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return toBalances(rows);
}

/** Balances of several users in one query (admin lists); a user without wallets has zero in both. */
export async function getWalletBalancesOf(
  db: Executor,
  userIds: string[],
): Promise<Map<string, WalletBalances>> {
  const rows = userIds.length
    ? await db
        .select({ userId: wallets.userId, kind: wallets.kind, balance: wallets.balanceKobo })
        .from(wallets)
        .where(inArray(wallets.userId, userIds))
    : [];
  return new Map(userIds.map((userId) => [userId, toBalances(rows.filter((row) => row.userId === userId))]));
}

function toBalances(rows: { kind: WalletType; balance: bigint }[]): WalletBalances {
  return {
    mainKobo: rows.find((row) => row.kind === 'main')?.balance ?? 0n,
    bonusKobo: rows.find((row) => row.kind === 'bonus')?.balance ?? 0n,
  };
}

export interface LedgerAnomalies {
  /** Wallets whose cached balance differs from the sum of their entries. */
  balanceDrift: number;
  /** Ledger transactions whose entries do not sum to zero. */
  unbalancedTransactions: number;
  negativeBalances: number;
  /** The held payouts account differs from the withdrawals still in review or processing. */
  heldPayoutDrift: number;
  /** Withdrawals whose money is not where their status says (held, paid, or back in the wallet). */
  withdrawalsOutOfStep: number;
  /** Money-back refunds without their purchase, or above its price. */
  overRefundedPurchases: number;
}

/** What `findLedgerAnomalies` must always answer. */
export const noLedgerAnomalies: LedgerAnomalies = {
  balanceDrift: 0,
  unbalancedTransactions: 0,
  negativeBalances: 0,
  heldPayoutDrift: 0,
  withdrawalsOutOfStep: 0,
  overRefundedPurchases: 0,
};

/** The number of anomalies a check found, for benchmarks' totals. */
export const countLedgerAnomalies = (found: LedgerAnomalies): number =>
  Object.values(found).reduce((total, value) => total + value, 0);

/** A full check of the ledger's invariants; tests and benchmarks run it, and it must always find nothing. */
export async function findLedgerAnomalies(db: Executor): Promise<LedgerAnomalies> {
  const result = (await db.execute(sql`
    select
      (select count(*) from wallets w
        where w.balance_kobo <> coalesce((select sum(e.amount_kobo) from ledger_entries e
          where e.wallet_user_id = w.user_id and e.wallet_kind = w.kind), 0))::int as "balanceDrift",
      (select count(*) from (select transaction_id from ledger_entries group by transaction_id
        having sum(amount_kobo) <> 0) unbalanced)::int as "unbalancedTransactions",
      (select count(*) from wallets where balance_kobo < 0)::int as "negativeBalances",
      (select (coalesce((select sum(amount_kobo) from ledger_entries where system_account = 'held:payouts'), 0)
        <> coalesce((select sum(amount_kobo) from withdrawals where status in ('review', 'processing')), 0))::int)
        as "heldPayoutDrift",
      (select count(*) from withdrawals w
        left join lateral (select
            coalesce(sum(e.amount_kobo) filter (where e.system_account = 'held:payouts'), 0) as held,
            coalesce(bool_or(t.kind = 'withdrawal'), false) as taken,
            coalesce(bool_or(t.kind = 'payout'), false) as paid,
            coalesce(bool_or(t.kind = 'withdrawal_return'), false) as returned
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          where t.kind in ('withdrawal', 'payout', 'withdrawal_return') and t.reference = w.reference) l on true
        where not l.taken
          or (w.status in ('review', 'processing') and (l.held <> w.amount_kobo or l.paid or l.returned))
          or (w.status = 'paid' and (not l.paid or l.returned or l.held <> 0))
          or (w.status in ('failed', 'rejected', 'cancelled') and (not l.returned or l.held <> 0)))::int
        as "withdrawalsOutOfStep",
      (select count(*) from (select t.reference, sum(e.amount_kobo) as refunded
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.wallet_user_id is not null
          where t.kind = 'refund' and t.idempotency_key like 'money-back:%' group by t.reference) r
        left join code_purchases p on p.id::text = r.reference
        where p.id is null or r.refunded > p.price_kobo)::int as "overRefundedPurchases"
  `)) as unknown as { rows: LedgerAnomalies[] };
  const row = result.rows[0];
  if (!row) throw new Error('ledger check returned no row');
  return row;
}
