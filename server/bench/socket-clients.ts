/**
 * Socket.IO clients for the notifications and football benchmarks, in a process of their own
 * (forked by notifications.bench.ts and football.bench.ts): thousands of websocket connections to
 * the built server, some signed in, the rest anonymous. For a broadcast this process sends the
 * admin's request itself, so the time from just before that request to each socket's
 * `notification` event is read on one clock; for a `match` event it answers when each socket got
 * it, in epoch milliseconds, for the parent to compare with when the provider's fake answered.
 *
 * Messages from the parent (IPC):
 *   { type: 'connect', url, count, tokens }  opens `count` sockets (the first tokens.length signed in)
 *   { type: 'broadcast', url, adminToken, title, timeoutMs }  sends the broadcast, waits for every
 *     socket's event (or the timeout) and answers the latencies
 *   { type: 'expect-match', matchId, score }  from now on awaits the `match` event of that match
 *     with that score on every connected socket; answers { type: 'armed', expected }
 *   { type: 'match-received', timeoutMs }  waits for it on every socket (or the timeout) and
 *     answers each receipt's epoch time
 *   { type: 'close' }  closes every socket and exits
 */
import type { ServerToClientEvents } from '@cashtips/contract/realtime';
import { io, type Socket } from 'socket.io-client';

type Client = Socket<ServerToClientEvents>;

type Command =
  | { type: 'connect'; url: string; count: number; tokens: string[] }
  | { type: 'broadcast'; url: string; adminToken: string; title: string; timeoutMs: number }
  | { type: 'expect-match'; matchId: string; score: { home: number; away: number } }
  | { type: 'match-received'; timeoutMs: number }
  | { type: 'close' };

/** Sockets being opened at once: a real crowd does not arrive in the same millisecond either. */
const CONNECTING_AT_ONCE = 100;

const sockets: Client[] = [];
let disconnects = 0;
/** The broadcast being awaited: its title, when its request left, and each socket's latency. */
let awaited:
  | {
      title: string;
      sentAt: number;
      latencies: Float64Array;
      received: number;
      expected: number;
      done: () => void;
    }
  | undefined;
let duplicates = 0;
let unexpected = 0;
/** The `match` event being awaited: each socket's receipt, epoch milliseconds (-1: not yet). */
let awaitedMatch:
  | {
      matchId: string;
      home: number;
      away: number;
      receivedAt: Float64Array;
      received: number;
      expected: number;
      duplicates: number;
      /** `match` events of other matches or states meanwhile (the poll may move others too). */
      others: number;
      disconnectsBefore: number;
      allReceived: Promise<void>;
      done: () => void;
    }
  | undefined;

const send = (message: unknown) => process.send?.(message);

function open(url: string, index: number, token: string | undefined): Promise<boolean> {
  const socket: Client = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
    timeout: 30_000,
  });
  sockets.push(socket);
  socket.on('notification', (payload) => {
    const at = performance.now();
    const current = awaited;
    if (!current || payload.title !== current.title) {
      unexpected += 1;
      return;
    }
    if (current.latencies[index] !== -1) {
      duplicates += 1;
      return;
    }
    current.latencies[index] = at - current.sentAt;
    current.received += 1;
    if (current.received === current.expected) current.done();
  });
  socket.on('match', (payload) => {
    const at = performance.timeOrigin + performance.now();
    const current = awaitedMatch;
    if (!current) return;
    if (
      payload._id !== current.matchId ||
      payload.score?.home !== current.home ||
      payload.score?.away !== current.away
    ) {
      current.others += 1;
      return;
    }
    if (current.receivedAt[index] !== -1) {
      current.duplicates += 1;
      return;
    }
    current.receivedAt[index] = at;
    current.received += 1;
    if (current.received === current.expected) current.done();
  });
  socket.on('disconnect', () => {
    disconnects += 1;
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  });
}

async function connectAll(url: string, count: number, tokens: string[]) {
  const started = performance.now();
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONNECTING_AT_ONCE }, async () => {
      while (next < count) {
        const index = next++;
        if (!(await open(url, index, tokens[index]))) failed += 1;
      }
    }),
  );
  return {
    type: 'connected',
    connected: sockets.filter((socket) => socket.connected).length,
    signedIn: Math.min(tokens.length, count),
    failed,
    ms: performance.now() - started,
  };
}

async function broadcast(command: Extract<Command, { type: 'broadcast' }>) {
  const latencies = new Float64Array(sockets.length).fill(-1);
  let done = () => {};
  const allReceived = new Promise<void>((resolve) => {
    done = resolve;
  });
  duplicates = 0;
  unexpected = 0;
  const disconnectsBefore = disconnects;
  const expected = sockets.filter((socket) => socket.connected).length;
  // Epoch milliseconds of the same instant, for the parent to line up with its own samples.
  const sentAt = performance.now();
  const requestAt = performance.timeOrigin + sentAt;
  awaited = { title: command.title, sentAt, latencies, received: 0, expected, done };
  const response = await fetch(`${command.url}/api/admin/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${command.adminToken}` },
    body: JSON.stringify({
      title: command.title,
      message: 'A benchmark broadcast: every connected socket should see it at once.',
      type: 'info',
    }),
  });
  await response.arrayBuffer();
  const responseMs = performance.now() - sentAt;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    allReceived,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, command.timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  const received = awaited.received;
  awaited = undefined;
  return {
    type: 'broadcast',
    title: command.title,
    status: response.status,
    requestAt,
    responseMs,
    sockets: sockets.length,
    connected: expected,
    received,
    duplicates,
    unexpected,
    disconnects: disconnects - disconnectsBefore,
    // Only the sockets that received it; the missing ones are sockets - received.
    latencies: Array.from(latencies).filter((latency) => latency >= 0),
  };
}

function expectMatch(command: Extract<Command, { type: 'expect-match' }>) {
  let done = () => {};
  const allReceived = new Promise<void>((resolve) => {
    done = resolve;
  });
  const expected = sockets.filter((socket) => socket.connected).length;
  awaitedMatch = {
    matchId: command.matchId,
    home: command.score.home,
    away: command.score.away,
    receivedAt: new Float64Array(sockets.length).fill(-1),
    received: 0,
    expected,
    duplicates: 0,
    others: 0,
    disconnectsBefore: disconnects,
    allReceived,
    done,
  };
  return { type: 'armed', expected };
}

async function matchReceived(command: Extract<Command, { type: 'match-received' }>) {
  const current = awaitedMatch;
  if (!current) throw new Error('no match event is awaited');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    current.allReceived,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, command.timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  awaitedMatch = undefined;
  return {
    type: 'match',
    sockets: sockets.length,
    connected: current.expected,
    received: current.received,
    duplicates: current.duplicates,
    others: current.others,
    disconnects: disconnects - current.disconnectsBefore,
    // Only the sockets that received it.
    receivedAt: Array.from(current.receivedAt).filter((at) => at >= 0),
  };
}

process.on('message', (command: Command) => {
  if (command.type === 'connect') {
    void connectAll(command.url, command.count, command.tokens).then(send);
  } else if (command.type === 'broadcast') {
    void broadcast(command).then(send, (error: unknown) =>
      send({ type: 'error', message: String((error as Error).stack ?? error) }),
    );
  } else if (command.type === 'expect-match') {
    send(expectMatch(command));
  } else if (command.type === 'match-received') {
    void matchReceived(command).then(send, (error: unknown) =>
      send({ type: 'error', message: String((error as Error).stack ?? error) }),
    );
  } else if (command.type === 'close') {
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
});
// The parent went away: nothing left to measure for.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
