import { type ServerToClientEvents, SOCKET_PATH } from '@cashtips/contract/realtime';
import { io, type Socket } from 'socket.io-client';

/** Only signed-in screens import this module (through a dynamic import), never the landing or auth pages. */
export type AppSocket = Socket<ServerToClientEvents, Record<string, never>>;

/** The spec's socket client defaults. */
export const socketOptions = {
  path: SOCKET_PATH,
  // WebSocket only: long-polling needs sticky sessions when several processes sit behind a load balancer.
  transports: ['websocket'],
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const;

let current: { token: string; socket: AppSocket } | null = null;

/** The one socket of this tab, on the same origin, opened with `token`; a new token closes the old socket. */
export function connectSocket(token: string): AppSocket {
  if (current?.token === token) return current.socket;
  disconnectSocket();
  const socket: AppSocket = io({
    ...socketOptions,
    transports: [...socketOptions.transports],
    auth: { token },
  });
  current = { token, socket };
  return socket;
}

/**
 * On logout or a token change: no socket may outlive the session it was opened with. Given a token, only
 * that session's socket closes (a socket already opened for the next token stays).
 */
export function disconnectSocket(token?: string): void {
  if (!current || (token !== undefined && current.token !== token)) return;
  current.socket.removeAllListeners();
  current.socket.disconnect();
  current = null;
}

let publicSocket: { socket: AppSocket; users: number } | null = null;

/**
 * A socket without a token, for public screens a visitor opens (the booking-code list's live buyer counts).
 * Shared by whoever holds it; the last `release` closes it.
 */
export function acquirePublicSocket(): { socket: AppSocket; release: () => void } {
  if (!publicSocket) {
    publicSocket = {
      socket: io({ ...socketOptions, transports: [...socketOptions.transports] }),
      users: 0,
    };
  }
  const entry = publicSocket;
  entry.users += 1;
  let released = false;
  return {
    socket: entry.socket,
    release: () => {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users === 0 && publicSocket === entry) {
        entry.socket.removeAllListeners();
        entry.socket.disconnect();
        publicSocket = null;
      }
    },
  };
}
