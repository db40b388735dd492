/**
 * Notifications benchmark, run by `npm run bench -- notifications` (scripts/bench.mjs) against a
 * throwaway PostgreSQL and the built server (server/dist/main.js), each part in its own process:
 * (1) 5,000 Socket.IO clients (1,000 signed in, the rest visitors) connected from another process
 * (socket-clients.ts), and 20 admin broadcasts half a second apart: for each, every client's time
 * from just before the admin's POST /api/admin/notifications to its `notification` event, read on
 * the clients' own clock (their process sends the request).
 * (2) 5,000 web push subscriptions (real P-256 keys, distinct endpoints) on a local fake push
 * service in a third process (push-service.ts: checks each VAPID token and decrypts each push),
 * then one broadcast with the sockets still connected: pushes received and decrypted per second
 * from the admin's request to the last push.
 * (3) Throughout, an open-loop read load on GET /api/booking-codes (500 codes) at a fixed rate:
 * its latency at rest, during the socket broadcasts and during the push fan-out.
 * Prints one JSON line. Usage: tsx server/bench/notifications.bench.ts <postgres-url>
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrationsFolder } from '../src/bootstrap.ts';
import { openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { notificationBatches, pushSubscriptions } from '../src/db/schema/index.ts';
import {
  benchSessions,
  createBenchAdmin,
  createBenchCodes,
  createBenchUsers,
  mapConcurrently,
} from './fixtures.ts';
import { percentile } from './paced-load.ts';
import { BENCH_JWT_SECRET, CONNECTIONS, helper, startBuiltServer } from './processes.ts';

const databaseUrl = process.argv[2] ?? '';
if (!databaseUrl) throw new Error('usage: notifications.bench.ts <postgres-url>');

const SOCKETS = 5000;
const SIGNED_IN_SOCKETS = 1000;
const WARMUP_BROADCASTS = 3;
const BROADCASTS = 20;
const BROADCAST_SPACING_MS = 500;
const SUBSCRIPTIONS = 5000;
const WARMUP_SUBSCRIPTIONS = 1000;
const CODES = 500;
/**
 * The read load on the code list: open loop, this many requests a second over 50 connections. A
 * fraction of what the list serves (the codes section), so its latency tells waiting, not capacity.
 */
const READS_PER_SECOND = 500;
const REST_SECONDS = 10;
const SETUP_CONCURRENCY = 8;

// --- Read load -----------------------------------------------------------------------------------

interface ReadSample {
  /** When the request was due, epoch milliseconds (comparable with the other processes' times). */
  dueAt: number;
  ms: number;
  ok: boolean;
}

/**
 * GET `url` at a fixed rate until stopped (open loop, as paced-load.ts: request i is due at
 * start + i / rate and its latency counts from then), keeping every sample, so that the latency
 * can be read over any window: while broadcasts run, while pushes go out.
 */
function readLoadUntilStopped(url: string, perSecond: number, connections: number) {
  const { hostname, port, pathname, search } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const intervalMs = 1000 / perSecond;
  const samples: ReadSample[] = [];
  const startAt = performance.now() + 20;
  let sent = 0;
  let pending = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let drained: (() => void) | undefined;

  const send = (dueAt: number) => {
    pending += 1;
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      samples.push({ dueAt: performance.timeOrigin + dueAt, ms: performance.now() - dueAt, ok });
      pending -= 1;
      if (stopped && pending === 0) drained?.();
    };
    const request = http.request(
      {
        agent,
        host: hostname,
        port,
        path: `${pathname}${search}`,
        headers: { 'accept-encoding': 'identity' },
      },
      (response) => {
        response.resume();
        response.on('end', () => settle((response.statusCode ?? 0) < 300));
        response.on('error', () => settle(false));
      },
    );
    request.on('error', () => settle(false));
    request.end();
  };
  const sendDue = () => {
    const now = performance.now();
    while (!stopped && startAt + sent * intervalMs <= now) {
      send(startAt + sent * intervalMs);
      sent += 1;
    }
    if (!stopped) timer = setTimeout(sendDue, Math.max(0, startAt + sent * intervalMs - now));
  };
  timer = setTimeout(sendDue, 20);

  return {
    async stop(): Promise<ReadSample[]> {
      stopped = true;
      clearTimeout(timer);
      if (pending) await new Promise<void>((resolve) => (drained = resolve));
      agent.destroy();
      return samples.sort((a, b) => a.dueAt - b.dueAt);
    },
  };
}

/** Latency of the samples due within any of `windows` ([from, to] epoch ms), or of all of them. */
function readFigures(samples: ReadSample[], windows?: [number, number][]) {
  const chosen = windows
    ? samples.filter((sample) => windows.some(([from, to]) => sample.dueAt >= from && sample.dueAt <= to))
    : samples;
  const latencies = chosen.map((sample) => sample.ms).sort((a, b) => a - b);
  const span = chosen.length > 1 ? ((chosen.at(-1)?.dueAt ?? 0) - (chosen[0]?.dueAt ?? 0)) / 1000 : 0;
  return {
    requests: chosen.length,
    seconds: round(span),
    p50Ms: round(percentile(latencies, 0.5)),
    p99Ms: round(percentile(latencies, 0.99)),
    maxMs: round(latencies.at(-1) ?? 0),
    failed: chosen.filter((sample) => !sample.ok).length,
  };
}

// --- Figures ---------------------------------------------------------------------------------------

const round = (value: number) => Math.round(value * 10) / 10;

function latencyFigures(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 0.5)),
    p95Ms: round(percentile(sorted, 0.95)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}

interface BroadcastAnswer {
  title: string;
  status: number;
  requestAt: number;
  responseMs: number;
  sockets: number;
  connected: number;
  received: number;
  duplicates: number;
  unexpected: number;
  disconnects: number;
  latencies: number[];
}

interface PushAnswer {
  received: number;
  matching: number;
  endpoints: number;
  refused: number;
  refusals: string[];
  firstAt: number;
  lastAt: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const database = openPostgres(databaseUrl, SETUP_CONCURRENCY);
  await runMigrations(database, migrationsFolder);
  const { db } = database;

  // The push service first: the server must start trusting its certificate.
  const pushService = helper('push-service.ts', [String(SUBSCRIPTIONS)]);
  const push = await pushService.next<{
    origin: string;
    certificatePem: string;
    subscriptions: { endpoint: string; keys: { p256dh: string; auth: string } }[];
  }>();
  // startBuiltServer passes this process's environment on: the server trusts the fake service the
  // way an operator would add a CA (keeping any extra CAs already configured), checks left on.
  const certificateFile = path.join(mkdtempSync(path.join(tmpdir(), 'cashtips-push-ca-')), 'ca.pem');
  const extraCas = process.env.NODE_EXTRA_CA_CERTS;
  writeFileSync(
    certificateFile,
    `${extraCas && existsSync(extraCas) ? `${readFileSync(extraCas, 'utf8').trimEnd()}\n` : ''}${push.certificatePem}`,
  );
  process.env.NODE_EXTRA_CA_CERTS = certificateFile;
  const server = await startBuiltServer(databaseUrl, 'notifications');
  const { baseUrl } = server;

  // An admin, and users: the first thousand sign in on their sockets; all own a push subscription.
  const { token: adminToken } = await createBenchAdmin(db, BENCH_JWT_SECRET, 'notifications');
  const sessions = benchSessions(db, BENCH_JWT_SECRET);
  const userIds = await createBenchUsers(db, SUBSCRIPTIONS, 'notified');
  const tokens = await mapConcurrently(userIds.slice(0, SIGNED_IN_SOCKETS), SETUP_CONCURRENCY, (userId) =>
    sessions.start(db, userId, { ip: '127.0.0.1', userAgent: 'bench' }),
  );

  // The public code list the read load asks for: 500 codes with two games each (as the codes bench).
  await createBenchCodes(db, CODES, 'NOTIFY');
  await db.execute(sql`analyze`);
  const listUrl = `${baseUrl}/api/booking-codes`;

  // 5,000 sockets from their own process.
  const clients = helper('socket-clients.ts');
  await clients.next();
  const connected = await clients.ask<{ connected: number; signedIn: number; failed: number; ms: number }>({
    type: 'connect',
    url: baseUrl,
    count: SOCKETS,
    tokens,
  });
  const broadcastOnce = (title: string) =>
    clients.ask<BroadcastAnswer>({ type: 'broadcast', url: baseUrl, adminToken, title, timeoutMs: 15_000 });

  // A cold process compiles as it goes; production runs warm: a few broadcasts and reads first.
  const warmupReads = readLoadUntilStopped(listUrl, READS_PER_SECOND, CONNECTIONS);
  for (let index = 0; index < WARMUP_BROADCASTS; index++) {
    await broadcastOnce(`Warm-up broadcast ${index + 1}`);
    await sleep(BROADCAST_SPACING_MS);
  }
  await sleep(1000);
  await warmupReads.stop();

  // At rest: the sockets connected and idle.
  const restLoad = readLoadUntilStopped(listUrl, READS_PER_SECOND, CONNECTIONS);
  await sleep(REST_SECONDS * 1000);
  const rest = readFigures(await restLoad.stop());

  // (1) Broadcasts to the sockets, half a second apart, the read load running throughout.
  const socketLoad = readLoadUntilStopped(listUrl, READS_PER_SECOND, CONNECTIONS);
  await sleep(1000);
  const broadcasts: BroadcastAnswer[] = [];
  const firstAt = performance.now();
  for (let index = 0; index < BROADCASTS; index++) {
    await sleep(Math.max(0, firstAt + index * BROADCAST_SPACING_MS - performance.now()));
    broadcasts.push(await broadcastOnce(`Bench broadcast ${index + 1} of ${BROADCASTS}`));
  }
  await sleep(1000);
  const socketSamples = await socketLoad.stop();
  /** From each admin request to its last socket's receipt. */
  const broadcastWindows = broadcasts.map(
    (answer) =>
      [answer.requestAt, answer.requestAt + Math.max(answer.responseMs, ...answer.latencies)] as [
        number,
        number,
      ],
  );

  // (2) Web push: the fake browsers' subscriptions, then one broadcast to sockets and pushes alike.
  const subscribe = (from: number, to: number) =>
    db.insert(pushSubscriptions).values(
      push.subscriptions.slice(from, to).map((subscription, offset) => ({
        userId: userIds[(from + offset) % userIds.length] as string,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent: 'bench',
        createdAt: new Date(),
      })),
    );
  // Pushes to a first thousand warm the sending code up, not counted; the measured fan-out then
  // starts once the push service has closed the idle connections (5 s), as an occasional one would.
  await subscribe(0, WARMUP_SUBSCRIPTIONS);
  const warmupTitle = 'Warm-up push broadcast';
  const warmupArrived = pushService.ask<PushAnswer>({
    type: 'await',
    title: warmupTitle,
    count: WARMUP_SUBSCRIPTIONS,
    timeoutMs: 60_000,
  });
  await broadcastOnce(warmupTitle);
  const warmupPushes = await warmupArrived;
  await subscribe(WARMUP_SUBSCRIPTIONS, SUBSCRIPTIONS);
  await db.execute(sql`analyze push_subscriptions`);
  await sleep(6000);
  const pushTitle = 'Bench push broadcast';
  const pushLoad = readLoadUntilStopped(listUrl, READS_PER_SECOND, CONNECTIONS);
  await sleep(1000);
  const pushesArrived = pushService.ask<PushAnswer>({
    type: 'await',
    title: pushTitle,
    count: SUBSCRIPTIONS,
    timeoutMs: 120_000,
  });
  const pushBroadcast = await broadcastOnce(pushTitle);
  const pushes = await pushesArrived;
  const pushSamples = await pushLoad.stop();
  const pushSeconds = (pushes.lastAt - pushBroadcast.requestAt) / 1000;

  // The delivery job marks its batch delivered once every push went out.
  let delivered = false;
  for (let attempt = 0; attempt < 100 && !delivered; attempt++) {
    const [batch] = await db
      .select({ deliveredAt: notificationBatches.deliveredAt })
      .from(notificationBatches)
      .where(eq(notificationBatches.title, pushTitle));
    delivered = Boolean(batch?.deliveredAt);
    if (!delivered) await sleep(100);
  }
  const [kept] = await db.select({ value: sql<number>`count(*)::int` }).from(pushSubscriptions);

  clients.close();
  pushService.close();
  server.stop();
  await database.close();

  const allLatencies = broadcasts.flatMap((answer) => answer.latencies);
  const socketAnomalies = [...broadcasts, pushBroadcast].reduce(
    (sum, answer) =>
      sum +
      (answer.status === 201 ? 0 : 1) +
      (SOCKETS - answer.received) +
      answer.duplicates +
      answer.unexpected +
      answer.disconnects,
    0,
  );
  const pushAnomalies =
    Math.abs(WARMUP_SUBSCRIPTIONS - warmupPushes.matching) +
    Math.abs(SUBSCRIPTIONS - pushes.received) +
    (pushes.received - pushes.matching) +
    (pushes.received - pushes.endpoints) +
    pushes.refused +
    (delivered ? 0 : 1) +
    Math.abs(SUBSCRIPTIONS - (kept?.value ?? 0));
  const pushWindow: [number, number] = [pushBroadcast.requestAt, pushes.lastAt];
  const pushSocketsMs = Math.max(pushBroadcast.responseMs, ...pushBroadcast.latencies);
  console.log(
    JSON.stringify({
      sockets: {
        clients: SOCKETS,
        signedIn: connected.signedIn,
        connected: connected.connected,
        connectSeconds: round(connected.ms / 1000),
        broadcasts: BROADCASTS,
        spacingMs: BROADCAST_SPACING_MS,
        latency: latencyFigures(allLatencies),
        /** Per broadcast: sockets that received it, its latency, and the admin's answer time. */
        each: broadcasts.map((answer) => ({
          received: answer.received,
          ...latencyFigures(answer.latencies),
          responseMs: round(answer.responseMs),
        })),
        minReceived: Math.min(...broadcasts.map((answer) => answer.received)),
        adminResponse: latencyFigures(broadcasts.map((answer) => answer.responseMs)),
        duringPush: {
          received: pushBroadcast.received,
          ...latencyFigures(pushBroadcast.latencies),
          responseMs: round(pushBroadcast.responseMs),
        },
      },
      push: {
        subscriptions: SUBSCRIPTIONS,
        received: pushes.received,
        decryptedWithTitle: pushes.matching,
        endpoints: pushes.endpoints,
        refused: pushes.refused,
        refusals: pushes.refusals,
        firstPushMs: round(pushes.firstAt - pushBroadcast.requestAt),
        seconds: round(pushSeconds),
        perSecond: Math.round(pushes.received / pushSeconds),
        batchDelivered: delivered,
        subscriptionsKept: kept?.value ?? 0,
      },
      reads: {
        route: '/api/booking-codes',
        codes: CODES,
        perSecond: READS_PER_SECOND,
        connections: CONNECTIONS,
        rest,
        socketPhase: readFigures(socketSamples),
        socketWindows: readFigures(socketSamples, broadcastWindows),
        pushFanOut: readFigures(pushSamples, [pushWindow]),
        /** The same, once every socket had the broadcast: the pushes' own effect. */
        pushOnly: readFigures(pushSamples, [[pushWindow[0] + pushSocketsMs, pushWindow[1]]]),
      },
      anomalies: socketAnomalies + pushAnomalies,
    }),
  );
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
