import type { LedgerKind, PaymentProvider, WalletType } from '@cashtips/contract/wallet';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, wallets } from '../../db/schema/index.ts';
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

const walletKey = (userId: string, wallet: WalletType) => `${userId}/${wallet}`;

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
  const [created] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: movement.kind,
      idempotencyKey: movement.idempotencyKey,
      description: movement.description,
      reference: movement.reference ?? null,
      actorUserId: movement.actorUserId ?? null,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!created) {
    const existing = await tx.query.ledgerTransactions.findFirst({
      columns: { id: true },
      where: eq(ledgerTransactions.idempotencyKey, movement.idempotencyKey),
    });
    if (!existing) throw new Error(`ledger transaction ${movement.idempotencyKey} vanished`);
    return { applied: false, transactionId: existing.id };
  }

  // Net change per wallet; the rows are locked in one order so two movements never deadlock.
  const netByWallet = new Map<string, { userId: string; wallet: WalletType; net: bigint }>();
  for (const { account, amountKobo } of movement.postings) {
    if (!('userId' in account)) continue;
    const key = walletKey(account.userId, account.wallet);
    const current = netByWallet.get(key) ?? { userId: account.userId, wallet: account.wallet, net: 0n };
    current.net += amountKobo;
    netByWallet.set(key, current);
  }
  if (netByWallet.size > 0) {
    const locked = await tx
      .select({ userId: wallets.userId, kind: wallets.kind, balanceKobo: wallets.balanceKobo })
      .from(wallets)
      .where(
        or(
          ...[...netByWallet.values()].map((item) =>
            and(eq(wallets.userId, item.userId), eq(wallets.kind, item.wallet)),
          ),
        ),
      )
      .orderBy(wallets.userId, wallets.kind)
      .for('update');
    const balances = new Map(locked.map((row) => [walletKey(row.userId, row.kind), row.balanceKobo]));
    for (const [key, item] of netByWallet) {
      const balance = balances.get(key);
      if (balance === undefined) throw new Error(`wallet ${key} does not exist`);
      if (balance + item.net < 0n) throw insufficientBalance(item.wallet);
    }
  }

  await tx.insert(ledgerEntries).values(
    movement.postings.map(({ account, amountKobo }) =>
      'userId' in account
        ? {
            transactionId: created.id,
            walletUserId: account.userId,
            walletKind: account.wallet,
            amountKobo,
          }
        : { transactionId: created.id, systemAccount: account.system, amountKobo },
    ),
  );
  return { applied: true, transactionId: created.id };
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
