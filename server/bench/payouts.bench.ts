/**
 * Withdrawals benchmark, run by `npm run bench -- payouts` (scripts/bench.mjs) against a throwaway
 * PostgreSQL: 1,000 users' first withdrawals through request, an admin's approval and Paystack's
 * `transfer.success` webhook, each step over real HTTP to the built server in its own process,
 * paid through the local payments fake (test/fake-payments.ts; transfers answer `pending` when
 * started, so the webhook decides the outcome, and each webhook reads its transfer back from the
 * fake). Then the same users' second withdrawals (below WITHDRAW_REVIEW_NAIRA, so they skip review)
 * offered at 100 a second for the latency a user meets, paid the same way. Ends by checking that
 * every withdrawal was paid exactly once. Prints one JSON line.
 * Usage: tsx server/bench/payouts.bench.ts <postgres-url>
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../src/bootstrap.ts';
import { openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { payoutAccounts } from '../src/db/schema/index.ts';
import { createPaystackPayouts } from '../src/integrations/payouts/paystack-transfers.ts';
import { countLedgerAnomalies, findLedgerAnomalies } from '../src/modules/ledger/ledger.ts';
import { fakeBankAccounts, fakeKeys, startFakePayments } from '../test/fake-payments.ts';
import {
  benchSessions,
  createBenchAdmin,
  createBenchUsers,
  fundMainWallet,
  inChunks,
  mapConcurrently,
} from './fixtures.ts';
import { type ClosedResult, closedLoad, type PacedRequest, pacedLoad } from './paced-load.ts';
import { BENCH_JWT_SECRET, CONNECTIONS, cpuMsOf, postgresCpuMs, startBuiltServer } from './processes.ts';

const databaseUrl = process.argv[2] ?? '';
if (!databaseUrl) throw new Error('usage: payouts.bench.ts <postgres-url>');

const USERS = 1000;
/** Users whose whole flow runs first, not counted: a cold process compiles as it goes. */
const WARMUP_USERS = 100;
/** Requests in flight in the capacity phases: below the server's pool of 20 connections. */
const CONCURRENCY = 16;
const PACED_PER_SECOND = 100;
const SETUP_CONCURRENCY = 8;
const REVIEW_FROM_NAIRA = 50_000;
/** Each user's main wallet: ₦20,000, enough for both withdrawals. */
const FUNDING_KOBO = 2_000_000n;
/** A first withdrawal goes to review whatever its size (PRODUCT 11). */
const FIRST_NAIRA = 5_000;
/** Below REVIEW_FROM_NAIRA: a paid user's second withdrawal goes straight to the provider. */
const SECOND_NAIRA = 3_000;
const TRANSFERS_DEADLINE_MS = 120_000;

const log = (message: string) => console.error(`[payouts] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (value: number) => Math.round(value * 10) / 10;

interface WithdrawalRef {
  id: string;
  reference: string;
  userId: string;
  status: string;
  reviewReason: string | null;
}

async function main() {
  const loadBefore = loadavg()[0] ?? 0;
  const database = openPostgres(databaseUrl, SETUP_CONCURRENCY);
  await runMigrations(database, migrationsFolder);
  const { db } = database;

  // The provider: Paystack's transfers on the local fake, answering `pending` when started.
  const fake = await startFakePayments();
  fake.setTransferStart('paystack', 'pending');
  Object.assign(process.env, {
    PAYSTACK_SECRET_KEY: fake.env.PAYSTACK_SECRET_KEY,
    PAYSTACK_BASE_URL: fake.env.PAYSTACK_BASE_URL,
    WITHDRAW_MIN_NAIRA: '1000',
    WITHDRAW_DAILY_MAX_NAIRA: '500000',
    WITHDRAW_REVIEW_NAIRA: String(REVIEW_FROM_NAIRA),
  });
  const server = await startBuiltServer(databaseUrl, 'payouts');
  const { baseUrl } = server;

  // Set-up, written directly (not measured): an admin, users with sessions, funded main wallets and
  // payout accounts. Every account is the same bank account, so one Paystack recipient serves all.
  const setupStarted = performance.now();
  const admin = await createBenchAdmin(db, BENCH_JWT_SECRET, 'payouts');
  const userIds = await createBenchUsers(db, WARMUP_USERS + USERS, 'payout');
  const sessions = benchSessions(db, BENCH_JWT_SECRET);
  const tokens = await mapConcurrently(userIds, SETUP_CONCURRENCY, async (userId) => {
    await fundMainWallet(db, userId, FUNDING_KOBO);
    return sessions.start(db, userId, { ip: '127.0.0.1', userAgent: 'bench' });
  });
  const tokenOf = new Map(userIds.map((userId, index) => [userId, tokens[index] as string]));
  const bankAccount = fakeBankAccounts[0];
  if (!bankAccount) throw new Error('the fake has no bank account');
  const recipientCode = await createPaystackPayouts({
    secretKey: fakeKeys.paystackSecret,
    baseUrl: fake.env.PAYSTACK_BASE_URL,
  }).createRecipient(bankAccount);
  const now = new Date();
  await inChunks(userIds, (chunk) =>
    db.insert(payoutAccounts).values(
      chunk.map((userId) => ({
        userId,
        provider: 'paystack' as const,
        bankCode: bankAccount.bankCode,
        bankName: 'Guaranty Trust Bank',
        accountNumber: bankAccount.accountNumber,
        accountName: bankAccount.accountName,
        recipientCode,
        availableAt: new Date(now.getTime() - 60_000),
        createdAt: new Date(now.getTime() - 60_000),
      })),
    ),
  );
  // Thousands of rows arrived in seconds: the statistics autovacuum would have gathered.
  await db.execute(sql`analyze`);
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  log(`set up ${userIds.length} users in ${setupSeconds.toFixed(1)} s`);

  // CPU time spent by each process over a phase, per request: on a machine shared with other work
  // the rates fall with the CPU left to us, the CPU a request costs does not.
  const dataDirectory = (
    (await db.execute(sql`show data_directory`)) as unknown as { rows: { data_directory: string }[] }
  ).rows[0]?.data_directory;
  const postmasterPid = Number(readFileSync(`${dataDirectory}/postmaster.pid`, 'utf8').split('\n')[0]);
  const cpuNow = () => {
    const own = process.cpuUsage();
    return {
      server: cpuMsOf(server.pid),
      postgres: postgresCpuMs(postmasterPid),
      bench: (own.user + own.system) / 1000,
    };
  };
  type CpuSnapshot = ReturnType<typeof cpuNow>;
  /** Milliseconds of CPU per operation since `from`: the server, PostgreSQL, this process (load and fake). */
  const cpuPer = (from: CpuSnapshot, operations: number) => {
    const to = cpuNow();
    const per = (key: keyof CpuSnapshot) => Math.round(((to[key] - from[key]) / operations) * 100) / 100;
    return { serverMs: per('server'), postgresMs: per('postgres'), benchMs: per('bench') };
  };
  async function timedCpu<T>(operations: number, phase: () => Promise<T>) {
    const from = cpuNow();
    const result = await phase();
    return { ...result, cpuPerRequest: cpuPer(from, operations) };
  }

  const warmupUsers = userIds.slice(0, WARMUP_USERS);
  const measuredUsers = userIds.slice(WARMUP_USERS);

  const withdrawRequest =
    (users: string[], naira: number) =>
    (index: number): PacedRequest => ({
      method: 'POST',
      path: '/api/wallet/withdraw',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tokenOf.get(users[index] as string)}`,
        // As the web app sends it: a retried request must not withdraw twice.
        'idempotency-key': randomBytes(16).toString('hex'),
      },
      body: JSON.stringify({ amount: naira }),
    });

  /**
   * The withdrawals of `users` made at or after `since`, one per user, but those of an earlier phase
   * (`earlier`): on a fast machine the warm-up's first withdrawals are less than `since`'s second of
   * slack old when its second withdrawals begin.
   */
  async function withdrawalsOf(
    users: string[],
    since: Date,
    earlier: string[] = [],
  ): Promise<WithdrawalRef[]> {
    const result = (await db.execute(sql`
      select id, reference, user_id as "userId", status, review_reason as "reviewReason"
      from withdrawals where user_id = any(${sql.param(users)}::uuid[]) and created_at >= ${since.toISOString()}::timestamptz
        and reference <> all(${sql.param(earlier)}::text[])
      order by created_at`)) as unknown as { rows: WithdrawalRef[] };
    return result.rows;
  }

  /**
   * Waits until the fake holds a transfer for every reference and the server has recorded each
   * (the job's read of the provider's answer: `provider_transfer_id`), timing both from `from`.
   */
  async function waitForTransfers(references: string[], from: number) {
    const wanted = new Set(references);
    const deadline = performance.now() + TRANSFERS_DEADLINE_MS;
    let atFakeMs: number | null = null;
    // What the jobs cost once nothing else runs: the transfers still to send when the wait began.
    const cpuFrom = cpuNow();
    const sentBefore = fake.transfers('paystack').filter((item) => wanted.has(item.reference)).length;
    let cpuPerTransfer: ReturnType<typeof cpuPer> | null = null;
    for (;;) {
      const atFake = fake.transfers('paystack').filter((item) => wanted.has(item.reference));
      if (atFakeMs === null && atFake.length >= wanted.size) {
        atFakeMs = performance.now() - from;
        if (wanted.size - sentBefore >= 100) cpuPerTransfer = cpuPer(cpuFrom, wanted.size - sentBefore);
      }
      if (atFakeMs !== null) {
        const recorded = (await db.execute(sql`
          select count(*)::int as n from withdrawals
          where reference = any(${sql.param(references)}::text[]) and provider_transfer_id is not null`)) as unknown as {
          rows: { n: number }[];
        };
        if ((recorded.rows[0]?.n ?? 0) >= wanted.size) {
          const created = atFake.map((item) => Date.parse(item.createdAt)).sort((a, b) => a - b);
          const spanMs = (created[created.length - 1] ?? 0) - (created[0] ?? 0);
          return {
            transfers: wanted.size,
            atFakeMs: Math.round(atFakeMs),
            recordedMs: Math.round(performance.now() - from),
            /** First to last transfer the fake accepted: the jobs' sending rate. */
            firstToLastMs: spanMs,
            perSecond: spanMs > 0 ? round1(((wanted.size - 1) / spanMs) * 1000) : null,
            /** CPU per transfer sent while the wait ran (jobs alone), when it saw 100 or more. */
            cpuPerTransfer,
          };
        }
      }
      if (performance.now() > deadline) {
        throw new Error(`only ${atFake.length} of ${wanted.size} transfers reached the fake in time`);
      }
      await sleep(atFakeMs === null ? 10 : 25);
    }
  }

  /** Settles each transfer as successful at the fake, then delivers Paystack's signed notification. */
  function webhooks(references: string[]) {
    const notifications = references.map((reference) =>
      fake.settleTransfer('paystack', reference, 'success'),
    );
    return closedLoad({
      baseUrl,
      connections: CONCURRENCY,
      requests: notifications.length,
      request: (index) => {
        const notification = notifications[index];
        if (!notification) throw new Error(`no notification ${index}`);
        return {
          method: 'POST',
          path: '/api/payments/paystack/webhook',
          headers: notification.headers,
          body: notification.payload,
        };
      },
    });
  }

  /** Request (each user's first: review), approval, transfers sent, webhook: every step timed. */
  async function firstWithdrawals(users: string[]) {
    const since = new Date(Date.now() - 1000);
    const withdraw = await timedCpu(users.length, () =>
      closedLoad({
        baseUrl,
        connections: CONCURRENCY,
        requests: users.length,
        request: withdrawRequest(users, FIRST_NAIRA),
      }),
    );
    const made = await withdrawalsOf(users, since);
    const inReview = made.filter((row) => row.status === 'review' && row.reviewReason === 'first').length;
    const approvalsStarted = performance.now();
    const approve = await timedCpu(made.length, () =>
      closedLoad({
        baseUrl,
        connections: CONCURRENCY,
        requests: made.length,
        request: (index) => ({
          method: 'POST',
          path: `/api/admin/withdrawals/${made[index]?.id}/approve`,
          headers: { authorization: `Bearer ${admin.token}` },
        }),
      }),
    );
    const approvalsEnded = performance.now();
    const references = made.map((row) => row.reference);
    const sent = await waitForTransfers(references, approvalsEnded);
    const webhook = await timedCpu(references.length, () => webhooks(references));
    return {
      withdraw,
      inReview,
      approve,
      transfers: {
        ...sent,
        fromFirstApprovalMs: Math.round(approvalsEnded - approvalsStarted + sent.atFakeMs),
      },
      webhook,
      references,
    };
  }

  /** Second withdrawals (paid users, below review) offered at PACED_PER_SECOND, then paid. */
  async function secondWithdrawals(users: string[], firstReferences: string[]) {
    const since = new Date(Date.now() - 1000);
    const paced = await timedCpu(users.length, () =>
      pacedLoad({
        baseUrl,
        connections: CONNECTIONS,
        perSecond: PACED_PER_SECOND,
        requests: users.length,
        request: withdrawRequest(users, SECOND_NAIRA),
      }),
    );
    const pacedEnded = performance.now();
    const made = await withdrawalsOf(users, since, firstReferences);
    const skippedReview = made.filter((row) => row.reviewReason === null).length;
    const references = made.map((row) => row.reference);
    const sent = await waitForTransfers(references, pacedEnded);
    const webhook = await timedCpu(references.length, () => webhooks(references));
    return { paced, skippedReview, transfers: sent, webhook, references };
  }

  /**
   * Waits until every notification batch has been delivered (a paid withdrawal's notification is
   * also e-mailed: written to DATA_DIR/outbox without SMTP), so one phase's deliveries do not run
   * inside the next phase's measurement. Answers how long it took.
   */
  async function outboxDelivered(): Promise<number> {
    const started = performance.now();
    // Generous: a run of every section leaves the others' undelivered notifications to this server.
    const deadline = started + 300_000;
    for (;;) {
      const left = (
        (await db.execute(
          sql`select count(*)::int as n from notification_batches where delivered_at is null`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n;
      if (left === 0) return Math.round(performance.now() - started);
      if (performance.now() > deadline) throw new Error(`${left} notification batches still undelivered`);
      await sleep(50);
    }
  }

  log('warming up');
  const warmFirst = await firstWithdrawals(warmupUsers);
  const warmSecond = await secondWithdrawals(warmupUsers, warmFirst.references);
  // The tables grew from nothing within seconds: the statistics a live database's autovacuum keeps
  // (stale ones plan "has this user ever been paid" over every paid withdrawal, not the user's).
  const analyze = () => db.execute(sql`analyze`);
  await outboxDelivered();
  await analyze();
  log('measuring first withdrawals');
  const first = await firstWithdrawals(measuredUsers);
  const webhookNotificationsDeliveredMs = await outboxDelivered();
  await analyze();
  log(
    `withdraw ${Math.round(first.withdraw.perSecond)}/s, approve ${Math.round(first.approve.perSecond)}/s, webhook ${Math.round(first.webhook.perSecond)}/s`,
  );
  log('measuring second withdrawals at the pace');
  const second = await secondWithdrawals(measuredUsers, first.references);
  log(`paced p99 ${second.paced.p99Ms.toFixed(1)} ms`);

  // Every withdrawal paid exactly once: rows by status, one transfer per reference at the fake, one
  // request, one payout and no return in the ledger, each wallet down by exactly what was withdrawn.
  const references = [
    ...warmFirst.references,
    ...warmSecond.references,
    ...first.references,
    ...second.references,
  ];
  const expected = userIds.length * 2;
  const byStatus = Object.fromEntries(
    (
      (await db.execute(sql`
        select status, count(*)::int as n from withdrawals where user_id = any(${sql.param(userIds)}::uuid[])
        group by status`)) as unknown as { rows: { status: string; n: number }[] }
    ).rows.map((row) => [row.status, row.n]),
  );
  const movements = Object.fromEntries(
    (
      (await db.execute(sql`
        select kind, count(*)::int as n, count(distinct reference)::int as refs from ledger_transactions
        where reference = any(${sql.param(references)}::text[]) group by kind`)) as unknown as {
        rows: { kind: string; n: number; refs: number }[];
      }
    ).rows.map((row) => [row.kind, { count: row.n, references: row.refs }]),
  );
  const leftKobo = FUNDING_KOBO - BigInt(FIRST_NAIRA + SECOND_NAIRA) * 100n;
  const wrongWallets = (
    (await db.execute(sql`
      select count(*)::int as n from wallets where kind = 'main' and user_id = any(${sql.param(userIds)}::uuid[])
        and balance_kobo <> ${String(leftKobo)}::bigint`)) as unknown as { rows: { n: number }[] }
  ).rows[0]?.n;
  const fakeTransfers = fake.transfers('paystack');
  const perReference = new Map<string, number>();
  for (const transfer of fakeTransfers) {
    perReference.set(transfer.reference, (perReference.get(transfer.reference) ?? 0) + 1);
  }
  const ours = new Set(references);
  const fakeCheck = {
    transfers: fakeTransfers.length,
    references: perReference.size,
    sentTwice: [...perReference.values()].filter((n) => n > 1).length,
    missing: references.filter((reference) => !perReference.has(reference)).length,
    notOurs: [...perReference.keys()].filter((reference) => !ours.has(reference)).length,
    notSuccessful: fakeTransfers.filter((transfer) => transfer.status !== 'success').length,
  };
  const ledger = await findLedgerAnomalies(db);

  const closedPhases: ClosedResult[] = [
    warmFirst.withdraw,
    warmFirst.approve,
    warmFirst.webhook,
    warmSecond.webhook,
    first.withdraw,
    first.approve,
    first.webhook,
    second.webhook,
  ];
  const failedRequests =
    closedPhases.reduce((sum, phase) => sum + phase.non2xx + phase.errors, 0) +
    [warmSecond.paced, second.paced].reduce((sum, phase) => sum + phase.non2xx + phase.errors, 0);
  const checks = {
    firstInReview: first.inReview === USERS && warmFirst.inReview === WARMUP_USERS,
    secondSkippedReview: second.skippedReview === USERS && warmSecond.skippedReview === WARMUP_USERS,
    allPaid: byStatus.paid === expected && Object.keys(byStatus).length === 1,
    oneRequestEach: movements.withdrawal?.count === expected && movements.withdrawal.references === expected,
    onePayoutEach: movements.payout?.count === expected && movements.payout.references === expected,
    noReturns: movements.withdrawal_return === undefined,
    walletsExact: wrongWallets === 0,
    oneTransferEach:
      fakeCheck.transfers === expected &&
      fakeCheck.references === expected &&
      fakeCheck.sentTwice + fakeCheck.missing + fakeCheck.notOurs + fakeCheck.notSuccessful === 0,
  };
  const anomalies =
    countLedgerAnomalies(ledger) + failedRequests + Object.values(checks).filter((ok) => !ok).length;

  server.stop();
  await fake.close();
  await database.close();
  console.log(
    JSON.stringify({
      users: USERS,
      warmupUsers: WARMUP_USERS,
      concurrency: CONCURRENCY,
      firstNaira: FIRST_NAIRA,
      secondNaira: SECOND_NAIRA,
      reviewFromNaira: REVIEW_FROM_NAIRA,
      setupSeconds: round1(setupSeconds),
      withdrawals: first.withdraw,
      approvals: first.approve,
      transfers: first.transfers,
      webhooks: first.webhook,
      /** From the last webhook's answer until their 1,000 notifications were delivered (e-mailed). */
      webhookNotificationsDeliveredMs,
      paced: {
        connections: CONNECTIONS,
        what: `POST /api/wallet/withdraw: ${USERS} paid users' second withdrawals of ₦${SECOND_NAIRA.toLocaleString('en')} (below review: each sends its transfer job at once) offered at ${PACED_PER_SECOND}/s over ${CONNECTIONS} connections`,
        ...second.paced,
      },
      pacedTransfers: second.transfers,
      pacedWebhooks: second.webhook,
      warmup: {
        withdrawals: warmFirst.withdraw,
        approvals: warmFirst.approve,
        webhooks: warmFirst.webhook,
        paced: warmSecond.paced,
      },
      totals: { expected, byStatus, movements, wrongWallets, fake: fakeCheck },
      checks,
      ledger,
      failedRequests,
      anomalies,
      loadAverage: { before: loadBefore, after: loadavg()[0] ?? 0 },
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
