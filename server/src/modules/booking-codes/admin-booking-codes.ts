import {
  type AdminBookingCode,
  adminBookingCodeResponseSchema,
  adminBookingCodesQuerySchema,
  adminBookingCodesResponseSchema,
  bookingCodeInputSchema,
  bookingCodeUpdateSchema,
  codeBuyersResponseSchema,
  settleRequestSchema,
} from '@cashtips/contract/booking-codes';
import { messageResponseSchema } from '@cashtips/contract/errors';
import { koboToNaira, nairaToKobo } from '@cashtips/contract/money';
import { and, count, desc, eq, gt, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { likePattern } from '../../db/like.ts';
import { bookingCodes, codePurchases, selections, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, invalidField } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { errorResponses, idParams } from '../../lib/http.ts';
import { pageInfo } from '../../lib/pages.ts';
import { changedFields, recordAudit } from '../admin/audit.ts';
import { type Access, currentSession } from '../auth/access.ts';
import type { BookmakerReader } from '../bookmakers/bookmaker-reader.ts';
import { type CodeVerification, verifyTypedCode } from '../bookmakers/verify-code.ts';
import { auditGames, saveGames } from '../matches/games.ts';
import type { ResultsService } from '../matches/results.service.ts';
import { type BookingCodeRow, toAdminBookingCodeView } from './booking-code-view.ts';
import type { BookingCodesService } from './booking-codes.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

type CodeInput = z.output<typeof bookingCodeInputSchema>;

function rowValues(input: Partial<CodeInput>) {
  return {
    ...(input.bookingCode !== undefined && { code: input.bookingCode }),
    ...(input.category !== undefined && { category: input.category }),
    ...(input.bookmaker !== undefined && { bookmaker: input.bookmaker }),
    ...(input.totalOdds !== undefined && { totalOdds: input.totalOdds }),
    ...(input.price !== undefined && { priceKobo: nairaToKobo(input.price) as bigint }),
    ...(input.confidence !== undefined && { confidence: input.confidence }),
    ...(input.urgency !== undefined && { urgency: input.urgency }),
    ...(input.urgencyTag !== undefined && { urgencyTag: input.urgencyTag || null }),
    ...(input.adminNote !== undefined && { adminNote: input.adminNote || null }),
    ...(input.slotLimit !== undefined && { slotLimit: input.slotLimit }),
    ...(input.expiresAt !== undefined && { expiresAt: new Date(input.expiresAt) }),
    ...(input.moneyBack !== undefined && { moneyBack: input.moneyBack }),
  };
}

/** A bookmaker never issues one code twice; posting it again is a mistake worth naming. */
async function refusingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw invalidField(
      'bookingCode',
      'This booking code is already posted for this bookmaker.',
      'CONFLICT',
      409,
    );
  }
}

/**
 * What the audit log keeps of a code: every field an admin can set (never more than an admin sees
 * anyway), so an edit's record names each changed field with its old and new value.
 */
const auditShape = (row: BookingCodeRow) => ({
  code: row.code,
  category: row.category,
  bookmaker: row.bookmaker,
  price: koboToNaira(row.priceKobo),
  totalOdds: row.totalOdds,
  confidence: row.confidence,
  urgency: row.urgency,
  urgencyTag: row.urgencyTag,
  adminNote: row.adminNote,
  slotLimit: row.slotLimit,
  expiresAt: row.expiresAt.toISOString(),
  moneyBack: row.moneyBack,
  games: auditGames(row.games),
  result: row.result,
});

export function registerAdminBookingCodeRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    access: Access;
    codes: BookingCodesService;
    results: ResultsService;
    /** Reads codes of checked bookmakers before they are saved (PRODUCT 16). */
    bookmakers: BookmakerReader;
  },
): void {
  const { db, clock, codes, results, bookmakers } = deps;

  /** The verification an edit leaves the code with: the edited code read again, or none (unchecked). */
  async function recheck(
    id: string,
    edit: Partial<CodeInput>,
  ): Promise<{ verification: CodeVerification | null }> {
    const before = await codes.findRow(db, id);
    const verification = await verifyTypedCode(bookmakers, {
      bookmaker: edit.bookmaker ?? before.bookmaker,
      bookingCode: edit.bookingCode ?? before.code,
      totalOdds: edit.totalOdds ?? before.totalOdds,
      games:
        edit.games ??
        before.games.map((game) => ({
          teamA: game.teamA,
          teamB: game.teamB,
          kickoff: game.kickoff.toISOString(),
          prediction: game.prediction ?? undefined,
        })),
    });
    return { verification: verification ?? null };
  }

  async function adminView(row: BookingCodeRow): Promise<AdminBookingCode> {
    const [revenue] = await db
      .select({ value: sql<string>`coalesce(sum(${codePurchases.priceKobo}), 0)::text` })
      .from(codePurchases)
      .where(eq(codePurchases.codeId, row.id));
    const rates = await codes.successRateByCategory();
    return toAdminBookingCodeView(row, {
      successRate: rates.get(row.category) ?? null,
      revenueKobo: BigInt(revenue?.value ?? '0'),
    });
  }

  app.register(async (scope) => {
    scope.addHook('onRequest', deps.access.requireAdmin);
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/admin/booking-codes',
      {
        schema: {
          tags,
          summary: 'Booking codes with full codes, buyers and results',
          security,
          querystring: adminBookingCodesQuerySchema,
          response: { 200: adminBookingCodesResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const query = request.query;
        const conditions: SQL[] = [];
        if (query.category) conditions.push(eq(bookingCodes.category, query.category));
        if (query.result) conditions.push(eq(bookingCodes.result, query.result));
        if (query.status === 'active') conditions.push(gt(bookingCodes.expiresAt, clock.now()));
        if (query.status === 'expired') conditions.push(lte(bookingCodes.expiresAt, clock.now()));
        if (query.q) {
          const match = or(
            ilike(bookingCodes.code, likePattern(query.q)),
            ilike(bookingCodes.bookmaker, likePattern(query.q)),
            sql`exists (select 1 from ${selections} s join matches m on m.id = s.match_id
              where s.booking_code_id = ${bookingCodes.id} and (m.home_team ilike ${likePattern(query.q)}
                or m.away_team ilike ${likePattern(query.q)} or m.league ilike ${likePattern(query.q)}))`,
          );
          if (match) conditions.push(match);
        }
        const where = conditions.length ? and(...conditions) : undefined;
        const [rows, totals, rates] = await Promise.all([
          db
            .select()
            .from(bookingCodes)
            .where(where)
            .orderBy(desc(bookingCodes.postedAt), desc(bookingCodes.id))
            .limit(query.limit)
            .offset((query.page - 1) * query.limit),
          db.select({ value: count() }).from(bookingCodes).where(where),
          codes.successRateByCategory(),
        ]);
        const revenues = rows.length
          ? await db
              .select({
                codeId: codePurchases.codeId,
                value: sql<string>`sum(${codePurchases.priceKobo})::text`,
              })
              .from(codePurchases)
              .where(
                inArray(
                  codePurchases.codeId,
                  rows.map((row) => row.id),
                ),
              )
              .groupBy(codePurchases.codeId)
          : [];
        const revenueByCode = new Map(revenues.map((row) => [row.codeId, BigInt(row.value)]));
        const withGames = await codes.withGames(db, rows);
        return {
          success: true as const,
          codes: withGames.map((row) =>
            toAdminBookingCodeView(row, {
              successRate: rates.get(row.category) ?? null,
              revenueKobo: revenueByCode.get(row.id) ?? 0n,
            }),
          ),
          ...pageInfo(query.page, query.limit, totals[0]?.value ?? 0),
        };
      },
    );

    routes.post(
      '/api/admin/booking-codes',
      {
        schema: {
          tags,
          summary: 'Post a booking code',
          security,
          body: bookingCodeInputSchema,
          response: { 201: adminBookingCodeResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        // Read at the bookmaker before the transaction: a call that can take seconds holds no lock.
        const verification = (await verifyTypedCode(bookmakers, request.body)) ?? null;
        const now = clock.now();
        const values = rowValues(request.body);
        const { row, settlement } = await refusingDuplicates(() =>
          inTransaction(db, async (tx) => {
            const [inserted] = await tx
              .insert(bookingCodes)
              .values({
                code: request.body.bookingCode,
                bookmaker: request.body.bookmaker,
                totalOdds: request.body.totalOdds,
                priceKobo: nairaToKobo(request.body.price),
                expiresAt: new Date(request.body.expiresAt),
                ...values,
                verification,
                postedAt: now,
                createdAt: now,
                updatedAt: now,
              })
              .returning();
            if (!inserted) throw new Error('booking code insert returned no row');
            const games = await saveGames(
              tx,
              'code',
              inserted.id,
              inserted.category,
              request.body.games,
              now,
            );
            // Games on matches that already have a result are decided at once.
            const settlement = await results.settleFromGames(tx, { code: [inserted.id] }, now);
            const created = await codes.findRow(tx, inserted.id);
            await recordAudit(tx, now, {
              actorUserId: currentSession(request).userId,
              action: 'code.create',
              targetType: 'booking-code',
              targetId: created.id,
              before: null,
              after: auditShape({ ...created, games }),
            });
            return { row: created, settlement };
          }),
        );
        results.announce(settlement);
        codes.changed();
        return reply.status(201).send({ success: true as const, code: await adminView(row) });
      },
    );

    routes.get(
      '/api/admin/booking-codes/:id',
      {
        schema: {
          tags,
          summary: 'One booking code, full',
          security,
          params: idParams,
          response: { 200: adminBookingCodeResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        code: await adminView(await codes.findRow(db, request.params.id)),
      }),
    );

    routes.patch(
      '/api/admin/booking-codes/:id',
      {
        schema: {
          tags,
          summary: 'Edit a booking code',
          security,
          params: idParams,
          body: bookingCodeUpdateSchema,
          response: { 200: adminBookingCodeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const body = request.body;
        // An edit of what the bookmaker holds (the code, its bookmaker, games or total) is read again.
        const rechecked =
          body.bookingCode !== undefined ||
          body.bookmaker !== undefined ||
          body.games !== undefined ||
          body.totalOdds !== undefined
            ? await recheck(request.params.id, body)
            : undefined;
        const now = clock.now();
        const row = await refusingDuplicates(() =>
          inTransaction(db, async (tx) => {
            const before = await codes.findRow(tx, request.params.id, true);
            const values = {
              ...rowValues(request.body),
              ...(rechecked === undefined ? {} : { verification: rechecked.verification }),
            };
            if (
              values.slotLimit !== undefined &&
              values.slotLimit !== null &&
              values.slotLimit < before.buyerCount
            ) {
              throw new AppError(
                'CONFLICT',
                409,
                `This code already has ${before.buyerCount} buyers; the slot limit cannot be lower.`,
              );
            }
            // Its buyers paid on that promise: it can be added to a sold code, never taken away.
            if (values.moneyBack === false && before.moneyBack && before.buyerCount > 0) {
              throw new AppError(
                'CONFLICT',
                409,
                'This code was sold with money back; its buyers keep that promise, so it cannot be switched off.',
              );
            }
            await tx
              .update(bookingCodes)
              .set({ ...values, updatedAt: now })
              .where(eq(bookingCodes.id, before.id));
            const category = values.category ?? before.category;
            if (request.body.games !== undefined || category !== before.category) {
              const games =
                request.body.games ??
                before.games.map((game) => ({ ...game, kickoff: game.kickoff.toISOString() }));
              await saveGames(tx, 'code', before.id, category, games, now);
            }
            const updated = await codes.findRow(tx, before.id);
            const changes = changedFields(auditShape(before), auditShape(updated));
            if (changes) {
              await recordAudit(tx, now, {
                actorUserId: currentSession(request).userId,
                action: 'code.update',
                targetType: 'booking-code',
                targetId: before.id,
                ...changes,
              });
            }
            return updated;
          }),
        );
        codes.changed();
        await codes.termsEdited();
        return { success: true as const, code: await adminView(row) };
      },
    );

    routes.delete(
      '/api/admin/booking-codes/:id',
      {
        schema: {
          tags,
          summary: 'Delete a booking code nobody has bought',
          security,
          params: idParams,
          response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => {
        const now = clock.now();
        await inTransaction(db, async (tx) => {
          const row = await codes.findRow(tx, request.params.id, true);
          const [buyers] = await tx
            .select({ value: count() })
            .from(codePurchases)
            .where(eq(codePurchases.codeId, row.id));
          if ((buyers?.value ?? 0) > 0) {
            throw new AppError(
              'CONFLICT',
              409,
              'This code has buyers, so it cannot be deleted. Settle it as void instead.',
            );
          }
          await tx.delete(bookingCodes).where(eq(bookingCodes.id, row.id));
          await recordAudit(tx, now, {
            actorUserId: currentSession(request).userId,
            action: 'code.delete',
            targetType: 'booking-code',
            targetId: row.id,
            before: auditShape(row),
            after: null,
          });
        });
        codes.changed();
        return { success: true as const, message: 'Booking code deleted.' };
      },
    );

    routes.post(
      '/api/admin/booking-codes/:id/settle',
      {
        schema: {
          tags,
          summary: 'Settle a booking code as won, lost or void; feeds the success rates',
          security,
          params: idParams,
          body: settleRequestSchema,
          response: { 200: adminBookingCodeResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => {
        const now = clock.now();
        const { result, reason } = request.body;
        const settled = await inTransaction(db, (tx) =>
          results.settleByHand(
            tx,
            'code',
            request.params.id,
            { result, reason, actorUserId: currentSession(request).userId },
            now,
          ),
        );
        results.announce(settled);
        const row = await codes.findRow(db, request.params.id);
        if (settled.change !== 'unchanged') codes.forgetSuccessRates();
        return { success: true as const, code: await adminView(row) };
      },
    );

    routes.get(
      '/api/admin/booking-codes/:id/buyers',
      {
        schema: {
          tags,
          summary: 'Who bought a code',
          security,
          params: idParams,
          response: { 200: codeBuyersResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const row = await codes.findRow(db, request.params.id);
        const buyers = await db
          .select({ purchase: codePurchases, user: users })
          .from(codePurchases)
          .innerJoin(users, eq(users.id, codePurchases.userId))
          .where(eq(codePurchases.codeId, row.id))
          .orderBy(desc(codePurchases.createdAt))
          .limit(1000);
        return {
          success: true as const,
          buyers: buyers.map(({ purchase, user }) => ({
            _id: purchase.id,
            userId: user.id,
            email: user.email,
            name: `${user.firstName} ${user.lastName}`,
            walletType: purchase.walletType,
            pricePaid: koboToNaira(purchase.priceKobo),
            purchasedAt: purchase.createdAt.toISOString(),
          })),
        };
      },
    );
  });
}
