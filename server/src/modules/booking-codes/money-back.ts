import type { Outcome } from '@cashtips/contract/matches';
import { describeNaira, koboToNaira } from '@cashtips/contract/money';
import type { WalletType } from '@cashtips/contract/wallet';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recordAudit } from '../admin/audit.ts';
import {
  moneyBackKeySql,
  moneyBackRefundCall,
  readMovementOutcome,
  type WalletBalances,
} from '../ledger/ledger.ts';

/**
 * Money-back booking codes (PRODUCT 11): when a code sold with money back settles lost or void,
 * every buyer gets the price back into the wallet it was paid from, once; a later correction never
 * takes a refund back, and says so in the audit log. Runs inside the settlement's transaction, with
 * the codes' rows already locked by it, so two settlements of one code run one after the other.
 */
export interface CodeResultChange {
  itemId: string;
  itemTitle: string;
  before: Outcome;
  after: Outcome;
}

export interface MoneyBackOutcome {
  /** What each buyer's settlement notice adds, by code and buyer (a purchase is unique per both). */
  notes: { codeId: string; userId: string; note: string }[];
  /** Buyers a refund credited, with their balances after it, to announce once committed. */
  refunded: { userId: string; balances: WalletBalances }[];
}

const refundedResults: readonly Outcome[] = ['lost', 'void'];
const walletWords: Record<WalletType, string> = { main: 'main wallet', bonus: 'bonus wallet' };

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as Rows<T>).rows;

export async function settleMoneyBack(
  tx: Executor,
  changes: readonly CodeResultChange[],
  at: Date,
  actor: { actorUserId: string | null; reason: string | null },
): Promise<MoneyBackOutcome> {
  const outcome: MoneyBackOutcome = { notes: [], refunded: [] };
  const refunding = changes.filter((change) => refundedResults.includes(change.after));
  if (refunding.length) await refund(tx, refunding, actor.actorUserId, outcome);
  const kept = changes.filter(
    (change) => refundedResults.includes(change.before) && !refundedResults.includes(change.after),
  );
  if (kept.length) await keepRefunds(tx, kept, at, actor, outcome);
  return outcome;
}

/**
 * One statement for every purchase of the money-back codes that just settled lost or void, however
 * many thousands: purchases refunded before (a lost code corrected to void) are only read, the others
 * refunded through the ledger. Zero-price purchases have nothing to refund.
 */
async function refund(
  tx: Executor,
  changes: readonly CodeResultChange[],
  actorUserId: string | null,
  outcome: MoneyBackOutcome,
) {
  const descriptions = changes.map(
    (change) => `Money back: ${change.itemTitle} settled ${change.after === 'void' ? 'void' : 'lost'}`,
  );
  // Ordered by buyer: refunds lock wallets in the same order as any other such statement, and the
  // last row of a buyer carries their balances after all of their refunds.
  const rows = await rowsOf<{
    codeId: string;
    userId: string;
    wallet: WalletType;
    priceKobo: string;
    movement: unknown;
  }>(
    tx.execute(sql`
      select p.code_id as "codeId", p.user_id as "userId", p.wallet_type as wallet, p.price_kobo::text as "priceKobo",
        case when t.id is null then ${moneyBackRefundCall({
          purchaseId: sql`p.id`,
          userId: sql`p.user_id`,
          wallet: sql`p.wallet_type`,
          priceKobo: sql`p.price_kobo`,
          description: sql`v.description`,
          actorUserId,
        })} end as movement
      from unnest(${sql.param(changes.map((change) => change.itemId))}::uuid[], ${sql.param(descriptions)}::text[])
        as v(code_id, description)
      join booking_codes c on c.id = v.code_id and c.money_back
      join code_purchases p on p.code_id = v.code_id and p.price_kobo > 0
      left join ledger_transactions t on t.idempotency_key = ${moneyBackKeySql(sql`p.id`)}
      order by p.user_id, p.wallet_type, p.id`),
  );
  const balances = new Map<string, WalletBalances>();
  for (const row of rows) {
    const price = describeNaira(BigInt(row.priceKobo));
    const movement = row.movement === null ? null : readMovementOutcome(row.movement);
    if (movement?.applied) {
      const after = movement.balances.get(row.userId);
      if (after) balances.set(row.userId, after);
      outcome.notes.push({
        codeId: row.codeId,
        userId: row.userId,
        note: `Money back: ${price} is back in your ${walletWords[row.wallet]}.`,
      });
    } else {
      outcome.notes.push({
        codeId: row.codeId,
        userId: row.userId,
        note: `Money back: your ${price} was already refunded to your ${walletWords[row.wallet]}.`,
      });
    }
  }
  for (const [userId, after] of balances) outcome.refunded.push({ userId, balances: after });
}

/**
 * A code refunded as lost or void and now corrected to won (or back to pending): its buyers keep
 * their refunds, written in the audit log with the correction's reason, and told in their notice.
 */
async function keepRefunds(
  tx: Executor,
  changes: readonly CodeResultChange[],
  at: Date,
  actor: { actorUserId: string | null; reason: string | null },
  outcome: MoneyBackOutcome,
) {
  const rows = await rowsOf<{ codeId: string; userId: string; wallet: WalletType; priceKobo: string }>(
    tx.execute(sql`
      select p.code_id as "codeId", p.user_id as "userId", p.wallet_type as wallet, p.price_kobo::text as "priceKobo"
      from code_purchases p
      join ledger_transactions t on t.idempotency_key = ${moneyBackKeySql(sql`p.id`)}
      where p.code_id = any(${sql.param(changes.map((change) => change.itemId))}::uuid[])`),
  );
  const byCode = new Map<string, { count: number; kobo: bigint }>();
  for (const row of rows) {
    const kobo = BigInt(row.priceKobo);
    const total = byCode.get(row.codeId) ?? { count: 0, kobo: 0n };
    byCode.set(row.codeId, { count: total.count + 1, kobo: total.kobo + kobo });
    outcome.notes.push({
      codeId: row.codeId,
      userId: row.userId,
      note: `Money back: the ${describeNaira(kobo)} refunded to your ${walletWords[row.wallet]} stays yours.`,
    });
  }
  for (const change of changes) {
    const total = byCode.get(change.itemId);
    if (!total) continue;
    await recordAudit(tx, at, {
      actorUserId: actor.actorUserId,
      action: 'code.refund-kept',
      targetType: 'booking-code',
      targetId: change.itemId,
      before: { result: change.before },
      after: { result: change.after, refundsKept: total.count, amountKept: koboToNaira(total.kobo) },
      reason: actor.reason,
    });
  }
}
