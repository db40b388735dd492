import {
  type Notification,
  type NotificationHistoryResponse,
  type NotificationsResponse,
  notificationMessages,
} from '@cashtips/contract/notifications';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { ApiError, api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useSocketEvent } from '../../../lib/use-socket-event.ts';
import { isUnread, markedRead, mergeNotifications } from '../notification-rules.ts';

/** Spec part 1 §8: a 404 is an empty list, not an error. */
async function listOrEmpty(path: string, signal: AbortSignal): Promise<Notification[]> {
  try {
    const body = await api.get<NotificationsResponse>(path, { signal });
    return Array.isArray(body?.notifications) ? body.notifications : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    if (error instanceof ApiError && error.status >= 500)
      console.error('Server error while fetching notifications', error);
    throw error;
  }
}

/** The spec's texts for a failed fetch: a 5xx, or anything else. */
export function notificationsErrorText(error: unknown): string {
  return error instanceof ApiError && error.status >= 500
    ? notificationMessages.serverError
    : notificationMessages.otherError;
}

/**
 * The bell's list: broadcasts (carrying the reader's own state) and personal notifications merged,
 * newest first, at most 20. A failed personal fetch is ignored while broadcasts still show.
 */
export function useNotificationFeed() {
  const { token, user } = useSession();
  const readerId = user?.id ?? null;
  const broadcasts = useQuery({
    queryKey: queryKeys.notificationBroadcasts,
    queryFn: ({ signal }) => listOrEmpty('/notifications/broadcast', signal),
  });
  const personal = useQuery({
    queryKey: queryKeys.notificationPersonal,
    queryFn: ({ signal }) => listOrEmpty('/notifications', signal),
    enabled: Boolean(token),
  });
  const items = useMemo(
    () => mergeNotifications(broadcasts.data ?? [], personal.data ?? []),
    [broadcasts.data, personal.data],
  );
  return {
    items,
    /** How many of `items` the reader has not read. */
    unread: items.filter((item) => isUnread(item, readerId)).length,
    broadcasts: broadcasts.data ?? [],
    loading: broadcasts.isPending && (!token || personal.isPending),
    error: broadcasts.isError ? notificationsErrorText(broadcasts.error) : null,
    retry: () => void broadcasts.refetch(),
  };
}

/** GET /api/notifications/history: personal and broadcast, newest first, paged (the /notifications page). */
export function useNotificationHistory(page: number, limit = 20) {
  return useQuery({
    queryKey: queryKeys.notificationHistory(page),
    queryFn: ({ signal }) =>
      api.get<NotificationHistoryResponse>(`/notifications/history?page=${page}&limit=${limit}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

type CachedNotifications = Notification[] | NotificationHistoryResponse | undefined;

/** Applies `change` to every cached copy of the notifications (lists and history pages); null removes. */
function updateEveryCopy(
  queryClient: QueryClient,
  change: (item: Notification) => Notification | null,
): void {
  const apply = (items: Notification[]) =>
    items.flatMap((item) => {
      const next = change(item);
      return next ? [next] : [];
    });
  queryClient.setQueriesData<CachedNotifications>({ queryKey: queryKeys.notifications }, (cached) => {
    if (!cached) return cached;
    if (Array.isArray(cached)) return apply(cached);
    const notifications = apply(cached.notifications);
    const unread = notifications.filter((item) => !item.read).length;
    const before = cached.notifications.filter((item) => !item.read).length;
    return {
      ...cached,
      notifications,
      total: cached.total - (cached.notifications.length - notifications.length),
      unread: Math.max(0, cached.unread - (before - unread)),
    };
  });
}

/**
 * Mark read, mark all read and delete: the screen changes at once; a failure is only logged (spec
 * part 1 §8) and the lists are fetched again so they show the server's truth.
 */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const readerId = user?.id ?? null;

  const settle = useCallback(
    async (what: string, call: () => Promise<unknown>) => {
      try {
        await call();
        // The history's unread figure comes from the server.
        await queryClient.invalidateQueries({ queryKey: ['notifications', 'history'] });
      } catch (error) {
        console.warn(`Could not ${what}`, error);
        await queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
      }
    },
    [queryClient],
  );

  const markRead = useCallback(
    async (item: Notification) => {
      if (!readerId) return;
      const readAt = new Date().toISOString();
      updateEveryCopy(queryClient, (cached) =>
        cached._id === item._id ? markedRead(cached, readerId, readAt) : cached,
      );
      const id = encodeURIComponent(item._id);
      await settle('mark the notification read', async () => {
        try {
          await api.patch(`/notifications/${id}/read`);
        } catch (error) {
          // Spec: a broadcast answers 403 on the personal route; the call is retried on its own route.
          if (!(error instanceof ApiError && error.status === 403)) throw error;
          await api.patch(`/notifications/broadcast/${id}/read`);
        }
      });
    },
    [queryClient, readerId, settle],
  );

  const markAllRead = useCallback(async () => {
    if (!readerId) return;
    const readAt = new Date().toISOString();
    updateEveryCopy(queryClient, (cached) => markedRead(cached, readerId, readAt));
    await settle('mark every notification read', () => api.patch('/notifications/read-all'));
  }, [queryClient, readerId, settle]);

  const remove = useCallback(
    async (item: Notification) => {
      if (!readerId) return;
      updateEveryCopy(queryClient, (cached) => (cached._id === item._id ? null : cached));
      await settle('delete the notification', () =>
        api.delete(`/notifications/${encodeURIComponent(item._id)}`),
      );
    },
    [queryClient, readerId, settle],
  );

  return { markRead, markAllRead, remove, signedIn: readerId !== null };
}

/**
 * A notification arriving on the socket goes to the top of its list at once (spec part 1 §4);
 * mounted once for the signed-in visit.
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  useSocketEvent('notification', (item) => {
    const key = item.broadcast ? queryKeys.notificationBroadcasts : queryKeys.notificationPersonal;
    queryClient.setQueryData<Notification[]>(key, (cached) =>
      cached ? [item, ...cached.filter((existing) => existing._id !== item._id)] : cached,
    );
    void queryClient.invalidateQueries({ queryKey: ['notifications', 'history'] });
  });
}
