import {
  type BookingCode,
  type CodeCategory,
  type CodeSort,
  codeMessages,
  type PurchasedCode,
} from '@cashtips/contract/booking-codes';
import { describeNaira, koboToNaira } from '@cashtips/contract/money';
import type { WalletType } from '@cashtips/contract/wallet';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { likePattern } from '../../db/like.ts';
import { bookingCodes, codePurchases } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { addActivity, announceActivity } from '../activity/activity.ts';
import { moveMoney } from '../ledger/ledger.ts';
import { announceBalances } from '../wallet/wallet-events.ts';
import { type BookingCodeRow, displayedBuyerCount, toBookingCodeView } from './booking-code-view.ts';

export interface Viewer {
  userId: string;
  isAdmin: boolean;
}

export interface CodeListQuery {
  limit: number;
  page: number;
  category?: CodeCategory | undefined;
  minConfidence?: number | undefined;
  maxPrice?: number | undefined;
  search?: string | undefined;
  sort: CodeSort;
  includeExpired?: boolean | undefined;
}

const SUCCESS_RATE_TTL_MS = 30_000;

export class BookingCodesService {
  private successRates: { at: number; byCategory: Map<string, number> } | undefined;
  private readonly changeListeners: Array<() => void> = [];

  /** Told whenever this process changes codes or their buyers (caches listen). */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  changed(): void {
    for (const listener of this.changeListeners) listener();
  }

  constructor(private readonly deps: { db: Database; clock: Clock; realtime: Realtime }) {}

  /** Won share of settled (won or lost) codes per category; cached briefly, dropped on settlement. */
  async successRateByCategory(): Promise<Map<string, number>> {
    const now = Date.now();
    if (this.successRates && now - this.successRates.at < SUCCESS_RATE_TTL_MS)
      return this.successRates.byCategory;
    const rows = await this.deps.db
      .select({
        category: bookingCodes.category,
        won: sql<number>`count(*) filter (where ${bookingCodes.result} = 'won')::int`,
        settled: sql<number>`count(*) filter (where ${bookingCodes.result} in ('won', 'lost'))::int`,
      })
      .from(bookingCodes)
      .groupBy(bookingCodes.category);
    const byCategory = new Map(
      rows
        .filter((row) => row.settled > 0)
        .map((row) => [row.category, Math.round((row.won / row.settled) * 100)]),
    );
    this.successRates = { at: now, byCategory };
    return byCategory;
  }

  forgetSuccessRates(): void {
    this.successRates = undefined;
    this.changed();
  }

  async list(
    query: CodeListQuery,
    viewer: Viewer | undefined,
  ): Promise<{ codes: BookingCode[]; total: number }> {
    const { db, clock } = this.deps;
    const conditions: SQL[] = [];
    if (!query.includeExpired) {
      conditions.push(gt(bookingCodes.expiresAt, clock.now()), eq(bookingCodes.result, 'pending'));
    }
    if (query.category) conditions.push(eq(bookingCodes.category, query.category));
    if (query.minConfidence !== undefined) conditions.push(gte(bookingCodes.confidence, query.minConfidence));
    if (query.maxPrice !== undefined)
      conditions.push(lte(bookingCodes.priceKobo, BigInt(Math.floor(query.maxPrice * 100))));
    const text = query.search?.trim();
    if (text) {
      // Never the code itself: searching it would let anyone test guesses of an unbought code.
      const match = or(
        ilike(bookingCodes.bookmaker, likePattern(text)),
        ilike(sql`${bookingCodes.games}::text`, likePattern(text)),
      );
      if (match) conditions.push(match);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const order = {
      confidence: [desc(bookingCodes.confidence), desc(bookingCodes.postedAt)],
      price: [asc(bookingCodes.priceKobo), desc(bookingCodes.postedAt)],
      expiry: [asc(bookingCodes.expiresAt)],
      newest: [desc(bookingCodes.postedAt)],
    }[query.sort];
    const [rows, totals, rates] = await Promise.all([
      db
        .select()
        .from(bookingCodes)
        .where(where)
        .orderBy(...order, desc(bookingCodes.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ value: count() }).from(bookingCodes).where(where),
      this.successRateByCategory(),
    ]);
    const purchases = await this.purchaseTimes(
      viewer,
      rows.map((row) => row.id),
    );
    return {
      codes: rows.map((row) => this.view(row, viewer, purchases.get(row.id) ?? null, rates)),
      total: totals[0]?.value ?? 0,
    };
  }

  async get(codeId: string, viewer: Viewer | undefined): Promise<BookingCode> {
    const row = await this.findRow(this.deps.db, codeId);
    const [purchases, rates] = await Promise.all([
      this.purchaseTimes(viewer, [row.id]),
      this.successRateByCategory(),
    ]);
    return this.view(row, viewer, purchases.get(row.id) ?? null, rates);
  }

  /**
   * One transaction: the purchase row (unique per user and code: a second buy is 409), the debit
   * through the ledger (422 when the wallet cannot cover it), then the code's buyer count under its
   * slot limit and expiry (409 sold out). Whichever check fails rolls all of it back.
   */
  async purchase(viewer: Viewer, codeId: string, walletType: WalletType) {
    const { db, clock, realtime } = this.deps;
    const now = clock.now();
    const purchased = await inTransaction(db, async (tx, afterCommit) => {
      const code = await this.findRow(tx, codeId);
      if (code.result !== 'pending' || code.expiresAt <= now) {
        throw new AppError('BUSINESS_RULE', 422, codeMessages.expired);
      }
      const [purchase] = await tx
        .insert(codePurchases)
        .values({
          userId: viewer.userId,
          codeId: code.id,
          walletType,
          priceKobo: code.priceKobo,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!purchase) throw new AppError('CONFLICT', 409, codeMessages.alreadyPurchased);
      if (code.priceKobo > 0n) {
        await moveMoney(tx, {
          kind: 'purchase',
          idempotencyKey: `code-purchase:${purchase.id}`,
          description: `Booking code ${code.bookmaker} ${code.totalOdds} odds`,
          reference: purchase.id,
          postings: [
            { account: { userId: viewer.userId, wallet: walletType }, amountKobo: -code.priceKobo },
            { account: { system: 'revenue:booking-codes' }, amountKobo: code.priceKobo },
          ],
        });
      }
      // Last, because many buyers of one code queue on this row: the lock is held for the least time.
      const [counted] = await tx
        .update(bookingCodes)
        .set({ buyerCount: sql`${bookingCodes.buyerCount} + 1` })
        .where(
          and(
            eq(bookingCodes.id, code.id),
            gt(bookingCodes.expiresAt, now),
            or(isNull(bookingCodes.slotLimit), sql`${bookingCodes.buyerCount} < ${bookingCodes.slotLimit}`),
          ),
        )
        .returning();
      if (!counted) throw new AppError('CONFLICT', 409, codeMessages.soldOut);
      const activity = await addActivity(tx, viewer.userId, now, {
        icon: 'ticket',
        color: 'lime',
        title: 'Booking code purchased',
        description: `${counted.bookmaker} code at ${counted.totalOdds} odds for ${describeNaira(counted.priceKobo)}.`,
      });
      afterCommit(async () => {
        this.changed();
        realtime.publish({ kind: 'public' }, 'live-activity', {
          type: 'bookingCode',
          id: counted.id,
          count: displayedBuyerCount(counted),
        });
        announceActivity(realtime, viewer.userId, activity);
      });
      return { row: counted, purchaseTime: purchase.createdAt };
    });
    const balances = await announceBalances(db, realtime, viewer.userId);
    const rates = await this.successRateByCategory();
    return {
      message: codeMessages.purchaseSuccess,
      code: toBookingCodeView(purchased.row, {
        revealed: true,
        purchaseTime: purchased.purchaseTime,
        successRate: rates.get(purchased.row.category),
      }),
      ...balances,
    };
  }

  async purchased(viewer: Viewer): Promise<PurchasedCode[]> {
    const { db } = this.deps;
    const rows = await db
      .select({ purchase: codePurchases, code: bookingCodes })
      .from(codePurchases)
      .innerJoin(bookingCodes, eq(bookingCodes.id, codePurchases.codeId))
      .where(and(eq(codePurchases.userId, viewer.userId), isNull(codePurchases.hiddenAt)))
      .orderBy(desc(codePurchases.createdAt))
      .limit(500);
    const rates = await this.successRateByCategory();
    return rows.map(({ purchase, code }) => ({
      _id: purchase.id,
      codeId: code.id,
      createdAt: purchase.createdAt.toISOString(),
      walletType: purchase.walletType,
      pricePaid: koboToNaira(purchase.priceKobo),
      code: toBookingCodeView(code, {
        revealed: true,
        purchaseTime: purchase.createdAt,
        successRate: rates.get(code.category),
      }),
    }));
  }

  /** Takes a purchase off the user's list; the code stays theirs (it was paid for). */
  async hidePurchase(viewer: Viewer, purchaseId: string): Promise<void> {
    if (!isUuid(purchaseId)) throw notFound('That purchase was not found.');
    const [row] = await this.deps.db
      .update(codePurchases)
      .set({ hiddenAt: this.deps.clock.now() })
      .where(
        and(
          eq(codePurchases.id, purchaseId),
          eq(codePurchases.userId, viewer.userId),
          isNull(codePurchases.hiddenAt),
        ),
      )
      .returning({ id: codePurchases.id });
    if (!row) throw notFound('That purchase was not found.');
  }

  async findRow(db: Executor, codeId: string): Promise<BookingCodeRow> {
    const row = isUuid(codeId)
      ? await db.query.bookingCodes.findFirst({ where: eq(bookingCodes.id, codeId) })
      : undefined;
    if (!row) throw notFound(codeMessages.notFound);
    return row;
  }

  private async purchaseTimes(viewer: Viewer | undefined, codeIds: string[]): Promise<Map<string, Date>> {
    if (!viewer || !codeIds.length) return new Map();
    const rows = await this.deps.db
      .select({ codeId: codePurchases.codeId, createdAt: codePurchases.createdAt })
      .from(codePurchases)
      .where(and(eq(codePurchases.userId, viewer.userId), inArray(codePurchases.codeId, codeIds)));
    return new Map(rows.map((row) => [row.codeId, row.createdAt]));
  }

  private view(
    row: BookingCodeRow,
    viewer: Viewer | undefined,
    purchaseTime: Date | null,
    rates: Map<string, number>,
  ) {
    return toBookingCodeView(row, {
      revealed: purchaseTime !== null || viewer?.isAdmin === true,
      purchaseTime,
      successRate: rates.get(row.category),
    });
  }
}
