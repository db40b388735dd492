import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../src/bootstrap.ts';
import { openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { benchSessions, createBenchCodes, createBenchUsers, mapConcurrently } from './fixtures.ts';
import { BENCH_JWT_SECRET, CONNECTIONS, readLoad, startBuiltServer } from './processes.ts';

/*
 * GET /api/users/dashboard-stats on PostgreSQL (issue 15): 100 buyers of 1,000 codes each, so every
 * reader has 1,000 purchases among 100,000; a third of the codes settled, some referrals. Each
 * request is a different buyer's.
 */
const databaseUrl = process.argv[2] ?? '';
if (!databaseUrl) throw new Error('usage: dashboard.bench.ts <postgres-url>');

const BUYERS = 100;
const CODES = 1000;
const SETUP_CONCURRENCY = 8;

async function main() {
  const database = openPostgres(databaseUrl, SETUP_CONCURRENCY);
  await runMigrations(database, migrationsFolder);
  const { db } = database;
  const server = await startBuiltServer(databaseUrl, 'dashboard');

  const codeIds = await createBenchCodes(db, CODES, 'DASH');
  const buyerIds = await createBenchUsers(db, BUYERS, 'dashbuyer');
  await createBenchUsers(db, BUYERS * 5, 'dashreferred');
  // Every buyer bought every code, over the last 40 days (some fall outside the 30-day window).
  await db.execute(sql`
    insert into code_purchases (user_id, code_id, wallet_type, price_kobo, created_at)
    select u.id, c.id, 'main', c.price_kobo, now() - ((c.n % 40) || ' days')::interval
    from (select id from users where email like 'dashbuyer%') u
    cross join (select id, price_kobo, row_number() over (order by id) as n from booking_codes where code like 'DASH%') c`);
  await db.execute(sql`
    update booking_codes set result = case when n % 3 = 0 then 'won' else 'lost' end, settled_at = now()
    from (select id as code_id, row_number() over (order by id) as n from booking_codes where code like 'DASH%') ranked
    where ranked.code_id = booking_codes.id and ranked.n % 3 <> 2`);
  // Five referred users per buyer.
  await db.execute(sql`
    update users set referred_by_user_id = buyer.id
    from (select id, row_number() over (order by id) - 1 as n from users where email like 'dashreferred%') referred
    join (select id, row_number() over (order by id) - 1 as n from users where email like 'dashbuyer%') buyer
      on buyer.n = referred.n % ${BUYERS}
    where users.id = referred.id`);
  await db.execute(sql`analyze`);
  const counted = (await db.execute(
    sql`select count(*)::int as purchases from code_purchases`,
  )) as unknown as {
    rows: { purchases: number }[];
  };

  const sessions = benchSessions(db, BENCH_JWT_SECRET);
  const tokens = await mapConcurrently(buyerIds, SETUP_CONCURRENCY, (userId) =>
    sessions.start(db, userId, { ip: '127.0.0.1', userAgent: 'bench' }),
  );
  const url = `${server.baseUrl}/api/users/dashboard-stats`;
  const sample = await fetch(url, { headers: { authorization: `Bearer ${tokens[0]}` } });
  const sampleBody = (await sample.json()) as { performance: { totalPurchases: number } };
  // Warm up (a cold process compiles as it goes), then measure.
  await readLoad(url, { tokens, durationSeconds: 3 });
  const stats = await readLoad(url, { tokens });

  server.stop();
  await database.close();
  console.log(
    JSON.stringify({
      buyers: BUYERS,
      codes: codeIds.length,
      purchases: counted.rows[0]?.purchases ?? 0,
      purchasesInWindow: sampleBody.performance.totalPurchases,
      connections: CONNECTIONS,
      stats,
      anomalies: stats.errors + stats.non2xx + (sample.status === 200 ? 0 : 1),
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
