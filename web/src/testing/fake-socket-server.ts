import type { ServerEventName, ServerEventPayload } from '@cashtips/contract/realtime';

/**
 * A stand-in for the browser's WebSocket that plays our Socket.IO server's side of the wire protocol
 * (Engine.IO 4 open packet, Socket.IO 5 CONNECT / EVENT packets). The real socket.io-client runs against it,
 * so tests see what a user would, without opening network connections.
 */
export interface FakeConnection {
  url: URL;
  /** The handshake's `auth` payload, once the client has sent CONNECT. */
  auth: Record<string, unknown> | null;
  closed: boolean;
}

const connections: FakeConnection[] = [];
const sockets = new Set<FakeWebSocket>();

class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;

  readyState = FakeWebSocket.CONNECTING;
  binaryType = 'arraybuffer';
  protocol = '';
  extensions = '';
  bufferedAmount = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly connection: FakeConnection;

  constructor(url: string | URL) {
    this.connection = { url: new URL(String(url)), auth: null, closed: false };
    connections.push(this.connection);
    sockets.add(this);
    queueMicrotask(() => {
      if (this.readyState !== FakeWebSocket.CONNECTING) return;
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event('open'));
      this.receive(
        `0${JSON.stringify({ sid: `eio-${connections.length}`, upgrades: [], pingInterval: 25_000, pingTimeout: 20_000, maxPayload: 1_000_000 })}`,
      );
    });
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) return;
    if (data.startsWith('40')) {
      // Socket.IO CONNECT to the main namespace, with the auth payload.
      const payload = data.slice(2);
      this.connection.auth = payload ? (JSON.parse(payload) as Record<string, unknown>) : {};
      queueMicrotask(() => this.receive(`40${JSON.stringify({ sid: `sio-${connections.length}` })}`));
    } else if (data === '41') {
      this.connection.closed = true;
    }
  }

  close(): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.connection.closed = true;
    sockets.delete(this);
    this.onclose?.(new CloseEvent('close', { code: 1000, wasClean: true }));
  }

  addEventListener(): void {}
  removeEventListener(): void {}

  receive(data: string): void {
    if (this.readyState === FakeWebSocket.OPEN) this.onmessage?.(new MessageEvent('message', { data }));
  }
}

export const fakeSocketServer = {
  install(): void {
    Object.defineProperty(globalThis, 'WebSocket', {
      value: FakeWebSocket,
      writable: true,
      configurable: true,
    });
  },
  /** Every connection opened since the last reset, oldest first. */
  connections(): readonly FakeConnection[] {
    return connections;
  },
  /** Connections that completed the Socket.IO handshake and are still open. */
  connected(): FakeConnection[] {
    return [...sockets]
      .filter((socket) => socket.connection.auth !== null)
      .map((socket) => socket.connection);
  },
  /** Emits an event to every connected client, as the server's publish() would. */
  emit<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
    for (const socket of sockets) {
      if (socket.connection.auth !== null) socket.receive(`42${JSON.stringify([event, payload])}`);
    }
  },
  reset(): void {
    for (const socket of [...sockets]) socket.close();
    connections.length = 0;
  },
};
