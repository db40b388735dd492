import type { Notification } from '@cashtips/contract/notifications';

const HOUR = 3_600_000;

/** A notification `hoursAgo` before now; personal and unread unless told otherwise. */
export function notification(
  id: string,
  hoursAgo: number,
  overrides: Partial<Notification> = {},
): Notification {
  const createdAt = new Date(Date.now() - hoursAgo * HOUR).toISOString();
  return {
    _id: id,
    title: `Title ${id}`,
    message: `Message ${id}`,
    type: 'info',
    link: null,
    createdAt,
    timestamp: createdAt,
    read: false,
    readBy: [],
    broadcast: false,
    ...overrides,
  };
}

export const broadcast = (id: string, hoursAgo: number, overrides: Partial<Notification> = {}) =>
  notification(id, hoursAgo, { broadcast: true, ...overrides });

export const listAnswer = (notifications: Notification[]) => ({ body: { success: true, notifications } });
