import { z } from 'zod';
import { pageInfoSchema } from './wallet.ts';

/** Texts and constants of the notification screens (spec part 1 sections 2, 5, 8, 9; part 2). */
export const notificationMessages = {
  empty: 'No notifications',
  deleteConfirm: 'Are you sure you want to delete this notification?',
  serverError: 'Server error while fetching notifications',
  otherError: 'Could not fetch notifications',
  markAllRead: 'Mark all read',
  counts: (unread: number, total: number) => `${unread} unread • ${total} total`,
  pushEnabled: 'Push notifications enabled successfully!',
  pushDisabled: 'Push notifications disabled',
  pushDenied: 'Please enable notifications in your browser settings',
  pushUnsupported: 'This browser cannot show push notifications.',
  notFound: 'Notification not found',
  broadcastReadHere: 'This is a broadcast: mark it read on /api/notifications/broadcast/:id/read.',
  pushHttpsOnly: 'A push endpoint must be an https address.',
} as const;

export const NOTIFICATION_LIMITS = {
  /** The panel and the lists: at most 20, newest first. */
  list: 20,
  /** Broadcasts older than this are no longer listed. */
  broadcastDays: 30,
  /** A broadcast younger than this counts toward the bell's badge. */
  recentBroadcastDays: 7,
  /** Above this the badge shows '9+'. */
  badgeMax: 9,
  /** The dashboard banner: at most 5 broadcasts of the last 7 days, rotating every 5 s. */
  bannerItems: 5,
  bannerRotationMs: 5000,
  /** Push payloads stay under this (the push services' limit is about 4 KB). */
  pushPayloadBytes: 3000,
} as const;

export const notificationTypes = ['success', 'warning', 'error', 'info'] as const;
export type NotificationType = (typeof notificationTypes)[number];

/**
 * A notification as its reader sees it (PRODUCT 7): broadcast (for everyone) or personal. `readBy`
 * holds the current user's own entry only, never anyone else's.
 */
export const notificationSchema = z.object({
  _id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.enum(notificationTypes),
  /** An in-app path to open, when there is one. */
  link: z.string().nullable(),
  createdAt: z.string(),
  timestamp: z.string(),
  read: z.boolean(),
  readBy: z.array(z.object({ userId: z.string(), readAt: z.string() })),
  broadcast: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsResponseSchema = z.object({
  success: z.literal(true),
  notifications: z.array(notificationSchema),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const notificationHistoryQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1).max(10_000).default(1),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(20),
});
export const notificationHistoryResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  notifications: z.array(notificationSchema),
  unread: z.number(),
});
export type NotificationHistoryResponse = z.infer<typeof notificationHistoryResponseSchema>;

/** An in-app path: starts with one '/', no scheme, no host. */
export const inAppLink = z
  .string()
  .trim()
  .max(200)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'A link is a path in the app, such as /my-rollover.');

// --- Web push ---------------------------------------------------------------------------------

export const vapidKeyResponseSchema = z.object({ success: z.literal(true), publicKey: z.string() });

const base64url = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'A key is base64url text.');

export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .trim()
    .max(1000)
    .refine((value) => {
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    }, notificationMessages.pushHttpsOnly),
  keys: z.object({ p256dh: base64url, auth: base64url }),
  expirationTime: z.number().nullable().optional(),
});
export const pushSubscribeRequestSchema = z.object({
  subscription: pushSubscriptionSchema,
  /** Sent by the spec's client; the session decides whose subscription it is. */
  userId: z.string().max(100).optional(),
});
export type PushSubscribeRequest = z.input<typeof pushSubscribeRequestSchema>;
export const pushStatusQuerySchema = z.object({ endpoint: z.string().trim().max(1000).optional() });
export const pushStatusResponseSchema = z.object({ success: z.literal(true), isSubscribed: z.boolean() });
export const pushUnsubscribeRequestSchema = z
  .object({ endpoint: z.string().trim().max(1000).optional() })
  .optional();

/** What a push carries (PRODUCT 7): under 3 KB, never a paid code. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

// --- Admin -------------------------------------------------------------------------------------

export const adminNotificationRequestSchema = z
  .strictObject({
    title: z.string({ error: 'The title is required.' }).trim().min(2, 'The title is required.').max(80),
    message: z
      .string({ error: 'The message is required.' })
      .trim()
      .min(2, 'The message is required.')
      .max(500),
    type: z.enum(notificationTypes).default('info'),
    link: inAppLink.optional(),
    /** One user; with neither this nor `planId` the notification is a broadcast. */
    userId: z.uuid({ error: 'Unknown user.' }).optional(),
    /** Every user with a running subscription to this plan. */
    planId: z.uuid({ error: 'Unknown plan.' }).optional(),
  })
  .refine((value) => !(value.userId && value.planId), {
    message: 'Send to one user or to a plan’s subscribers, not both.',
    path: ['planId'],
  });
export type AdminNotificationRequest = z.input<typeof adminNotificationRequestSchema>;

export const notificationAudiences = ['broadcast', 'user', 'plan'] as const;
export const adminNotificationSchema = z.object({
  _id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.enum(notificationTypes),
  link: z.string().nullable(),
  audience: z.enum(notificationAudiences),
  /** Who it went to: the user's email, the plan's name, or null for everyone. */
  audienceLabel: z.string().nullable(),
  recipients: z.number(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type AdminNotification = z.infer<typeof adminNotificationSchema>;
export const adminNotificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminNotificationsResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  notifications: z.array(adminNotificationSchema),
});
export type AdminNotificationsResponse = z.infer<typeof adminNotificationsResponseSchema>;
export const adminNotificationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  notification: adminNotificationSchema,
});
export type AdminNotificationResponse = z.infer<typeof adminNotificationResponseSchema>;

/** Spec relative times: under 1 h 'Just now', under 24 h '{n}h ago', under 48 h 'Yesterday', else the local date. */
export function relativeTime(iso: string, now: Date, formatDate: (date: Date) => string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const hours = (now.getTime() - time) / 3_600_000;
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${Math.floor(hours)}h ago`;
  if (hours < 48) return 'Yesterday';
  return formatDate(new Date(time));
}
