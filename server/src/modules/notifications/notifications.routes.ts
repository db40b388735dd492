import { messageResponseSchema } from '@cashtips/contract/errors';
import {
  adminNotificationRequestSchema,
  adminNotificationResponseSchema,
  adminNotificationsQuerySchema,
  adminNotificationsResponseSchema,
  notificationHistoryQuerySchema,
  notificationHistoryResponseSchema,
  notificationSchema,
  notificationsResponseSchema,
  pushStatusQuerySchema,
  pushStatusResponseSchema,
  pushSubscribeRequestSchema,
  pushUnsubscribeRequestSchema,
  vapidKeyResponseSchema,
} from '@cashtips/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams, sendReadyJson } from '../../lib/http.ts';
import { pageInfo } from '../../lib/pages.ts';
import { type Access, currentSession } from '../auth/access.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const notificationResponseSchema = z.object({ success: z.literal(true), notification: notificationSchema });

export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: { access: Access; notifications: NotificationsService; vapidPublicKey: string },
): void {
  const { access, notifications } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const userOf = (request: Parameters<typeof currentSession>[0]) => currentSession(request).userId;

  routes.get(
    '/api/notifications/broadcast',
    {
      schema: {
        security: [{}, { bearer: [] }],
        tags,
        summary: 'Broadcasts of the last 30 days, newest first (public; with a token, the reader’s state)',
        response: { 200: notificationsResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = await access.viewer(request);
      // Without a token everyone gets the same answer: built once per 2 s.
      if (!viewer) return sendReadyJson(reply, await notifications.visitorBroadcastsJson());
      return { success: true as const, notifications: await notifications.broadcasts(viewer.userId) };
    },
  );

  routes.get(
    '/api/notifications',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'The signed-in user’s personal notifications, newest first',
        security,
        response: { 200: notificationsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      success: true as const,
      notifications: await notifications.personal(userOf(request)),
    }),
  );

  routes.get(
    '/api/notifications/history',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Personal notifications and broadcasts together, newest first, paged',
        security,
        querystring: notificationHistoryQuerySchema,
        response: { 200: notificationHistoryResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const history = await notifications.history(userOf(request), page, limit);
      return { success: true as const, ...history, ...pageInfo(page, limit, history.total) };
    },
  );

  // Before '/:id/read', so 'read-all' is never taken for an id.
  routes.patch(
    '/api/notifications/read-all',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Marks every personal notification and visible broadcast read',
        security,
        response: { 200: messageResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await notifications.readAll(userOf(request));
      return { success: true as const, message: 'All notifications marked as read.' };
    },
  );

  routes.patch(
    '/api/notifications/broadcast/:id/read',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Marks a broadcast read for the signed-in user',
        security,
        params: idParams,
        response: { 200: notificationResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      notification: await notifications.markBroadcastRead(userOf(request), request.params.id),
    }),
  );

  routes.patch(
    '/api/notifications/:id/read',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Marks a personal notification read (403 for a broadcast: use the broadcast route)',
        security,
        params: idParams,
        response: { 200: notificationResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      notification: await notifications.markRead(userOf(request), request.params.id),
    }),
  );

  routes.delete(
    '/api/notifications/:id',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Deletes a personal notification, or hides a broadcast for the signed-in user only',
        security,
        params: idParams,
        response: { 200: messageResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      await notifications.remove(userOf(request), request.params.id);
      return { success: true as const, message: 'Notification deleted.' };
    },
  );

  // --- Web push -----------------------------------------------------------------------------------

  routes.get(
    '/api/notifications/push/vapid-public-key',
    {
      schema: {
        security: [],
        tags,
        summary: 'The VAPID public key browsers subscribe with',
        response: { 200: vapidKeyResponseSchema },
      },
    },
    async () => ({ success: true as const, publicKey: deps.vapidPublicKey }),
  );

  routes.post(
    '/api/notifications/push/subscribe',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Keeps this browser’s push subscription for the signed-in user (https endpoints only)',
        security,
        body: pushSubscribeRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await notifications.subscribe(userOf(request), request.body, request.headers['user-agent']);
      return { success: true as const, message: 'Push notifications enabled.' };
    },
  );

  routes.get(
    '/api/notifications/push/status',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Whether this endpoint (or, without one, any browser of the user) gets push notifications',
        security,
        querystring: pushStatusQuerySchema,
        response: { 200: pushStatusResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      success: true as const,
      isSubscribed: await notifications.isSubscribed(userOf(request), request.query.endpoint || undefined),
    }),
  );

  routes.delete(
    '/api/notifications/push/unsubscribe',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: 'Stops push notifications to this endpoint, or (without one) to every browser of the user',
        security,
        body: pushUnsubscribeRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await notifications.unsubscribe(userOf(request), request.body?.endpoint || undefined);
      return { success: true as const, message: 'Push notifications disabled.' };
    },
  );

  // --- Admin --------------------------------------------------------------------------------------

  app.register(async (scope) => {
    scope.addHook('onRequest', access.requireAdmin);
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.get(
      '/api/admin/notifications',
      {
        schema: {
          tags: ['admin'],
          summary: 'What admins sent: broadcasts, messages to a user and to a plan’s subscribers',
          security,
          querystring: adminNotificationsQuerySchema,
          response: { 200: adminNotificationsResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { page, limit } = request.query;
        const list = await notifications.adminList(page, limit);
        return { success: true as const, ...list, ...pageInfo(page, limit, list.total) };
      },
    );
    admin.post(
      '/api/admin/notifications',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Send a notification: to everyone (no userId or planId), one user, or a plan’s running subscribers',
          security,
          body: adminNotificationRequestSchema,
          response: { 201: adminNotificationResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          success: true as const,
          ...(await notifications.adminSend(userOf(request), request.body)),
        }),
    );
    admin.delete(
      '/api/admin/notifications/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Withdraw what an admin sent, for everyone it went to',
          security,
          params: idParams,
          response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        await notifications.adminDelete(userOf(request), request.params.id);
        return { success: true as const, message: 'Notification withdrawn.' };
      },
    );
  });
}
