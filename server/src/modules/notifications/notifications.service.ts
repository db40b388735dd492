import { randomUUID } from 'node:crypto';
import { addLagosDays, lagosDay, lagosDayStart } from '@cashtips/contract/lagos-time';
import {
  type AdminNotification,
  type adminNotificationRequestSchema,
  NOTIFICATION_LIMITS,
  type Notification,
  type NotificationsResponse,
  type NotificationType,
  notificationMessages,
  type pushSubscribeRequestSchema,
} from '@cashtips/contract/notifications';
import { and, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import {
  broadcastStates,
  notificationBatches,
  notifications,
  pushSubscriptions,
  rolloverPlans,
  rolloverSubscriptions,
  users,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { PushOutcome, PushTarget, WebPushSender } from '../../integrations/web-push/web-push.ts';
import { type PollingLoop, startPollingLoop } from '../../jobs/polling-loop.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import { PublicPageCache } from '../../lib/public-page-cache.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { recordAudit } from '../admin/audit.ts';
import { notRestrictedAt, restrictedAt } from '../users/user-view.ts';
import {
  type NotificationContent,
  type NotificationRow,
  toNotificationView,
  toPushPayload,
} from './notification-view.ts';
import { type ProductNotice, productNoticeContent } from './product-notice.ts';

/** A notification to record: personal (`userId`) or, with `userId` null, a broadcast. */
export interface NewNotice {
  userId: string | null;
  title: string;
  message: string;
  type: NotificationType;
  link: string | null;
}

export interface NewBatch {
  source: 'admin' | 'product';
  /** 'admin', or the product event: 'deposit', 'code-purchase', 'subscription', 'tip-posted'… */
  kind: string;
  audience: 'broadcast' | 'user' | 'plan' | 'users';
  title: string;
  message: string;
  type: NotificationType;
  link: string | null;
  userId?: string | null;
  planId?: string | null;
  createdBy?: string | null;
  /** Makes the batch happen once per key (a retried job, a repeated event). */
  dedupeKey?: string;
}

/**
 * What a user on a time-out or self-excluded does not receive (PRODUCT 13): an admin's message to
 * a plan or to everyone, a plan's new tip, the "renew your plan" reminder. Their own money, purchases,
 * results and an admin's message to them alone still arrive.
 */
export function isMarketing(batch: Pick<NewBatch, 'source' | 'kind' | 'audience'>): boolean {
  if (batch.source === 'admin') return batch.audience !== 'user';
  return batch.kind === 'tip-posted' || batch.kind === 'ending-reminder';
}

export interface RecordedBatch {
  batchId: string;
  recipients: number;
  /** Recorded rows when the batch is small enough to announce on the spot, else empty. */
  rows: NotificationRow[];
}

/** Batches up to this size are announced on their sockets right after commit; bigger ones by their delivery. */
const ANNOUNCE_NOW = 200;
/** Undelivered batches one delivery round claims. */
const CLAIM_BATCHES = 100;
/**
 * How long a claim keeps other processes off a batch: longer than a round takes (a big batch renews it
 * page by page), short enough that the batches of a process that died are delivered soon after.
 */
const CLAIM_SECONDS = 120;
/** Attempts before a batch's delivery is given up (about 4 minutes of back-off in all). */
const DELIVERY_ATTEMPTS = 8;
/** Notifications or subscriptions read and pushed per step of a big batch's delivery. */
const PAGE = 500;
/**
 * Pushes in flight at once from one process: a real push service answers in ~100 ms, so 100 in
 * flight keep ~1,000 pushes a second going.
 */
const PUSH_IN_FLIGHT = 100;
/**
 * Pushes started per process: at most 10 every 10 ms (1,000 a second). Each costs ~0.45 ms of CPU
 * (encryption, TLS): unpaced, a broadcast's 2,000+ pushes a second took the whole event loop and the
 * code list's p99 reached 170 ms (the notifications benchmark); paced, requests keep about half of
 * it. More processes push proportionally more.
 */
const PUSH_PACE = { perTick: 10, tickMs: 10 };

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as Rows<T>).rows;

/**
 * Runs `task` over `items` with at most `inFlight` running and at most `perTick` started every
 * `tickMs`; rejects with the first failure once every started task has settled.
 */
function eachPaced<T>(
  items: T[],
  limits: { inFlight: number; perTick: number; tickMs: number },
  task: (item: T) => Promise<void>,
): Promise<void> {
  if (!items.length) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let next = 0;
    let running = 0;
    let settled = 0;
    let failure: { error: unknown } | undefined;
    let startedThisTick = 0;
    let tick: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      if (tick) clearTimeout(tick);
      if (failure) reject(failure.error);
      else resolve();
    };
    const startSome = () => {
      while (
        !failure &&
        running < limits.inFlight &&
        next < items.length &&
        startedThisTick < limits.perTick
      ) {
        const item = items[next++] as T;
        running += 1;
        startedThisTick += 1;
        task(item)
          .catch((error: unknown) => {
            failure ??= { error };
          })
          .finally(() => {
            running -= 1;
            settled += 1;
            if (settled === next && (failure || next === items.length)) finish();
            else startSome();
          });
      }
      tick ??= setTimeout(() => {
        tick = undefined;
        startedThisTick = 0;
        if (!failure && next < items.length) startSome();
      }, limits.tickMs);
    };
    startSome();
  });
}

/** Someone else's channel for personal notifications (the Telegram issue plugs in here). */
export type DeliveryHook = (rows: NotificationRow[]) => Promise<void>;

/**
 * Notifications (PRODUCT 7): the product and admins record them in the transaction (or the very
 * statement) that causes them; right after commit small batches reach their sockets; undelivered
 * batches are the outbox that a delivery loop in each process claims, once across processes and
 * retried with back-off, to send web pushes and hand them to the channels plugged in.
 */
export class NotificationsService {
  private readonly hooks: DeliveryHook[] = [];
  private delivery: PollingLoop | undefined;
  /** Names this process's delivery claims. */
  private readonly processId = randomUUID();
  /** The broadcast list as a visitor gets it: the same for everyone without a token. */
  private readonly visitorBroadcasts = new PublicPageCache<'visitor'>();

  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      realtime: Realtime;
      jobs: JobQueue;
      push: WebPushSender;
      publicUrl: string;
      logger: Logger;
    },
  ) {}

  /** Adds a delivery channel for personal notifications (called by each job, page by page). */
  addDeliveryHook(hook: DeliveryHook): void {
    this.hooks.push(hook);
  }

  // --- Recording -------------------------------------------------------------------------------

  /**
   * Records a batch and its notifications in the caller's transaction: given as a list, or as a
   * query answering `user_id, title, message, type, link` (a fan-out written in one statement). The
   * undelivered batch is its own delivery's outbox entry. Call `announce()` with the answer once the
   * transaction has committed.
   */
  async record(tx: Executor, batch: NewBatch, notices: NewNotice[] | SQL): Promise<RecordedBatch | null> {
    const now = this.deps.clock.now();
    const [created] = await tx
      .insert(notificationBatches)
      .values({
        source: batch.source,
        kind: batch.kind,
        audience: batch.audience,
        userId: batch.userId ?? null,
        planId: batch.planId ?? null,
        title: batch.title,
        message: batch.message,
        type: batch.type,
        link: batch.link,
        createdBy: batch.createdBy ?? null,
        dedupeKey: batch.dedupeKey ?? null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: notificationBatches.id });
    // The same event again (a dedupe key already used): nothing more to send.
    if (!created) return null;
    const source = Array.isArray(notices)
      ? sql`select * from unnest(${sql.param(notices.map((notice) => notice.userId))}::uuid[],
          ${sql.param(notices.map((notice) => notice.title))}::text[],
          ${sql.param(notices.map((notice) => notice.message))}::text[],
          ${sql.param(notices.map((notice) => notice.type))}::text[],
          ${sql.param(notices.map((notice) => notice.link))}::text[]) as n(user_id, title, message, type, link)`
      : notices;
    // Marketing skips users on a time-out or self-excluded (PRODUCT 13): nothing is written for
    // them, so no channel (socket, push, e-mail, Telegram) has anything to send.
    const recipients = isMarketing(batch)
      ? sql`select n.* from (${source}) as n where not exists (select 1 from users
          where users.id = n.user_id and ${restrictedAt(now)})`
      : source;
    // A batch of one notification (a broadcast, a message to one user) shares its id with it, so the
    // id an admin is answered is the one users read, mark and delete.
    const id =
      Array.isArray(notices) && notices.length === 1 ? sql`${created.id}::uuid` : sql`gen_random_uuid()`;
    const inserted = await rowsOf<{ id: string }>(
      tx.execute(sql`insert into notifications (id, batch_id, user_id, title, message, type, link, created_at)
        select ${id}, ${created.id}::uuid, n.user_id, n.title, n.message, n.type, n.link, ${now.toISOString()}::timestamptz
        from (${recipients}) as n
        returning id`),
    );
    await tx
      .update(notificationBatches)
      .set({ recipients: inserted.length })
      .where(eq(notificationBatches.id, created.id));
    const rows =
      inserted.length <= ANNOUNCE_NOW && inserted.length > 0
        ? await tx.select().from(notifications).where(eq(notifications.batchId, created.id))
        : [];
    return { batchId: created.id, recipients: inserted.length, rows };
  }

  /** Once committed: small batches reach their sockets now; this process's delivery is woken. */
  announce(recorded: RecordedBatch | null): void {
    if (!recorded) return;
    this.emit(recorded.rows);
    if (recorded.rows.some((row) => row.userId === null)) this.visitorBroadcasts.clear();
    this.delivery?.wake();
  }

  /** Once the statement that wrote it (`productNoticeCall`) committed: its socket event, and delivery woken. */
  announceProductNotice(notice: ProductNotice): void {
    this.emit([productNoticeContent(notice)]);
    if (!notice.inAppOnly) this.delivery?.wake();
  }

  private emit(rows: NotificationContent[]): void {
    for (const row of rows) {
      // Unread for whoever receives it: it is new.
      this.deps.realtime.publish(
        row.userId ? { kind: 'user', userId: row.userId } : { kind: 'broadcast' },
        'notification',
        toNotificationView(row, null),
      );
    }
  }

  // --- Reading ---------------------------------------------------------------------------------

  private broadcastsSince(): Date {
    return new Date(this.deps.clock.now().getTime() - NOTIFICATION_LIMITS.broadcastDays * 86_400_000);
  }

  /** The broadcast answer without a token, ready to send: built once per 2 s, and on any change here. */
  async visitorBroadcastsJson(): Promise<string> {
    const page = await this.visitorBroadcasts.get('visitor', async () => {
      const rows = await this.deps.db
        .select()
        .from(notifications)
        .where(and(isNull(notifications.userId), gt(notifications.createdAt, this.broadcastsSince())))
        .orderBy(desc(notifications.seq))
        .limit(NOTIFICATION_LIMITS.list);
      const answer: NotificationsResponse = {
        success: true,
        notifications: rows.map((row) => toNotificationView(row, null)),
      };
      return { items: answer, total: rows.length };
    });
    return page.json;
  }

  /** Broadcasts are marketing: a reader on a time-out or self-excluded sees none (PRODUCT 13). */
  private broadcastsReach(readerId: string): SQL {
    return sql`not exists (select 1 from users where users.id = ${readerId}::uuid
      and ${restrictedAt(this.deps.clock.now())})`;
  }

  /** Broadcasts of the last 30 days (at most 20), newest first, with the reader's state and hiding. */
  async broadcasts(readerId: string): Promise<Notification[]> {
    const since = this.broadcastsSince();
    const rows = await this.deps.db
      .select({ notification: notifications, state: broadcastStates })
      .from(notifications)
      .leftJoin(
        broadcastStates,
        and(eq(broadcastStates.notificationId, notifications.id), eq(broadcastStates.userId, readerId)),
      )
      .where(
        and(
          isNull(notifications.userId),
          gt(notifications.createdAt, since),
          isNull(broadcastStates.hiddenAt),
          this.broadcastsReach(readerId),
        ),
      )
      .orderBy(desc(notifications.seq))
      .limit(NOTIFICATION_LIMITS.list);
    return rows.map(({ notification, state }) =>
      toNotificationView(notification, { userId: readerId, readAt: state?.readAt ?? null }),
    );
  }

  /** The user's personal notifications, newest first (at most 20). */
  async personal(userId: string): Promise<Notification[]> {
    const rows = await this.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.seq))
      .limit(NOTIFICATION_LIMITS.list);
    return rows.map((row) => toNotificationView(row, { userId, readAt: row.readAt }));
  }

  /** Personal and broadcast notifications together, newest first, paged (the /notifications page). */
  async history(userId: string, page: number, limit: number) {
    const since = this.broadcastsSince();
    const visible = sql`(${notifications.userId} = ${userId}::uuid or (${notifications.userId} is null
      and ${notifications.createdAt} > ${since.toISOString()}::timestamptz and ${broadcastStates.hiddenAt} is null
      and ${this.broadcastsReach(userId)}))`;
    const joined = () =>
      this.deps.db
        .select({ notification: notifications, state: broadcastStates })
        .from(notifications)
        .leftJoin(
          broadcastStates,
          and(eq(broadcastStates.notificationId, notifications.id), eq(broadcastStates.userId, userId)),
        );
    const [rows, totals] = await Promise.all([
      joined()
        .where(visible)
        .orderBy(desc(notifications.seq))
        .limit(limit)
        .offset((page - 1) * limit),
      this.deps.db
        .select({
          total: count(),
          unread: sql<number>`count(*) filter (where coalesce(${notifications.readAt}, ${broadcastStates.readAt}) is null)::int`,
        })
        .from(notifications)
        .leftJoin(
          broadcastStates,
          and(eq(broadcastStates.notificationId, notifications.id), eq(broadcastStates.userId, userId)),
        )
        .where(visible),
    ]);
    return {
      notifications: rows.map(({ notification, state }) =>
        toNotificationView(notification, {
          userId,
          readAt: notification.userId ? notification.readAt : (state?.readAt ?? null),
        }),
      ),
      total: totals[0]?.total ?? 0,
      unread: Number(totals[0]?.unread ?? 0),
    };
  }

  private async findVisible(userId: string, notificationId: string): Promise<NotificationRow> {
    if (!isUuid(notificationId)) throw notFound(notificationMessages.notFound);
    const [row] = await this.deps.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.id, notificationId),
          or(eq(notifications.userId, userId), isNull(notifications.userId)),
        ),
      );
    // Someone else's notification is as good as none.
    if (!row) throw notFound(notificationMessages.notFound);
    return row;
  }

  /** Marks a personal notification read; a broadcast answers 403 (the client retries on its own route). */
  async markRead(userId: string, notificationId: string): Promise<Notification> {
    const row = await this.findVisible(userId, notificationId);
    if (row.userId === null) throw forbidden(notificationMessages.broadcastReadHere);
    const readAt = row.readAt ?? this.deps.clock.now();
    if (!row.readAt) {
      await this.deps.db
        .update(notifications)
        .set({ readAt })
        .where(and(eq(notifications.id, row.id), isNull(notifications.readAt)));
    }
    return toNotificationView(row, { userId, readAt });
  }

  async markBroadcastRead(userId: string, notificationId: string): Promise<Notification> {
    const row = await this.findVisible(userId, notificationId);
    if (row.userId !== null) throw notFound(notificationMessages.notFound);
    const now = this.deps.clock.now();
    const [state] = await this.deps.db
      .insert(broadcastStates)
      .values({ notificationId: row.id, userId, readAt: now })
      .onConflictDoUpdate({
        target: [broadcastStates.notificationId, broadcastStates.userId],
        set: { readAt: sql`coalesce(${broadcastStates.readAt}, excluded.read_at)` },
      })
      .returning();
    return toNotificationView(row, { userId, readAt: state?.readAt ?? now });
  }

  /** Every personal notification and every visible broadcast of the last 30 days read. */
  async readAll(userId: string): Promise<void> {
    const now = this.deps.clock.now();
    const since = new Date(now.getTime() - NOTIFICATION_LIMITS.broadcastDays * 86_400_000);
    await inTransaction(this.deps.db, async (tx) => {
      await tx
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      await tx.execute(sql`insert into broadcast_states (notification_id, user_id, read_at)
        select id, ${userId}::uuid, ${now.toISOString()}::timestamptz from notifications
        where user_id is null and created_at > ${since.toISOString()}::timestamptz
        on conflict (notification_id, user_id) do update set read_at = coalesce(broadcast_states.read_at, excluded.read_at)`);
    });
  }

  /** Deletes a personal notification, or hides a broadcast for this user only. */
  async remove(userId: string, notificationId: string): Promise<void> {
    const row = await this.findVisible(userId, notificationId);
    if (row.userId) {
      await this.deps.db
        .delete(notifications)
        .where(and(eq(notifications.id, row.id), eq(notifications.userId, userId)));
      return;
    }
    await this.deps.db
      .insert(broadcastStates)
      .values({ notificationId: row.id, userId, hiddenAt: this.deps.clock.now() })
      .onConflictDoUpdate({
        target: [broadcastStates.notificationId, broadcastStates.userId],
        set: { hiddenAt: sql`excluded.hidden_at` },
      });
  }

  // --- Admin -------------------------------------------------------------------------------------

  async adminSend(actorUserId: string, request: z.output<typeof adminNotificationRequestSchema>) {
    const { db, clock } = this.deps;
    const content = {
      title: request.title,
      message: request.message,
      type: request.type,
      link: request.link ?? null,
    };
    const { recorded, label } = await inTransaction(db, async (tx) => {
      let label: string | null = null;
      let recorded: RecordedBatch | null;
      if (request.userId) {
        const [user] = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(eq(users.id, request.userId));
        if (!user) throw notFound('User not found.');
        label = user.email;
        recorded = await this.record(
          tx,
          {
            source: 'admin',
            kind: 'admin',
            audience: 'user',
            userId: user.id,
            createdBy: actorUserId,
            ...content,
          },
          [{ userId: user.id, ...content }],
        );
      } else if (request.planId) {
        const [plan] = await tx
          .select({ id: rolloverPlans.id, name: rolloverPlans.name })
          .from(rolloverPlans)
          .where(eq(rolloverPlans.id, request.planId));
        if (!plan) throw notFound('Plan not found');
        label = plan.name;
        recorded = await this.record(
          tx,
          {
            source: 'admin',
            kind: 'admin',
            audience: 'plan',
            planId: plan.id,
            createdBy: actorUserId,
            ...content,
          },
          sql`select distinct s.user_id, ${content.title}::text as title, ${content.message}::text as message,
              ${content.type}::text as type, ${content.link}::text as link
            from rollover_subscriptions s where s.plan_id = ${plan.id}::uuid
              and s.expires_at > ${clock.now().toISOString()}::timestamptz`,
        );
      } else {
        recorded = await this.record(
          tx,
          { source: 'admin', kind: 'admin', audience: 'broadcast', createdBy: actorUserId, ...content },
          [{ userId: null, ...content }],
        );
      }
      if (!recorded) throw new Error('an admin notification was taken for a repeated one');
      await recordAudit(tx, clock.now(), {
        actorUserId,
        action: 'notification.send',
        targetType: 'notification',
        targetId: recorded.batchId,
        before: null,
        after: {
          ...content,
          audience: request.userId ? 'user' : request.planId ? 'plan' : 'broadcast',
          to: label,
        },
      });
      return { recorded, label };
    });
    this.announce(recorded);
    const [view] = await this.adminViews([recorded.batchId]);
    if (!view) throw new Error('the sent notification vanished');
    const recipients = recorded.recipients;
    return {
      message: request.userId
        ? `Sent to ${label}.`
        : request.planId
          ? `Sent to ${recipients} subscriber${recipients === 1 ? '' : 's'} of ${label}.`
          : 'Broadcast to everyone.',
      notification: view,
    };
  }

  private async adminViews(batchIds: string[]): Promise<AdminNotification[]> {
    if (!batchIds.length) return [];
    const rows = await this.deps.db
      .select({ batch: notificationBatches, email: users.email, plan: rolloverPlans.name })
      .from(notificationBatches)
      .leftJoin(users, eq(users.id, notificationBatches.userId))
      .leftJoin(rolloverPlans, eq(rolloverPlans.id, notificationBatches.planId))
      .where(inArray(notificationBatches.id, batchIds));
    const creators = await this.deps.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(users.id, [
          ...new Set(rows.flatMap(({ batch }) => (batch.createdBy ? [batch.createdBy] : []))),
        ]),
      );
    const creatorEmail = new Map(creators.map((creator) => [creator.id, creator.email]));
    const order = new Map(batchIds.map((id, index) => [id, index]));
    return rows
      .sort((a, b) => (order.get(a.batch.id) ?? 0) - (order.get(b.batch.id) ?? 0))
      .map(({ batch, email, plan }) => ({
        _id: batch.id,
        title: batch.title,
        message: batch.message,
        type: batch.type,
        link: batch.link,
        audience: batch.audience === 'users' ? 'broadcast' : batch.audience,
        audienceLabel: batch.audience === 'user' ? email : batch.audience === 'plan' ? plan : null,
        recipients: batch.recipients,
        createdAt: batch.createdAt.toISOString(),
        createdBy: batch.createdBy ? (creatorEmail.get(batch.createdBy) ?? null) : null,
      }));
  }

  async adminList(page: number, limit: number) {
    const where = eq(notificationBatches.source, 'admin');
    const [rows, totals] = await Promise.all([
      this.deps.db
        .select({ id: notificationBatches.id })
        .from(notificationBatches)
        .where(where)
        .orderBy(desc(notificationBatches.seq))
        .limit(limit)
        .offset((page - 1) * limit),
      this.deps.db.select({ value: count() }).from(notificationBatches).where(where),
    ]);
    return { notifications: await this.adminViews(rows.map((row) => row.id)), total: totals[0]?.value ?? 0 };
  }

  /** Withdraws what an admin sent: every notification of it, for everyone. */
  async adminDelete(actorUserId: string, batchId: string): Promise<void> {
    if (!isUuid(batchId)) throw notFound(notificationMessages.notFound);
    const { db, clock } = this.deps;
    await inTransaction(db, async (tx) => {
      const [batch] = await tx
        .delete(notificationBatches)
        .where(and(eq(notificationBatches.id, batchId), eq(notificationBatches.source, 'admin')))
        .returning();
      if (!batch) throw notFound(notificationMessages.notFound);
      await recordAudit(tx, clock.now(), {
        actorUserId,
        action: 'notification.delete',
        targetType: 'notification',
        targetId: batchId,
        before: {
          title: batch.title,
          message: batch.message,
          audience: batch.audience,
          recipients: batch.recipients,
        },
        after: null,
      });
    });
    this.visitorBroadcasts.clear();
  }

  // --- Web push subscriptions --------------------------------------------------------------------

  async subscribe(
    userId: string,
    request: z.output<typeof pushSubscribeRequestSchema>,
    userAgent: string | undefined,
  ) {
    const { subscription } = request;
    // One endpoint belongs to one browser: whoever subscribes it last owns it.
    await this.deps.db
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent: userAgent?.slice(0, 300) ?? null,
        createdAt: this.deps.clock.now(),
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          userAgent: userAgent?.slice(0, 300) ?? null,
        },
      });
  }

  async isSubscribed(userId: string, endpoint: string | undefined): Promise<boolean> {
    const [row] = await this.deps.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, userId),
          endpoint ? eq(pushSubscriptions.endpoint, endpoint) : undefined,
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  async unsubscribe(userId: string, endpoint: string | undefined): Promise<void> {
    await this.deps.db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, userId),
          endpoint ? eq(pushSubscriptions.endpoint, endpoint) : undefined,
        ),
      );
  }

  // --- Delivery (the outbox) ---------------------------------------------------------------------

  /**
   * Delivers every batch still to deliver, this process's round by round (`startDelivery`): runs
   * until stopped, at once when woken by a batch recorded here, else every second.
   */
  startDelivery(): void {
    if (this.delivery) return;
    this.delivery = startPollingLoop(this.deps.logger, 'notifications.delivery', CLAIM_BATCHES, () =>
      this.deliverPending(),
    );
  }

  async stopDelivery(): Promise<void> {
    const loop = this.delivery;
    this.delivery = undefined;
    if (!loop) return;
    loop.stop();
    await loop.finished;
  }

  /**
   * One round: claims the oldest undelivered batches that nobody else holds, delivers them and
   * answers how many it claimed. Small batches go together (one read of their notifications, one of
   * their recipients' devices, one call of each channel, one update): a purchase's notification
   * costs its share of a handful of statements, not a job of its own. A big one goes page by page.
   * A failed round leaves its batches to a later one, with back-off; a process that dies holding a
   * claim lets it run out (CLAIM_SECONDS) and another process takes the batches.
   */
  async deliverPending(): Promise<number> {
    const { db } = this.deps;
    // This process's own claims are retaken too: rounds here run one at a time, so one of them still
    // unfinished is a claim whose answer was lost with its connection, not a delivery under way.
    const claimed = await rowsOf<{ id: string; recipients: number; attempts: number }>(
      db.execute(sql`update notification_batches set
          delivery_claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}),
          delivery_claimed_by = ${this.processId}::uuid,
          delivery_attempts = delivery_attempts + 1
        where id in (select id from notification_batches
          where delivered_at is null and (delivery_claimed_until is null or delivery_claimed_until <= now()
            or delivery_claimed_by = ${this.processId}::uuid)
          order by seq limit ${CLAIM_BATCHES} for update skip locked)
        returning id, recipients, delivery_attempts as attempts`),
    );
    const small = claimed.filter((batch) => batch.recipients <= ANNOUNCE_NOW);
    if (small.length) {
      await this.deliverSmall(small.map((batch) => batch.id)).catch((error: unknown) =>
        this.deliveryFailed(small, error),
      );
    }
    for (const batch of claimed.filter((each) => each.recipients > ANNOUNCE_NOW)) {
      await this.deliverBatch(batch.id).catch((error: unknown) => this.deliveryFailed([batch], error));
    }
    return claimed.length;
  }

  /** Batches small enough to have been announced on their sockets already: push and hooks, together. */
  private async deliverSmall(batchIds: string[]): Promise<void> {
    const { db } = this.deps;
    const rows = await db
      .select()
      .from(notifications)
      .where(inArray(notifications.batchId, batchIds))
      .orderBy(notifications.seq);
    await this.deliverToChannels(rows);
    await db
      .update(notificationBatches)
      .set({ deliveredAt: this.deps.clock.now() })
      .where(inArray(notificationBatches.id, batchIds));
  }

  /**
   * A big batch: its sockets page by page (too many to announce at commit), then web push (to every
   * subscription for a broadcast, to the recipients' otherwise) and the plugged-in channels. Each
   * page renews the claim, so a long delivery is not taken over by another process.
   */
  async deliverBatch(batchId: string): Promise<void> {
    const { db } = this.deps;
    const [batch] = await db.select().from(notificationBatches).where(eq(notificationBatches.id, batchId));
    if (!batch || batch.deliveredAt) return;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.batchId, batchId), gt(notifications.id, after)))
        .orderBy(notifications.id)
        .limit(PAGE);
      if (!rows.length) break;
      after = (rows.at(-1) as NotificationRow).id;
      if (batch.recipients > ANNOUNCE_NOW) this.emit(rows);
      await this.deliverToChannels(rows);
      await db.execute(sql`update notification_batches
        set delivery_claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}) where id = ${batchId}::uuid`);
    }
    await db
      .update(notificationBatches)
      .set({ deliveredAt: this.deps.clock.now() })
      .where(eq(notificationBatches.id, batchId));
  }

  /**
   * Notifications (a round's small batches, or a page of a big one) to their channels: a broadcast
   * by web push to every device; personal ones by web push and each plugged-in channel (Telegram,
   * e-mail) side by side, so a slow one (a mail relay) never holds the others' messages back.
   * Every channel finishes before the first failure, if any, is raised (the batches are then tried
   * again: delivery is at-least-once).
   */
  private async deliverToChannels(rows: NotificationRow[]): Promise<void> {
    for (const row of rows) {
      if (row.userId === null) await this.pushToEveryone(row);
    }
    const personal = rows.filter((row) => row.userId !== null);
    if (!personal.length) return;
    const outcomes = await Promise.allSettled([
      this.pushToRecipients(personal),
      ...this.hooks.map((hook) => hook(personal)),
    ]);
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** Tried again after 2, 4, 8… seconds (at most 10 minutes); after the last attempt, given up and logged. */
  private async deliveryFailed(batches: { id: string; attempts: number }[], error: unknown): Promise<void> {
    const { db, logger } = this.deps;
    const giveUp = batches.filter((batch) => batch.attempts >= DELIVERY_ATTEMPTS);
    const retry = batches.filter((batch) => batch.attempts < DELIVERY_ATTEMPTS);
    const reason = error instanceof Error ? error.message : String(error);
    logger.warn(
      { err: error, batches: batches.length, givenUp: giveUp.length },
      'notification delivery failed',
    );
    try {
      for (const batch of retry) {
        const seconds = Math.min(2 ** batch.attempts, 600);
        // Nobody's claim, not before the back-off has passed.
        await db.execute(sql`update notification_batches
          set delivery_claimed_until = now() + make_interval(secs => ${seconds}), delivery_claimed_by = null
          where id = ${batch.id}::uuid`);
      }
      if (giveUp.length) {
        await db
          .update(notificationBatches)
          .set({ deliveredAt: this.deps.clock.now(), deliveryError: reason.slice(0, 500) })
          .where(
            inArray(
              notificationBatches.id,
              giveUp.map((batch) => batch.id),
            ),
          );
      }
    } catch (recordError) {
      // The claims run out by themselves: the batches are tried again then.
      logger.warn({ err: recordError }, 'could not record a failed notification delivery');
    }
  }

  private async pushToEveryone(row: NotificationRow): Promise<void> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      // Only the devices of people who keep push on (preferences).
      const subscriptions = (
        await this.deps.db
          .select()
          .from(pushSubscriptions)
          .innerJoin(users, and(eq(users.id, pushSubscriptions.userId), eq(users.pushNotifications, true)))
          // A broadcast is marketing: not for users on a time-out or self-excluded (PRODUCT 13).
          .where(and(gt(pushSubscriptions.id, after), notRestrictedAt(this.deps.clock.now())))
          .orderBy(pushSubscriptions.id)
          .limit(PAGE)
      ).map((row) => row.push_subscriptions);
      if (!subscriptions.length) return;
      after = (subscriptions.at(-1) as { id: string }).id;
      await this.pushAll(subscriptions.map((subscription) => ({ row, subscription })));
    }
  }

  private async pushToRecipients(rows: NotificationRow[]): Promise<void> {
    const subscriptions = (
      await this.deps.db
        .select()
        .from(pushSubscriptions)
        .innerJoin(users, and(eq(users.id, pushSubscriptions.userId), eq(users.pushNotifications, true)))
        .where(inArray(pushSubscriptions.userId, [...new Set(rows.map((row) => row.userId as string))]))
    ).map((row) => row.push_subscriptions);
    const byUser = new Map<string, (typeof subscriptions)[number][]>();
    for (const subscription of subscriptions) {
      byUser.set(subscription.userId, [...(byUser.get(subscription.userId) ?? []), subscription]);
    }
    await this.pushAll(
      rows.flatMap((row) =>
        (byUser.get(row.userId as string) ?? []).map((subscription) => ({ row, subscription })),
      ),
    );
  }

  private async pushAll(
    sends: { row: NotificationRow; subscription: typeof pushSubscriptions.$inferSelect }[],
  ): Promise<void> {
    await eachPaced(sends, { inFlight: PUSH_IN_FLIGHT, ...PUSH_PACE }, async ({ row, subscription }) => {
      const outcome = await this.deps.push.send(
        this.target(subscription),
        toPushPayload(row, this.deps.publicUrl),
      );
      await this.settlePush(outcome, row.id, subscription.id);
    });
  }

  private target(subscription: typeof pushSubscriptions.$inferSelect): PushTarget {
    return {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    };
  }

  /** A push's outcome: gone deletes the subscription, retry becomes a job of its own. */
  private async settlePush(
    outcome: PushOutcome,
    notificationId: string,
    subscriptionId: string,
  ): Promise<void> {
    const { db, jobs, logger } = this.deps;
    if (outcome.status === 'sent') return;
    if (outcome.status === 'gone') {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
      return;
    }
    if (outcome.status === 'retry') {
      await jobs.send(
        db,
        'notifications.push-retry',
        { notificationId, subscriptionId },
        {
          singletonKey: `${notificationId}:${subscriptionId}`,
          ...(outcome.retryAfterSeconds ? { startAfter: outcome.retryAfterSeconds } : { startAfter: 30 }),
        },
      );
      return;
    }
    logger.warn({ statusCode: outcome.statusCode }, 'a push service refused a notification');
  }

  /** A retried push: sent again; still failing, the job fails and pg-boss tries later with back-off. */
  async retryPush(notificationId: string, subscriptionId: string): Promise<void> {
    const { db } = this.deps;
    const [row] = await db.select().from(notifications).where(eq(notifications.id, notificationId));
    const [subscription] = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, subscriptionId));
    if (!row || !subscription) return;
    const outcome = await this.deps.push.send(
      this.target(subscription),
      toPushPayload(row, this.deps.publicUrl),
    );
    if (outcome.status === 'retry') throw new Error('the push service asked to try again later');
    if (outcome.status === 'gone')
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
  }

  /**
   * The morning reminder (09:00 Lagos): every running subscription whose last day is tomorrow, once
   * per day whatever retries or processes there are.
   */
  async remindEndingSubscriptions(): Promise<number> {
    const now = this.deps.clock.now();
    const today = lagosDay(now);
    const endsAt = lagosDayStart(addLagosDays(today, 2)).toISOString();
    const recorded = await inTransaction(this.deps.db, (tx) =>
      this.record(
        tx,
        {
          source: 'product',
          kind: 'ending-reminder',
          audience: 'users',
          title: 'Your plan ends tomorrow',
          message: 'Plans ending tomorrow were told.',
          type: 'warning',
          link: '/my-rollover',
          dedupeKey: `ending-reminder:${today}`,
        },
        sql`select s.user_id, 'Your plan ends tomorrow' as title,
            p.name || ' ends tomorrow at midnight. Renew it on Rollover Plans to keep your daily tips coming.' as message,
            'warning' as type, '/subscribe/' || p.id as link
          from ${rolloverSubscriptions} s join ${rolloverPlans} p on p.id = s.plan_id
          where s.expires_at = ${endsAt}::timestamptz`,
      ),
    );
    this.announce(recorded);
    return recorded?.recipients ?? 0;
  }
}
