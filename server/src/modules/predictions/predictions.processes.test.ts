import { matchPredictionResponseSchema } from '@cashtips/contract/predictions';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, eventually, registerFixture, seedFinishedLeague } from '../../../test/model-league.ts';
import {
  adminEnv,
  bearer,
  buildSecondProcess,
  buildTestApp,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
  usingPostgres,
} from '../../../test/test-app.ts';

/*
 * The fit is a job done once whatever the number of processes, and a fit landing in one process is
 * seen at once by every other: their remembered predictions are dropped through PostgreSQL NOTIFY.
 */
describe.runIf(usingPostgres())('the model fit with several processes on one PostgreSQL', () => {
  let owner: TestApp;
  let adminToken: string;
  let matchId: string;
  const workers: { app: FastifyInstance; close: () => Promise<void> }[] = [];

  beforeAll(async () => {
    // Owns the database and takes requests; runs no jobs.
    owner = await buildTestApp(adminEnv, { runJobs: false });
    adminToken = (await loginAdmin(owner)).token;
    await seedFinishedLeague(owner.database.db, {
      league: 'Premier League',
      teams: ['Arsenal FC', 'Chelsea FC', 'Everton FC', 'Fulham FC', 'Burnley FC', 'Luton Town FC'],
      firstDay: '2026-07-01',
    });
    matchId = await registerFixture(owner.database.db, {
      league: 'Premier League',
      home: 'Arsenal',
      away: 'Luton Town',
      kickoff: new Date(owner.clock.now().getTime() + 30 * 3_600_000),
    });
  });
  afterAll(async () => {
    for (const worker of workers) await worker.close();
    await owner?.close();
  });

  const predictionOn = async (app: FastifyInstance) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/predictions/matches/${matchId}`,
      headers: bearer(adminToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    return matchPredictionResponseSchema.parse(response.json()).prediction;
  };
  const fitJobs = async (state: string) => {
    const result = (await owner.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'predictions.fit' and state = ${state}`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  };

  it('asked twice, fits once, in one of two processes; every process then answers from the new fit', async () => {
    // A process that takes requests only, and remembers a prediction made before any fit.
    const reader = await buildSecondProcess(owner, { runJobs: false });
    workers.push(reader);
    expect((await predictionOn(reader.app)).reason).toBe('no-fit-yet');

    // Two admins ask at once, on two processes: one fit waits, the second request adds nothing.
    const asked = await Promise.all(
      [owner.app, reader.app].map((app) =>
        app.inject({ method: 'POST', url: '/api/admin/predictions/fit', headers: bearer(adminToken) }),
      ),
    );
    expect(asked.map((response) => response.statusCode)).toEqual([202, 202]);
    expect(await fitJobs('created')).toBe(1);

    // Two processes that run jobs start and share the work.
    workers.push(await buildSecondProcess(owner), await buildSecondProcess(owner));
    await eventually(async () => (await countRows(owner.database.db, 'model_fits')) >= 1);
    await eventually(async () => (await fitJobs('completed')) >= 1);
    // Time for a second fit to show itself if the job ran twice.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await countRows(owner.database.db, 'model_fits')).toBe(1);
    expect(await fitJobs('completed')).toBe(1);

    // The fit landed in a worker; the reader's remembered answer was dropped.
    const seen = await predictionOn(reader.app);
    expect(seen.reason).toBeNull();
    expect(seen.fit?.league).toBe('en.1');
    expect((await predictionOn(owner.app)).fit).toEqual(seen.fit);
  });

  it('a role taken away on one process closes the model’s admin routes on another at once', async () => {
    const reader = workers[0] as (typeof workers)[number];
    const member = await signUpAndLogin(owner);
    const setRole = async (role: 'admin' | 'user') => {
      const response = await owner.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${member.userId}`,
        headers: bearer(adminToken),
        payload: { role },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const suggestions = () =>
      reader.app.inject({
        method: 'GET',
        url: '/api/admin/predictions/suggestions',
        headers: bearer(member.token),
      });
    // The other process hears of it a few milliseconds later (NOTIFY is asynchronous): sooner than a
    // client's next request over a network, later than an in-process inject; well within the 30 s
    // a remembered role may otherwise live.
    const soon = async (status: number) => {
      const deadline = Date.now() + 2000;
      for (;;) {
        const { statusCode } = await suggestions();
        if (statusCode === status || Date.now() > deadline) return statusCode;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    expect((await suggestions()).statusCode).toBe(403);
    await setRole('admin');
    expect(await soon(200)).toBe(200);
    await setRole('user');
    expect(await soon(403)).toBe(403);
  });
});
