import type { ServerEventName, ServerEventPayload } from '@cashtips/contract/realtime';
import { useEffect, useRef } from 'react';
import { useSession } from './session/session-context.ts';

/**
 * Listens to one server event on the signed-in user's socket. The socket client loads on first use,
 * after the screen has rendered, so it never delays a page or reaches the public bundles.
 */
export function useSocketEvent<E extends ServerEventName>(
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
): void {
  const { token } = useSession();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    void import('./socket.ts').then(({ connectSocket }) => {
      if (cancelled) return;
      const socket = connectSocket(token);
      const listener = (payload: ServerEventPayload<E>) => handlerRef.current(payload);
      // Socket.IO's typed `on` cannot follow a generic event name through its overloads.
      const target = socket as unknown as {
        on: (name: string, fn: (payload: ServerEventPayload<E>) => void) => void;
        off: (name: string, fn: (payload: ServerEventPayload<E>) => void) => void;
      };
      target.on(event, listener);
      unsubscribe = () => target.off(event, listener);
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [event, token]);
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
