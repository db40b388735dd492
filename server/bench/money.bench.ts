/**
 * Money benchmark, run by `npm run bench -- money` (scripts/bench.mjs) against a throwaway
 * PostgreSQL: ledger debits per second on distinct wallets and on one hot wallet (through the
 * ledger module, as purchases will call it), and Paystack webhook confirmations per second over
 * real HTTP to the app. Prints one JSON line. Usage: tsx server/bench/money.bench.ts <postgres-url>
 */
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startApp } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config/env.ts';
import { openPostgres } from '../src/db/client.ts';
import { deposits } from '../src/db/schema/index.ts';
import { AppError } from '../src/lib/app-error.ts';
import {
  countLedgerAnomalies,
  findLedgerAnomalies,
  getWalletBalances,
  type Movement,
  moveMoney,
} from '../src/modules/ledger/ledger.ts';
import { createBenchUsers, fundMainWallet, mapConcurrently } from './fixtures.ts';
import { percentile } from './paced-load.ts';

const databaseUrl = process.argv[2] ?? '';
if (!databaseUrl) throw new Error('usage: money.bench.ts <postgres-url>');

const DISTINCT_WALLETS = 400;
const DISTINCT_DEBITS = 8000;
const HOT_DEBITS = 2000;
const WEBHOOKS = 3000;
// Below the pool size (20): more in flight only queues for a connection and adds latency.
const CONCURRENCY = 16;
const PAYSTACK_SECRET = 'sk_test_bench_secret_key';

interface Phase {
  operations: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  outcomes: Record<string, number>;
}

/** Runs `count` operations with `concurrency` in flight, timing each. */
async function measure(
  count: number,
  concurrency: number,
  operation: (index: number) => Promise<string>,
): Promise<Phase> {
  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  const started = performance.now();
  const indexes = Array.from({ length: count }, (_, index) => index);
  await mapConcurrently(indexes, concurrency, async (index) => {
    const begin = performance.now();
    const outcome = await operation(index);
    latencies.push(performance.now() - begin);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    operations: count,
    seconds,
    perSecond: count / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    outcomes,
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cashtips-money-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    PAYSTACK_SECRET_KEY: PAYSTACK_SECRET,
    PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
    RATES_URL: 'off',
    GEO_URL: 'off',
  });
  const database = openPostgres(databaseUrl, 20);
  const app = await startApp(config, { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const { db } = database;

  // Users and wallets, funded through the ledger.
  const userIds = await createBenchUsers(db, DISTINCT_WALLETS + 1, 'bench');
  const fund = (userId: string, kobo: bigint) => fundMainWallet(db, userId, kobo);
  const distinct = userIds.slice(0, DISTINCT_WALLETS);
  const hot = userIds[DISTINCT_WALLETS] as string;
  for (const userId of distinct) await fund(userId, 100_000_000n);
  // The hot wallet holds half of what is asked of it: exactly half the debits must be refused.
  await fund(hot, BigInt(HOT_DEBITS / 2) * 10_000n);

  const debit = (userId: string): Promise<string> => {
    const movement: Movement = {
      kind: 'purchase',
      idempotencyKey: `bench-debit:${randomUUID()}`,
      description: 'Benchmark purchase',
      postings: [
        { account: { userId, wallet: 'main' }, amountKobo: -10_000n },
        { account: { system: 'revenue:booking-codes' }, amountKobo: 10_000n },
      ],
    };
    return db
      .transaction((tx) => moveMoney(tx, movement))
      .then(
        () => 'debited',
        (error: unknown) => (error instanceof AppError ? error.code : `error: ${String(error)}`),
      );
  };

  const distinctPhase = await measure(DISTINCT_DEBITS, CONCURRENCY, (index) =>
    debit(distinct[index % distinct.length] as string),
  );
  const hotPhase = await measure(HOT_DEBITS, CONCURRENCY, () => debit(hot));

  // Pending Paystack deposits, then their signed charge.success notifications over HTTP.
  const now = new Date();
  const references = Array.from(
    { length: WEBHOOKS },
    (_, index) => `BENCH-${index}-${randomUUID().slice(0, 8)}`,
  );
  for (let start = 0; start < references.length; start += 500) {
    await db.insert(deposits).values(
      references.slice(start, start + 500).map((reference, offset) => ({
        userId: distinct[(start + offset) % distinct.length] as string,
        reference,
        provider: 'paystack' as const,
        amountKobo: 150_000n,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  const webhookPhase = await measure(WEBHOOKS, CONCURRENCY, async (index) => {
    const reference = references[index] as string;
    const payload = JSON.stringify({
      event: 'charge.success',
      data: {
        id: index + 1,
        status: 'success',
        reference,
        amount: 150_000,
        currency: 'NGN',
        channel: 'card',
      },
    });
    const response = await fetch(`${baseUrl}/api/payments/paystack/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': createHmac('sha512', PAYSTACK_SECRET).update(payload).digest('hex'),
      },
      body: payload,
    });
    await response.arrayBuffer();
    return `http ${response.status}`;
  });

  // Anomalies: invariants broken, or any outcome other than the expected ones.
  const ledger = await findLedgerAnomalies(db);
  const credited = (await db.execute(
    sql`select count(*)::int as n from ledger_transactions where kind = 'deposit' and reference like 'BENCH-%'`,
  )) as unknown as { rows: { n: number }[] };
  const hotBalance = (await getWalletBalances(db, hot)).mainKobo;
  const anomalies =
    countLedgerAnomalies(ledger) +
    (distinctPhase.outcomes.debited === DISTINCT_DEBITS ? 0 : 1) +
    (hotPhase.outcomes.debited === HOT_DEBITS / 2 && hotPhase.outcomes.INSUFFICIENT_BALANCE === HOT_DEBITS / 2
      ? 0
      : 1) +
    (hotBalance === 0n ? 0 : 1) +
    (webhookPhase.outcomes['http 200'] === WEBHOOKS ? 0 : 1) +
    ((credited.rows[0]?.n ?? 0) === WEBHOOKS ? 0 : 1);

  await app.close();
  console.log(
    JSON.stringify({
      distinct: distinctPhase,
      hot: hotPhase,
      webhooks: webhookPhase,
      ledger,
      anomalies,
      concurrency: CONCURRENCY,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
