import type { LedgerKind, PaymentProvider, WalletType } from '@cashtips/contract/wallet';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { ledgerTransactions, wallets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The only way money moves. Every movement is a balanced set of postings written as one ledger
 * transaction inside the caller's database transaction, so a purchase, a subscription or a
 * deposit either records its own rows and its money together or not at all.
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
  | 'equity:adjustments';

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

export async function moveMoney(tx: Transaction, movement: Movement): Promise<MovementOutcome> {
  assertBalanced(movement);
  const postings = sql.join(
    movement.postings.map(({ account, amountKobo }) =>
      'userId' in account
        ? sql`(${account.userId}::uuid, ${account.wallet}::text, null::text, ${String(amountKobo)}::bigint)`
        : sql`(null::uuid, null::text, ${account.system}::text, ${String(amountKobo)}::bigint)`,
    ),
    sql`, `,
  );
  // One statement, one round trip: record the transaction (nothing if the key was used), lock the
  // touched wallets in a fixed order (no deadlock between crossing movements), and insert the
  // entries only if no wallet would go below zero. The entry trigger then moves the balances.
  const result = (await tx.execute(sql`
    with new_transaction as (
      insert into ledger_transactions (kind, idempotency_key, description, reference, actor_user_id)
      values (${movement.kind}, ${movement.idempotencyKey}, ${movement.description},
        ${movement.reference ?? null}, ${movement.actorUserId ?? null})
      on conflict (idempotency_key) do nothing
      returning id
    ),
    postings (user_id, kind, system_account, amount) as (values ${postings}),
    net as (
      select user_id, kind, sum(amount) as change from postings where user_id is not null group by user_id, kind
    ),
    locked as (
      select w.user_id, w.kind, w.balance_kobo from wallets w
      where (w.user_id, w.kind) in (select user_id, kind from net) and exists (select 1 from new_transaction)
      order by w.user_id, w.kind
      for update of w
    ),
    refused as (
      select n.kind, l.user_id is null as missing from net n
      left join locked l on l.user_id = n.user_id and l.kind = n.kind
      where l.user_id is null or l.balance_kobo + n.change < 0
      limit 1
    ),
    inserted as (
      insert into ledger_entries (transaction_id, wallet_user_id, wallet_kind, system_account, amount_kobo)
      select t.id, p.user_id, p.kind, p.system_account, p.amount
      from new_transaction t cross join postings p
      where not exists (select 1 from refused)
      returning 1
    )
    select (select id from new_transaction) as "transactionId",
      (select kind from refused) as "refusedWallet",
      (select missing from refused) as "missingWallet",
      (select count(*) from inserted)::int as "inserted"
  `)) as unknown as {
    rows: {
      transactionId: string | null;
      refusedWallet: WalletType | null;
      missingWallet: boolean | null;
      inserted: number;
    }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('the ledger statement returned no row');
  if (!row.transactionId) {
    const existing = await tx.query.ledgerTransactions.findFirst({
      columns: { id: true },
      where: eq(ledgerTransactions.idempotencyKey, movement.idempotencyKey),
    });
    if (!existing) throw new Error(`ledger transaction ${movement.idempotencyKey} vanished`);
    return { applied: false, transactionId: existing.id };
  }
  if (row.missingWallet) throw new Error(`a wallet of ${movement.idempotencyKey} does not exist`);
  // Throwing rolls the caller's transaction back, the transaction row inserted above included.
  if (row.refusedWallet) throw insufficientBalance(row.refusedWallet);
  if (row.inserted !== movement.postings.length) throw new Error('the ledger entries were not all written');
  return { applied: true, transactionId: row.transactionId };
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
}

/** A full check of the ledger's invariants; tests and benchmarks run it, and it must always find nothing. */
export async function findLedgerAnomalies(db: Executor): Promise<LedgerAnomalies> {
  const result = (await db.execute(sql`
    select
      (select count(*) from wallets w
        where w.balance_kobo <> coalesce((select sum(e.amount_kobo) from ledger_entries e
          where e.wallet_user_id = w.user_id and e.wallet_kind = w.kind), 0))::int as "balanceDrift",
      (select count(*) from (select transaction_id from ledger_entries group by transaction_id
        having sum(amount_kobo) <> 0) unbalanced)::int as "unbalancedTransactions",
      (select count(*) from wallets where balance_kobo < 0)::int as "negativeBalances"
  `)) as unknown as { rows: LedgerAnomalies[] };
  const row = result.rows[0];
  if (!row) throw new Error('ledger check returned no row');
  return row;
}
