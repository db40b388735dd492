/**
 * Telegram relay benchmark, run by `npm run bench -- telegram` (scripts/bench.mjs) against a
 * throwaway PostgreSQL: 1,000 users with linked Telegram accounts each get a personal notification
 * from an admin (1,000 requests, 10 at a time); the built server relays them through its delivery
 * queue to a local fake Bot API (server/test/fake-telegram.ts, the real protocol). Measured: the rate
 * at which messages reach the fake against the configured limit (TELEGRAM_MAX_PER_SECOND, default
 * 25), and that every user got exactly one message, none lost or sent twice.
 * Prints one JSON line. Usage: tsx server/bench/telegram.bench.ts <postgres-url> [per-second]
 */
import { inArray, sql } from 'drizzle-orm';
import { migrationsFolder } from '../src/bootstrap.ts';
import { openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { users } from '../src/db/schema/index.ts';
import { startFakeTelegram } from '../test/fake-telegram.ts';
import { createBenchAdmin, createBenchUsers, mapConcurrently } from './fixtures.ts';
import { BENCH_JWT_SECRET, startBuiltServer } from './processes.ts';

const databaseUrl = process.argv[2] ?? '';
if (!databaseUrl) throw new Error('usage: telegram.bench.ts <postgres-url> [per-second]');
const PER_SECOND = Number(process.argv[3] ?? 25);
const RECIPIENTS = 1000;
const TOKEN = '123456789:bench-token-bench-token-bench-token';
/** After the last request, how long the relay may take at the configured rate, plus slack. */
const DEADLINE_MS = (RECIPIENTS / PER_SECOND) * 1000 + 30_000;

async function main() {
  const database = openPostgres(databaseUrl, 8);
  await runMigrations(database, migrationsFolder);
  const { db } = database;
  const telegram = await startFakeTelegram({ token: TOKEN, botUsername: 'CashTipsBenchBot' });
  Object.assign(process.env, {
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: telegram.url,
    TELEGRAM_BOT_USERNAME: 'CashTipsBenchBot',
    TELEGRAM_MAX_PER_SECOND: String(PER_SECOND),
  });
  const server = await startBuiltServer(databaseUrl, 'telegram');

  const { token: adminToken } = await createBenchAdmin(db, BENCH_JWT_SECRET, 'telegram');
  const userIds = await createBenchUsers(db, RECIPIENTS, 'telegram');
  // Linked accounts: chat ids 7,000,000 + n, alerts on (the default).
  await db.execute(sql`update ${users} set telegram_id = (7000000 + n)::text, telegram_username = 'bench_' || n
    from (select id, row_number() over (order by id) as n from ${users} where ${inArray(users.id, userIds)}) numbered
    where ${users.id} = numbered.id`);
  const chatOf = new Map(
    (
      await db
        .select({ id: users.id, telegramId: users.telegramId })
        .from(users)
        .where(inArray(users.id, userIds))
    ).map((row) => [row.id, String(row.telegramId)]),
  );

  const startedAt = Date.now();
  const statuses = await mapConcurrently([...userIds.entries()], 10, async ([index, userId]) => {
    const response = await fetch(`${server.baseUrl}/api/admin/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        userId,
        title: `Your tip for day ${index + 1}`,
        message: 'A new tip is up on My Rollover.',
        link: '/my-rollover',
      }),
    });
    await response.arrayBuffer();
    return response.status;
  });
  const requestsDoneAt = Date.now();

  const deadline = Date.now() + DEADLINE_MS;
  while (telegram.sent.length < RECIPIENTS && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // A little longer: anything sent twice would arrive now.
  await new Promise((resolve) => setTimeout(resolve, 3000));

  const personal = telegram.sent.filter((message) =>
    message.text.includes('A new tip is up on My Rollover.'),
  );
  const perChat = new Map<string, number>();
  for (const message of personal) perChat.set(message.chatId, (perChat.get(message.chatId) ?? 0) + 1);
  const chats = [...chatOf.values()];
  const missing = chats.filter((chat) => !perChat.has(chat)).length;
  const duplicated = chats.filter((chat) => (perChat.get(chat) ?? 0) > 1).length;
  const times = personal.map((message) => message.at).sort((a, b) => a - b);
  const first = times[0] ?? startedAt;
  const last = times.at(-1) ?? startedAt;
  // The steadiest second-by-second rate: the most messages seen in any one-second window.
  let peakPerSecond = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while ((times[end] as number) - (times[start] as number) >= 1000) start++;
    peakPerSecond = Math.max(peakPerSecond, end - start + 1);
  }

  console.log(
    JSON.stringify({
      recipients: RECIPIENTS,
      configuredPerSecond: PER_SECOND,
      requestsOk: statuses.filter((status) => status === 201 || status === 200).length,
      requestsMs: requestsDoneAt - startedAt,
      delivered: personal.length,
      missing,
      duplicated,
      firstMessageAfterMs: first - startedAt,
      relayMs: last - first,
      averagePerSecond:
        personal.length > 1 ? Math.round(((personal.length - 1) / ((last - first) / 1000)) * 10) / 10 : 0,
      peakPerSecond,
    }),
  );
  server.stop();
  await telegram.close();
  await database.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
