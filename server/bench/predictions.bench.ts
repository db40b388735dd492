import { addLagosDays, lagosDay } from '@cashtips/contract/lagos-time';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../src/bootstrap.ts';
import { openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { registerFixture, seedFinishedLeague } from '../test/model-league.ts';
import { createBenchAdmin } from './fixtures.ts';
import { BENCH_JWT_SECRET, CONNECTIONS, readLoad, startBareRoute, startBuiltServer } from './processes.ts';

/*
 * GET /api/admin/predictions/matches/:id on PostgreSQL (issue 16): a league of 20 clubs with two
 * seasons of finished matches (760) in the registry and 100 upcoming fixtures; the model is fitted
 * through POST /api/admin/predictions/fit (its job, in the built server), then one fixture's
 * prediction is read by an admin under 50 connections: served from the process's memory after the
 * first read (the admin guard still reads the user's role), against a bare route answering the same
 * bytes.
 */
const databaseUrl = process.argv[2] ?? '';
if (!databaseUrl) throw new Error('usage: predictions.bench.ts <postgres-url>');

/** Ligue 1: the other benches register Premier League and Serie A matches in the same database. */
const LEAGUE = 'Ligue 1';
const CLUBS = [
  'Paris Saint-Germain FC',
  'Olympique de Marseille',
  'AS Monaco FC',
  'LOSC Lille',
  'Olympique Lyonnais',
  'OGC Nice',
  'RC Lens',
  'Stade Rennais FC 1901',
  'Stade Brestois 29',
  'RC Strasbourg Alsace',
  'Toulouse FC',
  'FC Nantes',
  'Stade de Reims',
  'Montpellier HSC',
  'AJ Auxerre',
  'Angers SCO',
  'Le Havre AC',
  'AS Saint-Étienne',
  'FC Lorient',
  'FC Metz',
];
const UPCOMING = 100;

async function main() {
  const database = openPostgres(databaseUrl, 4);
  await runMigrations(database, migrationsFolder);
  const { db } = database;
  const server = await startBuiltServer(databaseUrl, 'predictions');
  const admin = await createBenchAdmin(db, BENCH_JWT_SECRET, 'predictions');
  const today = lagosDay(new Date());
  const seeded = await seedFinishedLeague(db, {
    league: LEAGUE,
    teams: CLUBS,
    firstDay: addLagosDays(today, -240),
    seasons: 2,
  });
  const fixtureIds: string[] = [];
  for (let index = 0; index < UPCOMING; index++) {
    // Every pair once: a club against the next 1 to 5 in the list.
    const home = CLUBS[index % CLUBS.length] as string;
    const away = CLUBS[(index + 1 + Math.floor(index / CLUBS.length)) % CLUBS.length] as string;
    fixtureIds.push(
      await registerFixture(db, {
        league: LEAGUE,
        // Typed without the clubs' 'FC', as admins type them.
        home: home.replace(/ FC$/, ''),
        away: away.replace(/ FC$/, ''),
        kickoff: new Date(Date.now() + (2 + index) * 3_600_000),
      }),
    );
  }
  const headers = { authorization: `Bearer ${admin.token}`, 'accept-encoding': 'identity' };

  const fitStarted = performance.now();
  const asked = await fetch(`${server.baseUrl}/api/admin/predictions/fit`, { method: 'POST', headers });
  if (asked.status !== 202) throw new Error(`fit request answered ${asked.status}`);
  const fitted = async () => {
    const result = (await db.execute(
      sql`select count(*)::int as fits, (select count(*)::int from match_predictions) as priced
          from model_fits where league = 'fr.1'`,
    )) as unknown as { rows: { fits: number; priced: number }[] };
    return result.rows[0] ?? { fits: 0, priced: 0 };
  };
  for (;;) {
    if ((await fitted()).fits > 0) break;
    if (performance.now() - fitStarted > 60_000) throw new Error('no fit within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const fitMs = Math.round(performance.now() - fitStarted);
  const { priced } = await fitted();

  const path = `/api/admin/predictions/matches/${fixtureIds[0]}`;
  const url = `${server.baseUrl}${path}`;
  const sample = await fetch(url, { headers });
  const sampleBody = await sample.text();
  const samplePrediction = (JSON.parse(sampleBody) as { prediction: { reason: string | null } }).prediction;
  const bare = await startBareRoute(sampleBody, path);
  // Warm up (a cold process compiles as it goes), then measure.
  await readLoad(url, { tokens: [admin.token], durationSeconds: 3 });
  const stats = await readLoad(url, { tokens: [admin.token] });
  await readLoad(bare.url, { durationSeconds: 2 });
  const bareStats = await readLoad(bare.url);

  bare.stop();
  server.stop();
  await database.close();
  console.log(
    JSON.stringify({
      league: LEAGUE,
      finishedMatches: seeded.matches,
      upcoming: UPCOMING,
      priced,
      fitMs,
      connections: CONNECTIONS,
      stats,
      bare: bareStats,
      anomalies:
        stats.errors + stats.non2xx + (sample.status === 200 && samplePrediction.reason === null ? 0 : 1),
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
