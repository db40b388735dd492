import {
  type AdminNotificationRequest,
  adminNotificationRequestSchema,
  type NotificationType,
  type notificationAudiences,
} from '@cashtips/contract/notifications';
import { checkDraft, type DraftErrors, type DraftResult } from '../utils/form-draft.ts';

export type NotificationAudience = (typeof notificationAudiences)[number];

/** A user found with the admin users search, as the form keeps them once chosen. */
export interface ChosenUser {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** The send form as typed. The chosen user and plan are kept while another audience is picked. */
export interface NotificationDraft {
  title: string;
  message: string;
  type: NotificationType;
  link: string;
  audience: NotificationAudience;
  user: ChosenUser | null;
  planId: string;
}

export const TITLE_MAX = 80;
export const MESSAGE_MAX = 500;
export const LINK_MAX = 200;

export const emptyNotificationDraft = (): NotificationDraft => ({
  title: '',
  message: '',
  type: 'info',
  link: '',
  audience: 'broadcast',
  user: null,
  planId: '',
});

/** In the order the form offers them. */
export const notificationTypeOptions: readonly NotificationType[] = ['info', 'success', 'warning', 'error'];

export const notificationTypeLabels: Record<NotificationType, string> = {
  info: 'Info',
  success: 'Success',
  warning: 'Warning',
  error: 'Error',
};

const limitMessages: Record<string, string> = {
  title: `The title is at most ${TITLE_MAX} characters.`,
  message: `The message is at most ${MESSAGE_MAX} characters.`,
  link: `The link is at most ${LINK_MAX} characters.`,
};

/**
 * The request body, checked with the contract's schema: an empty link is left out, and only the chosen
 * audience's id is sent (neither for everyone). Choosing 'One user' or 'Subscribers of a plan' without
 * picking one is caught here, as the server would take it for a broadcast.
 */
export function validateNotificationDraft(draft: NotificationDraft): DraftResult<AdminNotificationRequest> {
  const missing: DraftErrors = {};
  if (draft.audience === 'user' && !draft.user) missing.userId = 'Choose the user to send it to.';
  if (draft.audience === 'plan' && !draft.planId)
    missing.planId = 'Choose the plan whose subscribers get it.';
  const raw = {
    title: draft.title,
    message: draft.message,
    type: draft.type,
    link: draft.link.trim() || undefined,
    userId: draft.audience === 'user' ? draft.user?._id : undefined,
    planId: draft.audience === 'plan' ? draft.planId || undefined : undefined,
  };
  return checkDraft(adminNotificationRequestSchema, raw, missing, limitMessages);
}
