import type { MatchEvent } from './football.ts';
import type { Notification } from './notifications.ts';
import type { Withdrawal } from './payouts.ts';

/** Socket.IO events. The server emits only these; the web client listens only to these. */

/** One notification as its reader sees it (the same view the lists answer; see notifications.ts). */
export type NotificationEvent = Notification;

export interface LiveActivityEvent {
  /** A booking code's buyers or a rollover plan's subscribers changed. */
  type: 'bookingCode' | 'rolloverPlan';
  id: string;
  count: number;
  /** The server's slot figures after the change, so screens never work them out themselves. */
  slotsLeft?: number | null;
  soldOut?: boolean;
}

export interface ActivityEvent {
  id: string;
  icon: string;
  color: string;
  title: string;
  time: string;
  description: string;
}

export interface WalletEvent {
  mainWallet: number;
  bonusWallet: number;
}

/** The user's Telegram link changed (linked from the bot, unlinked, alerts switched). */
export interface TelegramEvent {
  telegramId: string | null;
  telegramUsername: string | null;
  telegramNotifications: boolean;
}

export interface ServerToClientEvents {
  notification: (payload: NotificationEvent) => void;
  'live-activity': (payload: LiveActivityEvent) => void;
  activity: (payload: ActivityEvent) => void;
  wallet: (payload: WalletEvent) => void;
  telegram: (payload: TelegramEvent) => void;
  /** A registered match's live state changed (public: scores are public, picks stay locked). */
  match: (payload: MatchEvent) => void;
  /** One of the user's withdrawals changed status (the same view the list answers). */
  withdrawal: (payload: Withdrawal) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Where an event goes: every socket (public), or the sockets of one signed-in user. */
/**
 * `public`: every socket, visitors too. `broadcast`: the same but for users taking a break or
 * excluded (PRODUCT 13: no broadcast or marketing reaches them). `user`: one user's sockets.
 */
export type Audience = { kind: 'public' } | { kind: 'broadcast' } | { kind: 'user'; userId: string };

export const SOCKET_PATH = '/socket.io';
export const publicRoom = 'public';
export const userRoom = (userId: string) => `user:${userId}`;
