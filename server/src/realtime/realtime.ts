import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import {
  type Audience,
  publicRoom,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
  SOCKET_PATH,
  userRoom,
} from '@cashtips/contract/realtime';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type pg from 'pg';
import { Server } from 'socket.io';
import type { Notify } from '../db/notify-batch.ts';
import type { SessionClaims } from '../modules/auth/session-tokens.ts';
import { engineErrorBody } from '../plugins/edge-errors.ts';

interface SocketData {
  userId: string | undefined;
}

/** Between processes: a public event, for each process to emit to its own sockets. */
interface InterServerEvents {
  'public-event': (event: ServerEventName, payload: unknown, skipRestricted: boolean) => void;
}

type RealtimeServer = Server<Record<string, never>, ServerToClientEvents, InterServerEvents, SocketData>;

/**
 * Public events reach this process's sockets this many at a time, one slice per turn of the event
 * loop: writing to 5,000 sockets at once held the loop ~100 ms, and every request waited (the
 * notifications benchmark measured the code list's p99 at 100 ms during a broadcast, 20 ms sliced).
 */
const PUBLIC_SLICE = 100;

const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/**
 * The sockets of users on a time-out or self-excluded, one room per end (in ms): broadcasts skip a
 * room until its end. A socket joins when it connects during a restriction or when one starts; once
 * the end has passed, the next broadcast reaches it again (and empties the room).
 */
const restrictedRoomPrefix = 'restricted:';
const restrictedRoom = (until: Date) => `${restrictedRoomPrefix}${until.getTime()}`;

export interface Realtime {
  /** The one way any feature sends a live event; reaches sockets on every process. */
  publish<E extends ServerEventName>(audience: Audience, event: E, payload: ServerEventPayload<E>): void;
  /** Disconnects the sockets opened with sessions that have just ended (logout, reset). */
  endSessions(sessionIds: string[]): void;
  /** A restriction has started: the user's open sockets, on every process, get no broadcasts until it ends. */
  restrict(userId: string, until: Date): void;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  httpServer: HttpServer;
  authenticate: (token: string) => Promise<SessionClaims | undefined>;
  /** When the user's time-out or self-exclusion ends, if one is on now (read when their socket connects). */
  restrictedUntil: (userId: string) => Promise<Date | undefined>;
  /** The app's clock: a restriction ends by it. */
  now: () => Date;
  corsOrigins: string[];
  logger: Logger;
  /** With a shared PostgreSQL, events cross processes through it; embedded mode is one process. */
  postgres: { pool: pg.Pool; notify: Notify } | undefined;
  /** The security headers every answer carries; the engine's own HTTP answers set them too. */
  headers: Readonly<Record<string, string>>;
}

export function createRealtime(options: RealtimeOptions): Realtime {
  const io: RealtimeServer = new Server(options.httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    cors: options.corsOrigins.length ? { origin: options.corsOrigins } : undefined,
    // Small events only; a larger frame is a misbehaving client.
    maxHttpBufferSize: 16_384,
  });
  // The engine answers its own HTTP requests (polling, handshake errors) outside Fastify.
  io.engine.use((_request: IncomingMessage, response: ServerResponse, next: () => void) => {
    for (const [name, value] of Object.entries(options.headers)) response.setHeader(name, value);
    speakErrorContract(response);
    next();
  });
  const listener = options.postgres
    ? adapterPoolView(options.postgres.pool, options.postgres.notify)
    : undefined;
  if (listener) io.adapter(createAdapter(listener.pool, { tableName: 'socket_io_attachments' }));

  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    socket.data.userId = undefined;
    if (!token) return next();
    try {
      const claims = await options.authenticate(token);
      if (!claims) return next(new Error('Session expired. Please log in again.'));
      socket.data.userId = claims.userId;
      const rooms = [userRoom(claims.userId), sessionRoom(claims.sessionId)];
      const restrictedUntil = await options.restrictedUntil(claims.userId);
      if (restrictedUntil) rooms.push(restrictedRoom(restrictedUntil));
      await socket.join(rooms);
      next();
    } catch (error) {
      options.logger.error({ err: error }, 'socket authentication failed');
      next(new Error('Could not check the session'));
    }
  });
  io.on('connection', (socket) => {
    void socket.join(publicRoom);
  });

  // This process's restricted rooms and their ends, kept as the adapter makes and drops rooms.
  const restrictedRooms = new Map<string, number>();
  const localAdapter = io.of('/').adapter;
  localAdapter.on('create-room', (room: string) => {
    if (room.startsWith(restrictedRoomPrefix))
      restrictedRooms.set(room, Number(room.slice(restrictedRoomPrefix.length)));
  });
  localAdapter.on('delete-room', (room: string) => restrictedRooms.delete(room));
  /** The sockets of restrictions still on; the rooms of those that ended are emptied. */
  const restrictedSockets = (): Set<string> => {
    const now = options.now().getTime();
    const skipped = new Set<string>();
    for (const [room, until] of restrictedRooms) {
      if (until > now) for (const id of localAdapter.rooms.get(room) ?? []) skipped.add(id);
      else io.local.in(room).socketsLeave(room);
    }
    return skipped;
  };

  // One queue, so every socket gets public events in the order they were published.
  const publicQueue: { event: ServerEventName; payload: unknown; socketIds: string[]; next: number }[] = [];
  let draining = false;
  const drainPublicQueue = () => {
    const head = publicQueue[0];
    if (!head) {
      draining = false;
      return;
    }
    const slice = head.socketIds.slice(head.next, head.next + PUBLIC_SLICE);
    // Socket.IO's emit typing cannot follow a generic event name through its overloads.
    (io.local.to(slice).emit as (event: string, payload: unknown) => boolean)(head.event, head.payload);
    head.next += PUBLIC_SLICE;
    if (head.next >= head.socketIds.length) publicQueue.shift();
    setImmediate(drainPublicQueue);
  };
  const emitToLocalPublic = (event: ServerEventName, payload: unknown, skipRestricted: boolean) => {
    const restricted = skipRestricted ? restrictedSockets() : undefined;
    const socketIds = [...(localAdapter.rooms.get(publicRoom) ?? [])].filter((id) => !restricted?.has(id));
    if (!socketIds.length) return;
    publicQueue.push({ event, payload, socketIds, next: 0 });
    if (!draining) {
      draining = true;
      drainPublicQueue();
    }
  };
  io.on('public-event', (event, payload, skipRestricted) =>
    emitToLocalPublic(event, payload, skipRestricted),
  );

  return {
    publish(audience, event, payload) {
      if (audience.kind === 'public' || audience.kind === 'broadcast') {
        const skipRestricted = audience.kind === 'broadcast';
        emitToLocalPublic(event, payload, skipRestricted);
        // Other processes emit it to their own sockets, sliced the same way.
        if (listener) io.serverSideEmit('public-event', event, payload, skipRestricted);
        return;
      }
      (io.to(userRoom(audience.userId)).emit as (event: string, payload: unknown) => boolean)(event, payload);
    },
    endSessions(sessionIds) {
      if (sessionIds.length) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    restrict(userId, until) {
      io.in(userRoom(userId)).socketsJoin(restrictedRoom(until));
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
      await listener?.releaseAll();
    },
  };
}

/**
 * The engine refuses a bad handshake with `{ code, message }` of its own (engine.io's
 * abortRequest: writeHead, then end with the JSON); the body is rewritten into our error contract.
 */
function speakErrorContract(response: ServerResponse): void {
  const end = response.end.bind(response) as (chunk?: unknown, ...rest: unknown[]) => ServerResponse;
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (response.statusCode >= 400 && typeof chunk === 'string') {
      const body = engineErrorBody(response.statusCode, chunk);
      if (body !== undefined) {
        if (!response.headersSent) response.setHeader('content-type', 'application/json; charset=utf-8');
        return end(body, ...rest);
      }
    }
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
}

/** The adapter's own statement for one event (@socket.io/postgres-adapter 0.5, util.js). */
const ADAPTER_NOTIFY = 'SELECT pg_notify($1, $2)';

/**
 * What the PostgreSQL adapter sees as its pool. Two changes from the real one:
 *
 * - It holds one client for LISTEN. Closed while that client is still being set up, it forgets
 *   it, and the pool then never finishes ending. The view remembers the clients it hands out, so
 *   close can wait for them and give them back.
 * - It sends one NOTIFY per event, a round trip each (a purchase announces three events). The
 *   view hands them to the process's batched NOTIFY (db/notify-batch.ts), which sends those of
 *   one turn of the event loop as one statement. Any other statement (or a future adapter's
 *   different NOTIFY text) goes to the pool unchanged.
 */
function adapterPoolView(pool: pg.Pool, notify: Notify) {
  const taken = new Set<pg.PoolClient>();

  const view = {
    connect: async () => {
      const client = await pool.connect();
      const release = client.release.bind(client);
      taken.add(client);
      client.release = (error?: Error | boolean) => {
        taken.delete(client);
        return release(error);
      };
      // The LISTEN connection was cut (failover, restart, terminated backend; the pool logs it):
      // the adapter reconnects but never gives the dead client back, which would leak a pool slot.
      client.once('end', () => {
        if (taken.has(client)) client.release(true);
      });
      return client;
    },
    query: (text: string, values?: unknown[]) => {
      if (text !== ADAPTER_NOTIFY || !values) return pool.query(text, values);
      return notify(String(values[0]), String(values[1]));
    },
  };
  return {
    pool: view as unknown as pg.Pool,
    async releaseAll() {
      for (const client of [...taken]) {
        // Queued behind the adapter's LISTEN: once it answers, the adapter is done with set-up.
        await client.query('select 1').catch(() => undefined);
        client.removeAllListeners('end');
        if (taken.has(client)) client.release();
      }
    },
  };
}
