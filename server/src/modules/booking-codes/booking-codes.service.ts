import { randomUUID } from 'node:crypto';
import {
  type BookingCode,
  type CodeCategory,
  type CodeSort,
  codeMessages,
  type PurchasedCode,
  type PurchaseSummary,
} from '@cashtips/contract/booking-codes';
import { describeNaira, koboToNaira } from '@cashtips/contract/money';
import type { RestrictionKind } from '@cashtips/contract/protection';
import { successRate } from '@cashtips/contract/success-rate';
import type { WalletType } from '@cashtips/contract/wallet';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { databaseErrorOf } from '../../db/errors.ts';
import { EVERY_KEY } from '../../db/invalidation.ts';
import { likePattern } from '../../db/like.ts';
import { executePrepared } from '../../db/prepared.ts';
import { bookingCodes, codePurchases } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { afterCommit, answerOnceCommitted } from '../../lib/committed.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { activityInsert, announceActivity } from '../activity/activity.ts';
import {
  balancesAfter,
  codeRevenueAccount,
  getWalletBalances,
  ledgerRefusal,
  movementCall,
  readMovementOutcome,
} from '../ledger/ledger.ts';
import { gamesOf } from '../matches/games.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { type ProductNotice, productNoticeCall } from '../notifications/product-notice.ts';
import { restrictedError } from '../protection/protection.service.ts';
import { countedInRecords } from '../settlement/record-rule.ts';
import { restrictedAt } from '../users/user-view.ts';
import { announceWalletBalances } from '../wallet/wallet-events.ts';
import { type BookingCodeRow, slotsLeft, toBookingCodeView } from './booking-code-view.ts';

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
  /** Only codes sold with money back. */
  moneyBack?: boolean | undefined;
  includeExpired?: boolean | undefined;
}

const SUCCESS_RATE_TTL_MS = 30_000;
/** Terms changing under a purchase is rare; twice in a row is rarer still, and a third time gives up. */
const MAX_PURCHASE_ATTEMPTS = 3;
/**
 * How long a purchase may start from a code's terms as this process last read them. A stale entry
 * never sells on old terms (the purchase statement checks them), it only costs one more read.
 */
const TERMS_TTL_MS = 60_000;
const TERMS_CACHE_LIMIT = 5_000;

/**
 * What a visitor's search may look at: what every viewer sees of a code (bookmaker, teams,
 * leagues). Never the code or the picks: a search over hidden text answers "is it in there?"
 * one character at a time.
 */
function publicSearch(text: string): SQL {
  const pattern = likePattern(text);
  return sql`(${bookingCodes.bookmaker} ilike ${pattern} or exists (
    select 1 from selections s join matches m on m.id = s.match_id
    where s.booking_code_id = ${bookingCodes.id}
      and (m.home_team ilike ${pattern} or m.away_team ilike ${pattern} or m.league ilike ${pattern})))`;
}

/** A code is on sale (active) until it expires or is settled: a settled code can no longer be bought. */
const onSale = (code: BookingCodeRow, now: Date) => code.result === 'pending' && code.expiresAt > now;
/** Why a code is not on sale, as the buyer is told (422, PRODUCT 2: a business rule, not a conflict). */
const notOnSale = (code: BookingCodeRow) =>
  new AppError('BUSINESS_RULE', 422, code.result === 'pending' ? codeMessages.expired : codeMessages.settled);
/** `onSale` as SQL, for counts and sorts. */
const onSaleSql = (now: Date) =>
  sql`(${bookingCodes.expiresAt} > ${now.toISOString()}::timestamptz and ${bookingCodes.result} = 'pending')`;

export class BookingCodesService {
  private successRates: { at: number; byCategory: Map<string, number | null> } | undefined;
  private readonly changeListeners: Array<() => void> = [];

  /** Told whenever this process changes codes or their buyers (caches listen). */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  /** An admin changed codes (terms, results): the lists and the terms purchases start from. */
  changed(): void {
    this.terms.clear();
    this.listsChanged();
  }

  /**
   * A purchase changed a code's buyers only: the lists show counts, the terms purchases start from
   * are unchanged (emptying them made nearly every purchase read its code again: issue 23).
   */
  private listsChanged(): void {
    for (const listener of this.changeListeners) listener();
  }

  /** Read before every purchase and detail page: prepared once, planned once per connection. */
  private readonly codeById;
  /** Codes' terms as last read or bought here, by id: purchases start from these (see TERMS_TTL_MS). */
  private readonly terms = new Map<string, { row: BookingCodeRow; readAt: number }>();

  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      realtime: Realtime;
      notifications: NotificationsService;
      logger: Logger;
      /** Buyers' dashboard figures changed (their purchase; `EVERY_KEY`: a code's terms). */
      buyersFiguresChanged: (userIds: readonly string[]) => Promise<void>;
    },
  ) {
    this.codeById = deps.db
      .select()
      .from(bookingCodes)
      .where(eq(bookingCodes.id, sql.placeholder('id')))
      .limit(1)
      .prepare('booking_code_by_id');
  }

  /**
   * Won share of settled (won or lost) codes per category, demo codes left out, null ('New') below
   * the minimum sample; cached briefly, dropped on settlement.
   */
  async successRateByCategory(): Promise<Map<string, number | null>> {
    const now = Date.now();
    if (this.successRates && now - this.successRates.at < SUCCESS_RATE_TTL_MS)
      return this.successRates.byCategory;
    const rows = await this.deps.db
      .select({
        category: bookingCodes.category,
        won: sql<number>`count(*) filter (where ${bookingCodes.result} = 'won')::int`,
        lost: sql<number>`count(*) filter (where ${bookingCodes.result} = 'lost')::int`,
      })
      .from(bookingCodes)
      .where(countedInRecords(bookingCodes.demo))
      .groupBy(bookingCodes.category);
    const byCategory = new Map(rows.map((row) => [row.category, successRate(row.won, row.lost)]));
    this.successRates = { at: now, byCategory };
    return byCategory;
  }

  /** After an admin edit of a code's terms (odds, expiry): every buyer's figures may have moved. */
  termsEdited(): Promise<void> {
    return this.deps.buyersFiguresChanged([EVERY_KEY]);
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
    if (!query.includeExpired) conditions.push(onSaleSql(clock.now()));
    if (query.category) conditions.push(eq(bookingCodes.category, query.category));
    if (query.moneyBack) conditions.push(eq(bookingCodes.moneyBack, true));
    if (query.minConfidence !== undefined) conditions.push(gte(bookingCodes.confidence, query.minConfidence));
    if (query.maxPrice !== undefined)
      conditions.push(lte(bookingCodes.priceKobo, BigInt(Math.floor(query.maxPrice * 100))));
    const text = query.search?.trim();
    if (text) conditions.push(publicSearch(text));
    const where = conditions.length ? and(...conditions) : undefined;
    // Codes no longer on sale (expired or settled) come after every code on sale, whatever the sort.
    const closed = sql`not ${onSaleSql(clock.now())}`;
    const order = {
      confidence: [desc(bookingCodes.confidence), desc(bookingCodes.postedAt)],
      price: [asc(bookingCodes.priceKobo), desc(bookingCodes.postedAt)],
      // On sale: the soonest to expire first; closed: the most recently expired first.
      expiry: [
        sql`case when ${closed} then null else ${bookingCodes.expiresAt} end asc nulls last`,
        desc(bookingCodes.expiresAt),
      ],
      newest: [desc(bookingCodes.postedAt)],
    }[query.sort];
    const [rows, totals, rates] = await Promise.all([
      db
        .select()
        .from(bookingCodes)
        .where(where)
        .orderBy(...(query.includeExpired ? [asc(closed)] : []), ...order, desc(bookingCodes.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ value: count() }).from(bookingCodes).where(where),
      this.successRateByCategory(),
    ]);
    const [purchases, withGames] = await Promise.all([
      this.purchaseTimes(
        viewer,
        rows.map((row) => row.id),
      ),
      this.withGames(db, rows),
    ]);
    // Just read: what a purchase from this page starts from.
    for (const row of withGames) this.rememberTerms(row);
    return {
      codes: withGames.map((row) => this.view(row, viewer, purchases.get(row.id) ?? null, rates)),
      total: totals[0]?.value ?? 0,
    };
  }

  /**
   * How many codes a visitor's list shows as buyable (its default count: on sale now, whatever the
   * day their games are on), for the list page's search snippet. One count on the expiry index.
   */
  async countOnSaleToday(): Promise<number> {
    const [row] = await this.deps.db
      .select({ value: count() })
      .from(bookingCodes)
      .where(onSaleSql(this.deps.clock.now()));
    return row?.value ?? 0;
  }

  async get(codeId: string, viewer: Viewer | undefined): Promise<BookingCode> {
    const row = await this.readTerms(codeId);
    const [purchases, rates] = await Promise.all([
      this.purchaseTimes(viewer, [row.id]),
      this.successRateByCategory(),
    ]);
    return this.view(row, viewer, purchases.get(row.id) ?? null, rates);
  }

  /**
   * One statement, so one implicit transaction and one round trip: the purchase row (unique per
   * user and code: a second buy writes nothing), then the code's buyer count under its slot limit
   * and expiry, the debit through the ledger and the buyer's activity item. A sold-out code or a
   * wallet that cannot cover the price raises inside the statement, which rolls all of it back.
   * The purchase starts from the code's terms as this process last saw them (read now, or within
   * TERMS_TTL_MS) and the statement buys only on those terms (same price and last update, still on
   * sale); if they changed meanwhile, here or in another process, it writes nothing and the
   * purchase reads them again.
   */
  async purchase(viewer: Viewer, codeId: string, walletType: WalletType) {
    // Read before buying (usually from memory): once the money has moved, the answer is built
    // without another query, which could fail and make a purchase that happened look failed.
    const rates = await this.successRateByCategory();
    let terms = this.knownTerms(codeId) ?? { code: await this.readTerms(codeId), fresh: true };
    for (let attempt = 0; attempt < MAX_PURCHASE_ATTEMPTS; attempt++) {
      const now = this.deps.clock.now();
      if (!onSale(terms.code, now)) {
        if (!terms.fresh) {
          terms = { code: await this.readTerms(codeId), fresh: true };
          continue;
        }
        throw notOnSale(terms.code);
      }
      const bought = await this.buyOnTerms(viewer, terms.code, walletType, now, rates);
      if (bought) return bought;
      terms = { code: await this.readTerms(codeId), fresh: true };
    }
    throw new AppError('CONFLICT', 409, codeMessages.changedDuringPurchase);
  }

  private knownTerms(codeId: string): { code: BookingCodeRow; fresh: false } | undefined {
    const known = this.terms.get(codeId);
    if (!known || Date.now() - known.readAt > TERMS_TTL_MS) return undefined;
    return { code: known.row, fresh: false };
  }

  private rememberTerms(row: BookingCodeRow): void {
    if (this.terms.size >= TERMS_CACHE_LIMIT) this.terms.clear();
    this.terms.set(row.id, { row, readAt: Date.now() });
  }

  private async readTerms(codeId: string): Promise<BookingCodeRow> {
    const row = await this.findRow(this.deps.db, codeId);
    this.rememberTerms(row);
    return row;
  }

  private async buyOnTerms(
    viewer: Viewer,
    code: BookingCodeRow,
    walletType: WalletType,
    now: Date,
    rates: Map<string, number | null>,
  ) {
    const { db, realtime } = this.deps;
    const purchaseId = randomUUID();
    const at = now.toISOString();
    const payment =
      code.priceKobo > 0n
        ? movementCall({
            kind: 'purchase',
            idempotencyKey: `code-purchase:${purchaseId}`,
            description: `Booking code ${code.bookmaker} ${code.totalOdds} odds`,
            reference: purchaseId,
            postings: [
              { account: { userId: viewer.userId, wallet: walletType }, amountKobo: -code.priceKobo },
              { account: { system: codeRevenueAccount }, amountKobo: code.priceKobo },
            ],
          })
        : sql`null::jsonb`;
    const activity = activityInsert(
      viewer.userId,
      now,
      {
        icon: 'ticket',
        color: 'lime',
        title: 'Booking code purchased',
        description: `${code.bookmaker} code at ${code.totalOdds} odds for ${describeNaira(code.priceKobo)}.`,
      },
      sql`select 1 from counted`,
    );
    const notice: ProductNotice = {
      id: randomUUID(),
      userId: viewer.userId,
      kind: 'code-purchase',
      title: 'Booking code unlocked',
      summary: `${code.bookmaker} code at ${code.totalOdds} odds.`,
      message: `Your ${code.bookmaker} code at ${code.totalOdds} odds is in My Codes, ready to load on ${code.bookmaker}.`,
      type: 'success',
      link: '/my-codes',
      dedupeKey: `code-purchase:${purchaseId}`,
      at: now,
      // Answered on the buyer's screen the same second: the bell keeps it, nothing repeats it.
      inAppOnly: true,
    };
    // Every admin change moves updated_at (stored to the millisecond, as the server's clock gives it).
    const onTerms = sql`select 1 from booking_codes where id = ${code.id}::uuid and result = 'pending'
      and expires_at > ${at}::timestamptz and price_kobo = ${String(code.priceKobo)}::bigint
      and date_trunc('milliseconds', updated_at) = ${code.updatedAt.toISOString()}::timestamptz`;
    let rows: {
      purchasedAt: string | null;
      buyerCount: number | null;
      payment: unknown;
      onTerms: boolean;
      restriction: RestrictionKind | null;
      restrictedUntil: string | null;
    }[];
    try {
      // Prepared: planned once per connection (a free code's statement has no payment, so its own name).
      rows = await executePrepared(
        db,
        code.priceKobo > 0n ? 'code_purchase' : 'code_purchase_free',
        sql`
        with restricted as (
          -- A time-out or self-exclusion closes purchases (PRODUCT 13): checked in the same statement.
          select restriction_kind, restricted_until from users
          where id = ${viewer.userId}::uuid and ${restrictedAt(now)}
        ),
        purchase as (
          insert into code_purchases (id, user_id, code_id, wallet_type, price_kobo, created_at)
          select ${purchaseId}::uuid, ${viewer.userId}::uuid, ${code.id}::uuid, ${walletType},
            ${String(code.priceKobo)}::bigint, ${at}::timestamptz
          where exists (${onTerms}) and not exists (select 1 from restricted)
          on conflict (user_id, code_id) do nothing
          returning created_at
        ),
        counted as (
          -- Many buyers of one code queue on this row; nothing else in the statement waits on it.
          -- Re-checked on the locked row: an admin may have settled the code since the statement began
          -- (a money-back code's buyers are refunded once at settlement: a later buyer never would be).
          update booking_codes set buyer_count = buyer_count + 1
          where id = ${code.id}::uuid and exists (select 1 from purchase) and expires_at > ${at}::timestamptz
            and result = 'pending' and (slot_limit is null or buyer_count < slot_limit)
          returning buyer_count
        ),
        paid as (
          select case when exists (select 1 from counted) then ${payment} else refuse('sold-out') end as outcome
          from purchase
        ),
        activity as (${activity.insert})
        select (select created_at from purchase) as "purchasedAt",
          (select buyer_count from counted) as "buyerCount",
          (select outcome from paid) as payment,
          -- The buyer's notification, written with the purchase so it exists exactly when it does.
          (select ${productNoticeCall(notice)} from counted) as "noticed",
          exists (${onTerms}) as "onTerms",
          (select restriction_kind from restricted) as restriction,
          (select restricted_until from restricted) as "restrictedUntil"
      `,
      );
    } catch (error) {
      if (databaseErrorOf(error, 'ZR001')?.detail === 'sold-out') {
        // Refused on the locked row: the last slot went, or the code was settled or expired meanwhile.
        const latest = await this.readTerms(code.id);
        if (!onSale(latest, this.deps.clock.now())) throw notOnSale(latest);
        throw new AppError('CONFLICT', 409, codeMessages.soldOut);
      }
      throw ledgerRefusal(error);
    }
    const row = rows[0];
    if (!row) throw new Error('the purchase statement returned no row');
    if (row.restriction && row.restrictedUntil) {
      throw restrictedError({ kind: row.restriction, until: new Date(row.restrictedUntil).toISOString() });
    }
    if (row.purchasedAt === null || row.buyerCount === null) {
      if (row.onTerms) throw new AppError('CONFLICT', 409, codeMessages.alreadyPurchased);
      return undefined;
    }
    const counted = { ...code, buyerCount: Number(row.buyerCount) };
    const purchaseTime = new Date(row.purchasedAt);
    const { logger } = this.deps;
    // Bought: from here nothing may answer the purchase as failed (lib/committed.ts).
    return answerOnceCommitted(logger, codeMessages.purchaseSuccess, async () => {
      const balances =
        code.priceKobo > 0n
          ? balancesAfter(readMovementOutcome(row.payment), viewer.userId)
          : await getWalletBalances(db, viewer.userId);
      await afterCommit(logger, "the purchase's events", async () => {
        this.listsChanged();
        this.rememberTerms(counted);
        await this.deps.buyersFiguresChanged([viewer.userId]);
        realtime.publish({ kind: 'public' }, 'live-activity', {
          type: 'bookingCode',
          id: code.id,
          count: counted.buyerCount,
          slotsLeft: slotsLeft(counted),
          soldOut: slotsLeft(counted) === 0,
        });
        announceActivity(realtime, viewer.userId, activity.view);
        this.deps.notifications.announceProductNotice(notice);
      });
      const wallets = announceWalletBalances(realtime, viewer.userId, balances);
      return {
        message: codeMessages.purchaseSuccess,
        code: toBookingCodeView(counted, {
          revealed: true,
          purchaseTime,
          successRate: rates.get(code.category) ?? null,
        }),
        ...wallets,
      };
    });
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
    const [rates, games] = await Promise.all([
      this.successRateByCategory(),
      gamesOf(
        db,
        'code',
        rows.map((row) => row.code.id),
      ),
    ]);
    return rows.map(({ purchase, code }) => ({
      _id: purchase.id,
      codeId: code.id,
      createdAt: purchase.createdAt.toISOString(),
      walletType: purchase.walletType,
      pricePaid: koboToNaira(purchase.priceKobo),
      code: toBookingCodeView(
        { ...code, games: games.get(code.id) ?? [] },
        {
          revealed: true,
          purchaseTime: purchase.createdAt,
          successRate: rates.get(code.category) ?? null,
        },
      ),
    }));
  }

  /** My Codes figures: every purchase of the user, those taken off the list included. */
  async purchaseSummary(viewer: Viewer): Promise<Omit<PurchaseSummary, 'success'>> {
    const now = this.deps.clock.now();
    const [row] = await this.deps.db
      .select({
        bought: sql<number>`count(*)::int`,
        spentKobo: sql<string>`coalesce(sum(${codePurchases.priceKobo}), 0)::text`,
        // The dashboard's Performance Stats count active codes by the same rule.
        active: sql<number>`count(*) filter (where ${onSaleSql(now)})::int`,
        // A demo code's result is no record, the user's own included.
        won: sql<number>`count(*) filter (where ${bookingCodes.result} = 'won' and ${countedInRecords(bookingCodes.demo)})::int`,
        lost: sql<number>`count(*) filter (where ${bookingCodes.result} = 'lost' and ${countedInRecords(bookingCodes.demo)})::int`,
      })
      .from(codePurchases)
      .innerJoin(bookingCodes, eq(bookingCodes.id, codePurchases.codeId))
      .where(eq(codePurchases.userId, viewer.userId));
    const bought = row?.bought ?? 0;
    const active = row?.active ?? 0;
    return {
      bought,
      spent: koboToNaira(BigInt(row?.spentKobo ?? '0')),
      active,
      expired: bought - active,
      won: row?.won ?? 0,
      lost: row?.lost ?? 0,
    };
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

  /**
   * A code by id, or 404; outside a transaction (`db` is the service's own) through the prepared
   * read. `forUpdate` (inside a transaction) locks the row until it ends.
   */
  async findRow(db: Executor, codeId: string, forUpdate = false): Promise<BookingCodeRow> {
    if (!isUuid(codeId)) throw notFound(codeMessages.notFound);
    const byId = () => db.select().from(bookingCodes).where(eq(bookingCodes.id, codeId)).limit(1);
    const [row] =
      db === this.deps.db
        ? await this.codeById.execute({ id: codeId })
        : forUpdate
          ? await byId().for('update')
          : await byId();
    if (!row) throw notFound(codeMessages.notFound);
    const [withGames] = await this.withGames(db, [row]);
    return withGames as BookingCodeRow;
  }

  /** Rows with their games, read in one query for all of them. */
  async withGames(db: Executor, rows: (typeof bookingCodes.$inferSelect)[]): Promise<BookingCodeRow[]> {
    const games = await gamesOf(
      db,
      'code',
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, games: games.get(row.id) ?? [] }));
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
    rates: Map<string, number | null>,
  ) {
    return toBookingCodeView(row, {
      revealed: purchaseTime !== null || viewer?.isAdmin === true,
      purchaseTime,
      successRate: rates.get(row.category) ?? null,
    });
  }
}
