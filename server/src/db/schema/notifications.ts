import { notificationTypes } from '@cashtips/contract/notifications';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { rolloverPlans } from './rollover.ts';
import { sqlList } from './sql-helpers.ts';
import { users } from './users.ts';

export const notificationSources = ['admin', 'product'] as const;
export const notificationAudiences = ['broadcast', 'user', 'plan', 'users'] as const;

/**
 * One sending: an admin's broadcast, message to a user or to a plan's subscribers, or one product
 * event (a deposit, a purchase, a settlement telling many buyers). A batch written is a batch to
 * deliver: the table is its own outbox (decision 010). A process claims undelivered batches for a
 * while (`deliveryClaimedUntil`), pushes them and hands them to the other channels, then sets
 * `deliveredAt`; a claim that runs out (the process died) lets another process take them.
 */
export const notificationBatches = pgTable(
  'notification_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: newest first even for sendings made in the same instant. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    source: text('source', { enum: notificationSources }).notNull(),
    /** What made it: 'admin', or the product event ('deposit', 'code-purchase', 'tip-posted'…). */
    kind: text('kind').notNull(),
    audience: text('audience', { enum: notificationAudiences }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').references(() => rolloverPlans.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: notificationTypes }).notNull(),
    link: text('link'),
    createdBy: uuid('created_by').references(() => users.id),
    recipients: integer('recipients').notNull().default(0),
    /** One batch per product event (e.g. 'ending-reminder:2026-11-24'): a retried job cannot send twice. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    deliveryClaimedUntil: timestamp('delivery_claimed_until', { withTimezone: true, mode: 'date' }),
    /** The process holding the claim (each process names itself at start). */
    deliveryClaimedBy: uuid('delivery_claimed_by'),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    /** Why delivery was given up after its last attempt (then `deliveredAt` is set too). */
    deliveryError: text('delivery_error'),
  },
  (table) => [
    check('notification_batches_source_check', sql`${table.source} in (${sqlList(notificationSources)})`),
    check(
      'notification_batches_audience_check',
      sql`${table.audience} in (${sqlList(notificationAudiences)})`,
    ),
    check('notification_batches_type_check', sql`${table.type} in (${sqlList(notificationTypes)})`),
    // The admin's list of sendings, newest first; the product's own notices (a batch with every
    // purchase) stay out of it, so writing them costs this index nothing.
    index('notification_batches_admin_seq_idx').on(table.seq).where(sql`${table.source} = 'admin'`),
    uniqueIndex('notification_batches_dedupe_unique').on(table.dedupeKey),
    // The outbox: what is still to deliver, oldest first, without reading delivered history.
    index('notification_batches_undelivered_idx').on(table.seq).where(sql`${table.deliveredAt} is null`),
  ],
);

/** A notification: personal (one user) or broadcast (no user, everyone). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: newest first even for notifications made in the same instant. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => notificationBatches.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: notificationTypes }).notNull(),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** A personal notification's read time; a broadcast's is per user in broadcast_states. */
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('notifications_type_check', sql`${table.type} in (${sqlList(notificationTypes)})`),
    index('notifications_user_seq_idx').on(table.userId, table.seq),
    index('notifications_broadcast_seq_idx').on(table.seq).where(sql`${table.userId} is null`),
    index('notifications_batch_idx').on(table.batchId),
  ],
);

/** Per user: a broadcast read, or hidden (deleted for that user only). */
export const broadcastStates = pgTable(
  'broadcast_states',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    primaryKey({ columns: [table.notificationId, table.userId] }),
    index('broadcast_states_user_idx').on(table.userId),
  ],
);

/** A browser's web push subscription (one per endpoint), owned by the user who made it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);
