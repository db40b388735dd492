import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerToClientEvents } from '@cashtips/contract/realtime';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../test/free-port.ts';
import { freshPostgresDatabase, usingPostgres } from '../../test/test-app.ts';
import { serverRoot } from '../bootstrap.ts';
import { findLedgerAnomalies, noLedgerAnomalies } from '../modules/ledger/ledger.ts';
import { openPostgres } from './client.ts';

/*
 * PostgreSQL ends the app's connections (a failover, an admin, a restart) while two server
 * processes are under load. Each process must survive, answer /api/ready again within seconds,
 * carry realtime events between them again, and no money may have moved for a request that did
 * not get a success answer. Real processes (not app.inject), because what is tested is that the
 * process does not die.
 */

const ADMIN = { email: 'ops.admin@example.com', password: 'Ops!Admin2026' };
const PASSWORD = 'Str0ng!Pass';
const USERS = 12;
const CODES = 30;
const CODE_PRICE = 100;
const PLANS = 6;
const PLAN_PRICE = 100;

interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  dataDir: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(100);
  }
}

async function startServer(databaseUrl: string): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cashtips-fault-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src', 'main.ts')], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'fault-test-secret-fault-test-secret-0123456789',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: '0',
      PAYMENTS_DEV: '1',
      SMTP_URL: '',
      RATES_URL: 'off',
      GEO_URL: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil('server ready', 30_000, async () => {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    const response = await fetch(`${url}/api/ready`);
    return response.ok ? true : undefined;
  }).catch((error: Error) => {
    child.kill('SIGKILL');
    throw new Error(`${error.message}; its output: ${output}`);
  });
  return { url, child, output: () => output, dataDir };
}

async function call(
  server: ServerProcess,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...extraHeaders,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function mustCall(...args: Parameters<typeof call>) {
  const answer = await call(...args);
  if (answer.status >= 300)
    throw new Error(`${args[1]} ${args[2]}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json;
}

/** The 6-digit code the server wrote to its outbox for this address (no SMTP configured). */
async function mailedCode(server: ServerProcess, email: string): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  return waitUntil(`code for ${email}`, 10_000, async () => {
    if (!existsSync(outbox)) return undefined;
    for (const file of readdirSync(outbox).filter((name) => name.endsWith('.json'))) {
      const mail = JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string; text: string };
      const code = mail.to === email ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
      if (code) return code;
    }
    return undefined;
  });
}

async function signUp(server: ServerProcess, index: number) {
  const email = `fault.${index}.${randomUUID().slice(0, 8)}@example.com`;
  await mustCall(server, 'POST', '/api/auth/register', {
    firstName: 'Ngozi',
    lastName: 'Obi',
    email,
    phone: `23480312345${String(index).padStart(2, '0')}`,
    password: PASSWORD,
  });
  await mustCall(server, 'POST', '/api/auth/verify-otp', { email, otp: await mailedCode(server, email) });
  const login = await mustCall(server, 'POST', '/api/auth/login', { email, password: PASSWORD });
  return { token: String(login.token), userId: String((login.user as { id: string }).id) };
}

describe.runIf(usingPostgres())('PostgreSQL ends every connection of the app under load', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let first: ServerProcess;
  let second: ServerProcess;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    [first, second] = await Promise.all([startServer(database.url), startServer(database.url)]);
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const server of [first, second]) {
      if (server?.child.exitCode === null) {
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGTERM');
        await exited;
      }
      if (server) rmSync(server.dataDir, { recursive: true, force: true });
    }
    await database?.drop();
  }, 60_000);

  it('both processes live on, are ready again within seconds, relay events again, and moved money only for success answers', async () => {
    const adminLogin = await mustCall(first, 'POST', '/api/auth/login', ADMIN);
    const adminToken = String(adminLogin.token);
    const codeIds: string[] = [];
    for (let index = 0; index < CODES; index++) {
      const created = await mustCall(
        first,
        'POST',
        '/api/admin/booking-codes',
        {
          bookingCode: `FAULT${String(index).padStart(3, '0')}X`,
          bookmaker: 'SportyBet',
          totalOdds: 3.5,
          price: CODE_PRICE,
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          games: [
            {
              teamA: 'Enyimba',
              teamB: 'Rangers',
              league: 'NPFL',
              kickoff: new Date(Date.now() + 7_200_000).toISOString(),
              prediction: 'Home win',
              odds: 1.8,
            },
          ],
        },
        adminToken,
      );
      codeIds.push(String((created.code as { _id: string })._id));
    }
    const planIds: string[] = [];
    for (let index = 0; index < PLANS; index++) {
      const created = await mustCall(
        first,
        'POST',
        '/api/admin/rollover-plans',
        { name: `Fault plan ${index}`, price: PLAN_PRICE, duration: 3, odds: 1.5 },
        adminToken,
      );
      planIds.push(String((created.plan as { _id: string })._id));
    }
    const users: Array<{ token: string; userId: string }> = [];
    for (let index = 0; index < USERS; index++) users.push(await signUp(index % 2 ? second : first, index));
    for (const user of users) {
      await mustCall(first, 'POST', '/api/wallet/deposit', { amount: 1000, provider: 'dev' }, user.token);
    }

    // Load: purchases, subscriptions and deposits on both processes, every outcome recorded.
    const purchaseAnswers = new Map<string, number[]>();
    const subscriptionAnswers = new Map<string, number[]>();
    const depositAnswers: Array<{ userId: string; amount: number; status: number }> = [];
    let stop = false;
    const worker = async (workerIndex: number) => {
      for (let round = 0; !stop; round++) {
        const user = users[(workerIndex + round) % users.length];
        const server = round % 2 ? second : first;
        if (!user) continue;
        try {
          if (round % 5 === 4) {
            const answer = await call(
              server,
              'POST',
              '/api/wallet/deposit',
              { amount: 100, provider: 'dev' },
              user.token,
              {
                'idempotency-key': randomUUID(),
              },
            );
            depositAnswers.push({ userId: user.userId, amount: 100, status: answer.status });
          } else if (round % 5 === 2) {
            const planId = planIds[(workerIndex + round) % planIds.length] ?? '';
            const answer = await call(
              server,
              'POST',
              '/api/rollover-subscribe',
              { planId, walletType: 'main' },
              user.token,
            );
            const key = `${user.userId}:${planId}`;
            subscriptionAnswers.set(key, [...(subscriptionAnswers.get(key) ?? []), answer.status]);
          } else {
            const codeId = codeIds[(workerIndex * 7 + round * 3) % codeIds.length] ?? '';
            const answer = await call(
              server,
              'POST',
              `/api/booking-codes/purchase/${codeId}`,
              { walletType: 'main' },
              user.token,
            );
            const key = `${user.userId}:${codeId}`;
            purchaseAnswers.set(key, [...(purchaseAnswers.get(key) ?? []), answer.status]);
          }
        } catch {
          // A connection error reaching the server: no answer, so nothing may have moved; the
          // ledger checks below treat it like any other failure.
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, index) => worker(index));

    const superuser = new pg.Client({ connectionString: inject('postgresUrl') });
    await superuser.connect();
    let terminated = 0;
    try {
      // Three blows far apart, then a storm: every connection ended every 150 ms for 3 seconds (the
      // outside probe's pattern, under which fewer than half the purchases used to get their notification).
      const pauses = [700, 700, 700, ...Array.from({ length: 20 }, () => 150)];
      for (const pause of pauses) {
        await sleep(pause);
        const result = await superuser.query<{ count: number }>(
          'select count(pg_terminate_backend(pid))::int as count from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database.name],
        );
        terminated += result.rows[0]?.count ?? 0;
      }
      await sleep(700);
    } finally {
      stop = true;
      await Promise.all(workers);
      await superuser.end();
    }
    expect(terminated).toBeGreaterThan(0);

    // Alive and ready again within seconds.
    for (const server of [first, second]) {
      expect(server.child.exitCode, server.output()).toBeNull();
      await waitUntil('ready again', 5_000, async () => {
        const response = await fetch(`${server.url}/api/ready`);
        return response.ok ? true : undefined;
      });
    }
    expect(first.output() + second.output()).toContain('database connection lost');

    // Realtime across processes resumes: a purchase on the first reaches a visitor's socket on the second.
    const socket: Socket<ServerToClientEvents> = io(second.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const counts: string[] = [];
    socket.on('live-activity', (event) => counts.push(event.id));
    const buyer = await signUp(first, 99);
    await mustCall(first, 'POST', '/api/wallet/deposit', { amount: 5000, provider: 'dev' }, buyer.token);
    const relayed = await waitUntil('event relayed between processes', 10_000, async () => {
      const fresh = codeIds.find(
        (id) => !counts.includes(id) && !purchaseAnswers.has(`${buyer.userId}:${id}`),
      );
      if (!fresh) return undefined;
      purchaseAnswers.set(`${buyer.userId}:${fresh}`, [
        (
          await call(
            first,
            'POST',
            `/api/booking-codes/purchase/${fresh}`,
            { walletType: 'main' },
            buyer.token,
          )
        ).status,
      ]);
      await sleep(300);
      return counts.includes(fresh) ? fresh : undefined;
    });
    expect(relayed).toBeTruthy();

    // Money: exactly the purchases and deposits that were answered with success.
    const check = openPostgres(database.url, 2);
    if (check.kind !== 'postgres') throw new Error('unreachable: openPostgres opened PostgreSQL');
    try {
      const { rows: purchases } = await check.pool.query<{ user_id: string; code_id: string }>(
        'select user_id, code_id from code_purchases',
      );
      const bought = new Set(purchases.map((row) => `${row.user_id}:${row.code_id}`));
      for (const [key, statuses] of purchaseAnswers) {
        expect(bought.has(key), `${key} answered ${statuses.join(',')}`).toBe(statuses.includes(200));
        // Once bought, a later attempt may only be refused as already bought, never charged again.
        expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
      }
      expect(purchases.length).toBe([...purchaseAnswers.values()].filter((s) => s.includes(200)).length);

      const { rows: wallets } = await check.pool.query<{
        user_id: string;
        balance: string;
        deposits: string;
      }>(
        `select w.user_id, w.balance_kobo::text as balance,
          (select coalesce(sum(d.amount_kobo), 0) from deposits d
            where d.user_id = w.user_id and d.status = 'success')::text as deposits
         from wallets w where w.kind = 'main'`,
      );
      for (const user of users) {
        const wallet = wallets.find((row) => row.user_id === user.userId);
        const succeededDeposits = depositAnswers.filter(
          (answer) => answer.userId === user.userId && answer.status === 201,
        ).length;
        const spent = [...purchaseAnswers.entries()].filter(
          ([key, statuses]) => key.startsWith(`${user.userId}:`) && statuses.includes(200),
        ).length;
        const subscribed = [...subscriptionAnswers.entries()].filter(
          ([key, statuses]) => key.startsWith(`${user.userId}:`) && statuses.includes(200),
        ).length;
        expect(Number(wallet?.deposits)).toBe((1000 + succeededDeposits * 100) * 100);
        expect(Number(wallet?.balance)).toBe(
          (1000 + succeededDeposits * 100 - spent * CODE_PRICE - subscribed * PLAN_PRICE) * 100,
        );
      }
      const { rows: subscriptions } = await check.pool.query<{ user_id: string; plan_id: string }>(
        'select user_id, plan_id from rollover_subscriptions',
      );
      const subscribedKeys = new Set(subscriptions.map((row) => `${row.user_id}:${row.plan_id}`));
      for (const [key, statuses] of subscriptionAnswers) {
        expect(subscribedKeys.has(key), `${key} answered ${statuses.join(',')}`).toBe(statuses.includes(200));
      }

      // A notification exists exactly when the purchase or subscription that caused it does, and
      // every one is delivered (claimed and finished by one of the processes) once the storm is over.
      const { rows: orphans } = await check.pool.query<{ missing: number; extra: number }>(
        `select
          (select count(*) from code_purchases p where not exists (select 1 from notification_batches b
            join notifications n on n.batch_id = b.id and n.user_id = p.user_id
            where b.dedupe_key = 'code-purchase:' || p.id))::int
          + (select count(*) from rollover_subscriptions s where not exists (select 1 from notification_batches b
            join notifications n on n.batch_id = b.id and n.user_id = s.user_id
            where b.dedupe_key = 'subscription:' || s.id))::int as missing,
          (select count(*) from notification_batches b where b.kind = 'code-purchase'
            and not exists (select 1 from code_purchases p where b.dedupe_key = 'code-purchase:' || p.id))::int
          + (select count(*) from notification_batches b where b.kind = 'subscription'
            and not exists (select 1 from rollover_subscriptions s where b.dedupe_key = 'subscription:' || s.id))::int
            as extra`,
      );
      expect(purchases.length + subscriptions.length).toBeGreaterThan(0);
      expect(orphans[0]).toEqual({ missing: 0, extra: 0 });
      await waitUntil('every notification delivered', 15_000, async () => {
        const { rows } = await check.pool.query<{ waiting: number }>(
          'select count(*)::int as waiting from notification_batches where delivered_at is null',
        );
        return rows[0]?.waiting === 0 ? true : undefined;
      });
      expect(await findLedgerAnomalies(check.db)).toEqual(noLedgerAnomalies);
    } finally {
      await check.close();
    }
  }, 120_000);
});
