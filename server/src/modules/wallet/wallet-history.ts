import { koboToNaira } from '@cashtips/contract/money';
import type { LedgerKind, PageInfo, WalletTransaction } from '@cashtips/contract/wallet';
import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/index.ts';
import { pageInfo } from '../../lib/pages.ts';

/** A movement's reference as its owner sees it (history, data export). */
export function shownReference(kind: LedgerKind, reference: string | null): string | null {
  // Referral bonuses are filed under the referred user's id, which is nobody else's business.
  return kind === 'referral_bonus' ? null : reference;
}

/** A user's ledger entries, newest first: the wallet history the user and the admin see. */
export async function walletHistory(
  db: Executor,
  userId: string,
  page: number,
  limit: number,
): Promise<{ transactions: WalletTransaction[] } & PageInfo> {
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: ledgerEntries.id,
        wallet: ledgerEntries.walletKind,
        amountKobo: ledgerEntries.amountKobo,
        createdAt: ledgerEntries.createdAt,
        kind: ledgerTransactions.kind,
        description: ledgerTransactions.description,
        reference: ledgerTransactions.reference,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerEntries.walletUserId, userId))
      .orderBy(desc(ledgerEntries.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(ledgerEntries).where(eq(ledgerEntries.walletUserId, userId)),
  ]);
  return {
    transactions: rows.map((row) => ({
      _id: String(row.id),
      type: row.kind,
      wallet: row.wallet ?? 'main',
      amount: koboToNaira(row.amountKobo),
      description: row.description,
      reference: shownReference(row.kind, row.reference),
      createdAt: row.createdAt.toISOString(),
    })),
    ...pageInfo(page, limit, totals[0]?.value ?? 0),
  };
}
