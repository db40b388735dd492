import { settleRequestSchema } from '@cashtips/contract/booking-codes';
import { messageResponseSchema } from '@cashtips/contract/errors';
import { describeLagosDay, lagosDay } from '@cashtips/contract/lagos-time';
import { slipOdds } from '@cashtips/contract/matches';
import { koboToNaira, nairaToKobo } from '@cashtips/contract/money';
import {
  type AdminRolloverPlan,
  adminRolloverPlanResponseSchema,
  adminRolloverPlansResponseSchema,
  adminRolloverTipResponseSchema,
  adminRolloverTipsQuerySchema,
  adminRolloverTipsResponseSchema,
  rolloverMessages,
  rolloverPlanInputSchema,
  rolloverPlanUpdateSchema,
  rolloverTipInputSchema,
  rolloverTipUpdateSchema,
} from '@cashtips/contract/rollover';
import { and, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { rolloverPlans, rolloverSubscriptions, rolloverTips } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, invalidField, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { errorResponses, idParams } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageInfo } from '../../lib/pages.ts';
import { changedFields, recordAudit } from '../admin/audit.ts';
import { type Access, currentSession } from '../auth/access.ts';
import { auditGames, gamesOf, saveGames } from '../matches/games.ts';
import type { ResultsService } from '../matches/results.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { RolloverService } from './rollover.service.ts';
import {
  type PlanRow,
  type TipRow,
  toAdminRolloverPlanView,
  toAdminRolloverTipView,
} from './rollover-view.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

type PlanInput = z.output<typeof rolloverPlanInputSchema>;

export function planValues(input: Partial<PlanInput>) {
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description || null }),
    ...(input.price !== undefined && { priceKobo: nairaToKobo(input.price) as bigint }),
    ...(input.duration !== undefined && { durationDays: input.duration }),
    ...(input.odds !== undefined && { odds: input.odds }),
    ...(input.slotLimit !== undefined && { slotLimit: input.slotLimit }),
    ...(input.postLimit !== undefined && { postLimit: input.postLimit }),
    ...(input.active !== undefined && { active: input.active }),
  };
}

const planAuditShape = (plan: PlanRow) => ({
  name: plan.name,
  description: plan.description,
  price: koboToNaira(plan.priceKobo),
  duration: plan.durationDays,
  odds: plan.odds,
  slotLimit: plan.slotLimit,
  postLimit: plan.postLimit,
  active: plan.active,
});

const tipAuditShape = (tip: TipRow) => ({
  planId: tip.planId,
  day: tip.day,
  games: auditGames(tip.games),
  bookingCode: tip.bookingCode,
  bookmaker: tip.bookmaker,
  totalOdds: tip.totalOdds,
  note: tip.note,
  confidence: tip.confidence,
  expiresAt: tip.expiresAt?.toISOString() ?? null,
  result: tip.result,
});

/** The tip's total odds: as typed, or the product of its games' odds when every game has them. */
function totalOddsOf(totalOdds: number | undefined, games: { odds?: number | null | undefined }[]): number {
  if (totalOdds !== undefined) return totalOdds;
  if (games.every((game) => game.odds !== null && game.odds !== undefined)) {
    return slipOdds(games.map((game) => game.odds ?? 1));
  }
  throw invalidField('totalOdds', 'Give the total odds, or the odds of every game.');
}

export function registerAdminRolloverRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    access: Access;
    rollover: RolloverService;
    results: ResultsService;
    notifications: NotificationsService;
  },
): void {
  const { db, clock, rollover, results, notifications } = deps;

  async function adminPlans(executor: Executor, plans: PlanRow[]): Promise<AdminRolloverPlan[]> {
    const ids = plans.map((plan) => plan.id);
    const [figures, sales] = await Promise.all([
      rollover.planFigures(executor, ids),
      ids.length
        ? executor
            .select({
              planId: rolloverSubscriptions.planId,
              total: count(),
              revenue: sql<string>`sum(${rolloverSubscriptions.priceKobo})::text`,
            })
            .from(rolloverSubscriptions)
            .where(inArray(rolloverSubscriptions.planId, ids))
            .groupBy(rolloverSubscriptions.planId)
        : [],
    ]);
    const salesByPlan = new Map(sales.map((row) => [row.planId, row]));
    return plans.map((plan) => {
      const sold = salesByPlan.get(plan.id);
      return toAdminRolloverPlanView(plan, {
        ...(figures.get(plan.id) ?? { activeSubscribers: 0, won: 0, lost: 0 }),
        totalSubscriptions: sold?.total ?? 0,
        revenueKobo: BigInt(sold?.revenue ?? '0'),
      });
    });
  }

  async function adminPlan(plan: PlanRow): Promise<AdminRolloverPlan> {
    const [view] = await adminPlans(db, [plan]);
    if (!view) throw new Error('plan view missing');
    return view;
  }

  async function findTip(executor: Executor, tipId: string, forUpdate = false): Promise<TipRow> {
    if (!isUuid(tipId)) throw notFound(rolloverMessages.tipNotFound);
    const query = executor.select().from(rolloverTips).where(eq(rolloverTips.id, tipId)).limit(1);
    const [tip] = forUpdate ? await query.for('update') : await query;
    if (!tip) throw notFound(rolloverMessages.tipNotFound);
    const games = await gamesOf(executor, 'rollover', [tip.id]);
    return { ...tip, games: games.get(tip.id) ?? [] };
  }

  async function adminTips(tipRows: Omit<TipRow, 'games'>[]) {
    const planIds = [...new Set(tipRows.map((row) => row.planId))];
    const [plans, figures, games] = await Promise.all([
      planIds.length ? db.select().from(rolloverPlans).where(inArray(rolloverPlans.id, planIds)) : [],
      rollover.planFigures(db, planIds),
      gamesOf(
        db,
        'rollover',
        tipRows.map((row) => row.id),
      ),
    ]);
    const rows: TipRow[] = tipRows.map((row) => ({ ...row, games: games.get(row.id) ?? [] }));
    const planById = new Map(plans.map((plan) => [plan.id, plan]));
    return rows.flatMap((tip) => {
      const plan = planById.get(tip.planId);
      return plan
        ? [
            toAdminRolloverTipView(
              tip,
              plan,
              figures.get(plan.id) ?? { activeSubscribers: 0, won: 0, lost: 0 },
            ),
          ]
        : [];
    });
  }

  async function adminTip(tip: TipRow) {
    const [view] = await adminTips([tip]);
    if (!view) throw new Error('tip view missing');
    return view;
  }

  /** A plan takes at most `postLimit` tips a day; the plan row is locked so two posts cannot both pass. */
  async function assertUnderPostLimit(tx: Executor, plan: PlanRow, day: string, exceptTipId?: string) {
    const conditions: SQL[] = [eq(rolloverTips.planId, plan.id), eq(rolloverTips.day, day)];
    if (exceptTipId) conditions.push(sql`${rolloverTips.id} <> ${exceptTipId}::uuid`);
    const [posted] = await tx
      .select({ value: count() })
      .from(rolloverTips)
      .where(and(...conditions));
    if ((posted?.value ?? 0) >= plan.postLimit) {
      throw new AppError('CONFLICT', 409, rolloverMessages.postLimitReached(plan.postLimit));
    }
  }

  app.register(async (scope) => {
    scope.addHook('onRequest', deps.access.requireAdmin);
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    // --- Plans ---------------------------------------------------------------------------------

    routes.get(
      '/api/admin/rollover-plans',
      {
        schema: {
          tags,
          summary: 'Every rollover plan (active or not) with subscribers, revenue and results',
          security,
          response: { 200: adminRolloverPlansResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async () => {
        const plans = await db
          .select()
          .from(rolloverPlans)
          .orderBy(desc(rolloverPlans.active), desc(rolloverPlans.updatedAt))
          .limit(500);
        return { success: true as const, plans: await adminPlans(db, plans) };
      },
    );

    routes.post(
      '/api/admin/rollover-plans',
      {
        schema: {
          tags,
          summary: 'Create a rollover plan',
          security,
          body: rolloverPlanInputSchema,
          response: { 201: adminRolloverPlanResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const now = clock.now();
        const body = request.body;
        const plan = await inTransaction(db, async (tx) => {
          const [created] = await tx
            .insert(rolloverPlans)
            .values({
              ...planValues(body),
              name: body.name,
              priceKobo: nairaToKobo(body.price),
              durationDays: body.duration,
              odds: body.odds,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          if (!created) throw new Error('plan insert returned no row');
          await recordAudit(tx, now, {
            actorUserId: currentSession(request).userId,
            action: 'plan.create',
            targetType: 'rollover-plan',
            targetId: created.id,
            before: null,
            after: planAuditShape(created),
          });
          return created;
        });
        rollover.changed();
        return reply.status(201).send({ success: true as const, plan: await adminPlan(plan) });
      },
    );

    routes.get(
      '/api/admin/rollover-plans/:id',
      {
        schema: {
          tags,
          summary: 'One rollover plan with its figures',
          security,
          params: idParams,
          response: { 200: adminRolloverPlanResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        plan: await adminPlan(await rollover.findPlan(db, request.params.id)),
      }),
    );

    routes.patch(
      '/api/admin/rollover-plans/:id',
      {
        schema: {
          tags,
          summary: 'Edit a plan; { active: false } takes it off sale (running subscriptions continue)',
          security,
          params: idParams,
          body: rolloverPlanUpdateSchema,
          response: { 200: adminRolloverPlanResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const now = clock.now();
        const plan = await inTransaction(db, async (tx) => {
          const before = await rollover.findPlan(tx, request.params.id, true);
          const values = planValues(request.body);
          if (values.slotLimit !== undefined && values.slotLimit !== null) {
            const [running] = await tx
              .select({ value: count() })
              .from(rolloverSubscriptions)
              .where(
                and(eq(rolloverSubscriptions.planId, before.id), gt(rolloverSubscriptions.expiresAt, now)),
              );
            const active = running?.value ?? 0;
            if (values.slotLimit < active) {
              throw new AppError('CONFLICT', 409, rolloverMessages.slotLimitBelowSubscribers(active));
            }
          }
          const [updated] = await tx
            .update(rolloverPlans)
            .set({ ...values, updatedAt: now })
            .where(eq(rolloverPlans.id, before.id))
            .returning();
          if (!updated) throw new Error('plan vanished during update');
          const changes = changedFields(planAuditShape(before), planAuditShape(updated));
          if (changes) {
            await recordAudit(tx, now, {
              actorUserId: currentSession(request).userId,
              action: 'plan.update',
              targetType: 'rollover-plan',
              targetId: before.id,
              ...changes,
            });
          }
          return updated;
        });
        rollover.changed();
        return { success: true as const, plan: await adminPlan(plan) };
      },
    );

    routes.delete(
      '/api/admin/rollover-plans/:id',
      {
        schema: {
          tags,
          summary: 'Delete a plan nobody ever subscribed to (its tips go with it)',
          security,
          params: idParams,
          response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => {
        const now = clock.now();
        await inTransaction(db, async (tx) => {
          const plan = await rollover.findPlan(tx, request.params.id, true);
          const [subscriptions] = await tx
            .select({ value: count() })
            .from(rolloverSubscriptions)
            .where(eq(rolloverSubscriptions.planId, plan.id));
          if ((subscriptions?.value ?? 0) > 0) {
            throw new AppError('CONFLICT', 409, rolloverMessages.planHasSubscribers);
          }
          await tx.delete(rolloverTips).where(eq(rolloverTips.planId, plan.id));
          await tx.delete(rolloverPlans).where(eq(rolloverPlans.id, plan.id));
          await recordAudit(tx, now, {
            actorUserId: currentSession(request).userId,
            action: 'plan.delete',
            targetType: 'rollover-plan',
            targetId: plan.id,
            before: planAuditShape(plan),
            after: null,
          });
        });
        rollover.changed();
        return { success: true as const, message: 'Plan deleted.' };
      },
    );

    // --- Tips ----------------------------------------------------------------------------------

    routes.get(
      '/api/admin/rollover-tips',
      {
        schema: {
          tags,
          summary: 'Rollover tips by plan and day, unlocked',
          security,
          querystring: adminRolloverTipsQuerySchema,
          response: { 200: adminRolloverTipsResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { page, limit, planId, day, result } = request.query;
        const conditions: SQL[] = [];
        if (planId) conditions.push(eq(rolloverTips.planId, planId));
        if (day) conditions.push(eq(rolloverTips.day, day));
        if (result) conditions.push(eq(rolloverTips.result, result));
        const where = conditions.length ? and(...conditions) : undefined;
        const [rows, totals] = await Promise.all([
          db
            .select()
            .from(rolloverTips)
            .where(where)
            .orderBy(desc(rolloverTips.day), desc(rolloverTips.createdAt), desc(rolloverTips.id))
            .limit(limit)
            .offset((page - 1) * limit),
          db.select({ value: count() }).from(rolloverTips).where(where),
        ]);
        return {
          success: true as const,
          tips: await adminTips(rows),
          ...pageInfo(page, limit, totals[0]?.value ?? 0),
        };
      },
    );

    routes.post(
      '/api/admin/rollover-tips',
      {
        schema: {
          tags,
          summary:
            'Post a tip for a plan and a Lagos day (default today), within the plan’s daily post limit',
          security,
          body: rolloverTipInputSchema,
          response: { 201: adminRolloverTipResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const now = clock.now();
        const body = request.body;
        const totalOdds = totalOddsOf(body.totalOdds, body.games);
        const day = body.day ?? lagosDay(now);
        const { tip, settlement, notice } = await inTransaction(db, async (tx) => {
          const plan = await rollover.findPlan(tx, body.planId, true);
          await assertUnderPostLimit(tx, plan, day);
          const [created] = await tx
            .insert(rolloverTips)
            .values({
              planId: plan.id,
              day,
              bookingCode: body.bookingCode ?? null,
              bookmaker: body.bookmaker || null,
              totalOdds,
              note: body.note || null,
              confidence: body.confidence,
              expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          if (!created) throw new Error('tip insert returned no row');
          await saveGames(tx, 'rollover', created.id, 'football', body.games, now);
          const settlement = await results.settleFromGames(tx, { rollover: [created.id] }, now);
          const tip = await findTip(tx, created.id);
          const games = `${tip.games.length} game${tip.games.length === 1 ? '' : 's'} at ${totalOdds} odds`;
          const when = day === lagosDay(now) ? 'Today’s tip' : `The tip for ${describeLagosDay(day)}`;
          // Its subscribers hear of it; what it says is what a locked tip shows anyway (never the picks).
          const notice = await notifications.record(
            tx,
            {
              source: 'product',
              kind: 'tip-posted',
              audience: 'plan',
              planId: plan.id,
              title: `New tip for ${plan.name}`,
              message: `${when}: ${games}.`,
              type: 'info',
              link: '/my-rollover',
            },
            sql`select distinct s.user_id, ${`New tip for ${plan.name}`}::text as title,
                ${`${when} is up: ${games}. Open it on My Rollover.`}::text as message,
                'info'::text as type, '/my-rollover'::text as link
              from rollover_subscriptions s
              where s.plan_id = ${plan.id}::uuid and s.expires_at > ${now.toISOString()}::timestamptz`,
          );
          await recordAudit(tx, now, {
            actorUserId: currentSession(request).userId,
            action: 'rollover-tip.create',
            targetType: 'rollover-tip',
            targetId: created.id,
            before: null,
            after: tipAuditShape(tip),
          });
          return { tip, settlement, notice };
        });
        results.announce(settlement);
        notifications.announce(notice);
        rollover.changed();
        return reply.status(201).send({ success: true as const, tip: await adminTip(tip) });
      },
    );

    routes.get(
      '/api/admin/rollover-tips/:id',
      {
        schema: {
          tags,
          summary: 'One rollover tip, unlocked',
          security,
          params: idParams,
          response: { 200: adminRolloverTipResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        tip: await adminTip(await findTip(db, request.params.id)),
      }),
    );

    routes.patch(
      '/api/admin/rollover-tips/:id',
      {
        schema: {
          tags,
          summary: 'Edit a rollover tip (its plan stays; moving it to another day respects the post limit)',
          security,
          params: idParams,
          body: rolloverTipUpdateSchema,
          response: { 200: adminRolloverTipResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const now = clock.now();
        const body = request.body;
        const tip = await inTransaction(db, async (tx) => {
          const current = await findTip(tx, request.params.id);
          const plan = await rollover.findPlan(tx, current.planId, true);
          const before = await findTip(tx, request.params.id, true);
          if (body.day !== undefined && body.day !== before.day) {
            await assertUnderPostLimit(tx, plan, body.day, before.id);
          }
          const totalOdds =
            body.totalOdds !== undefined || body.games
              ? totalOddsOf(body.totalOdds, body.games ?? before.games)
              : before.totalOdds;
          if (body.games) await saveGames(tx, 'rollover', before.id, 'football', body.games, now);
          await tx
            .update(rolloverTips)
            .set({
              ...(body.day !== undefined && { day: body.day }),
              totalOdds,
              ...(body.bookingCode !== undefined && { bookingCode: body.bookingCode || null }),
              ...(body.bookmaker !== undefined && { bookmaker: body.bookmaker || null }),
              ...(body.note !== undefined && { note: body.note || null }),
              ...(body.confidence !== undefined && { confidence: body.confidence }),
              ...(body.expiresAt !== undefined && {
                expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
              }),
              updatedAt: now,
            })
            .where(eq(rolloverTips.id, before.id));
          const updated = await findTip(tx, before.id);
          const changes = changedFields(tipAuditShape(before), tipAuditShape(updated));
          if (changes) {
            await recordAudit(tx, now, {
              actorUserId: currentSession(request).userId,
              action: 'rollover-tip.update',
              targetType: 'rollover-tip',
              targetId: before.id,
              ...changes,
            });
          }
          return updated;
        });
        rollover.changed();
        return { success: true as const, tip: await adminTip(tip) };
      },
    );

    routes.delete(
      '/api/admin/rollover-tips/:id',
      {
        schema: {
          tags,
          summary: 'Delete a rollover tip',
          security,
          params: idParams,
          response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const now = clock.now();
        await inTransaction(db, async (tx) => {
          const tip = await findTip(tx, request.params.id, true);
          await tx.delete(rolloverTips).where(eq(rolloverTips.id, tip.id));
          await recordAudit(tx, now, {
            actorUserId: currentSession(request).userId,
            action: 'rollover-tip.delete',
            targetType: 'rollover-tip',
            targetId: tip.id,
            before: tipAuditShape(tip),
            after: null,
          });
        });
        rollover.changed();
        return { success: true as const, message: 'Tip deleted.' };
      },
    );

    routes.post(
      '/api/admin/rollover-tips/:id/settle',
      {
        schema: {
          tags,
          summary:
            'Settle a rollover tip as won, lost or void (a correction needs a reason); feeds the plan’s success rate',
          security,
          params: idParams,
          body: settleRequestSchema,
          response: { 200: adminRolloverTipResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => {
        const now = clock.now();
        const { result, reason } = request.body;
        const settled = await inTransaction(db, (tx) =>
          results.settleByHand(
            tx,
            'rollover',
            request.params.id,
            { result, reason, actorUserId: currentSession(request).userId },
            now,
          ),
        );
        results.announce(settled);
        if (settled.change !== 'unchanged') rollover.changed();
        const tip = await findTip(db, request.params.id);
        return { success: true as const, tip: await adminTip(tip) };
      },
    );
  });
}
