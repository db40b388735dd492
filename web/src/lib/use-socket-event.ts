import type { ServerEventName, ServerEventPayload } from '@cashtips/contract/realtime';
import { useEffect, useRef } from 'react';
import { useSession } from './session/session-context.ts';

interface SocketEventOptions {
  /**
   * Also for a visitor, on a socket without a token (public events only: live buyer counts, match
   * scores), opened while a screen listening to it is mounted.
   */
  visitors?: boolean;
}

/** Socket.IO's typed `on` cannot follow a generic event name through its overloads. */
interface UntypedEmitter<E extends ServerEventName> {
  on: (name: string, fn: (payload: ServerEventPayload<E>) => void) => void;
  off: (name: string, fn: (payload: ServerEventPayload<E>) => void) => void;
}

/**
 * Listens to one server event on the signed-in user's socket (or, with `visitors`, a visitor's public
 * socket). The socket client loads on first use, after the screen has rendered, so it never delays a
 * page or reaches the public bundles.
 */
export function useSocketEvent<E extends ServerEventName>(
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
  { visitors = false }: SocketEventOptions = {},
): void {
  const { token } = useSession();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });

  useEffect(() => {
    if (!token && !visitors) return;
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    void import('./socket.ts').then(({ acquirePublicSocket, connectSocket }) => {
      if (cancelled) return;
      const held = token ? { socket: connectSocket(token), release: () => undefined } : acquirePublicSocket();
      const target = held.socket as unknown as UntypedEmitter<E>;
      const listener = (payload: ServerEventPayload<E>) => handlerRef.current(payload);
      target.on(event, listener);
      unsubscribe = () => {
        target.off(event, listener);
        held.release();
      };
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [event, token, visitors]);
}

/** Closes the socket when the session ends or its token changes; mounted once by the signed-in layout. */
export function useSocketLifecycle(): void {
  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    return () => {
      void import('./socket.ts').then(({ disconnectSocket }) => disconnectSocket(token));
    };
  }, [token]);
}
