import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../../test/content.ts';
import {
  FAKE_API_FOOTBALL_KEY,
  type FakeApiFootball,
  startFakeApiFootball,
} from '../../../test/fake-api-football.ts';
import {
  adminEnv,
  bearer,
  buildSecondProcess,
  buildTestApp,
  loginAdmin,
  type TestApp,
  usingPostgres,
} from '../../../test/test-app.ts';

/*
 * Two server processes on one PostgreSQL call the provider as one: a single fixtures sync and one
 * live poll a round between them; when the polling process goes, the other takes over.
 */
describe.runIf(usingPostgres())('the football poller with two processes on one PostgreSQL', () => {
  let fake: FakeApiFootball;
  let owner: TestApp;
  let adminToken: string;
  const workers: { app: import('fastify').FastifyInstance; close: () => Promise<void> }[] = [];

  beforeAll(async () => {
    fake = await startFakeApiFootball();
    owner = await buildTestApp(
      {
        ...adminEnv,
        FOOTBALL_DATA_PROVIDER: 'api-football',
        FOOTBALL_DATA_KEY: FAKE_API_FOOTBALL_KEY,
        FOOTBALL_DATA_URL: fake.url,
        FOOTBALL_DATA_LEAGUES: '39',
        FOOTBALL_DATA_POLL_SECONDS: '1',
        RESULT_CONFIRM_MINUTES: '0',
      },
      // Takes requests only: the two processes below do the polling.
      { runJobs: false },
    );
    adminToken = (await loginAdmin(owner)).token;
  });
  afterAll(async () => {
    for (const worker of workers) await worker.close();
    await owner?.close();
    await fake?.close();
  });

  const syncCalls = () => fake.calls.filter((call) => call.path === '/fixtures' && call.query.date).length;
  const liveCalls = () => fake.calls.filter((call) => call.path === '/fixtures' && call.query.ids).length;
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('syncs once and polls once a round between them, and the other process takes over', async () => {
    const fixture = teams('Processes');
    const kickoff = new Date(owner.clock.now().getTime() - 10 * 60_000);
    fake.addFixture({
      id: 9001,
      leagueId: 39,
      home: fixture.home,
      away: fixture.away,
      kickoff,
      status: '1H',
      goals: { home: 0, away: 0 },
    });
    const content = contentFor(owner, adminToken);
    const tip = await content.freeTip({
      teamA: fixture.home,
      teamB: fixture.away,
      inHours: -10 / 60,
      prediction: 'Home win',
    });

    workers.push(
      await buildSecondProcess(owner, { footballLeaderRetryMs: 200 }),
      await buildSecondProcess(owner, { footballLeaderRetryMs: 200 }),
    );
    await wait(4200);
    // One sync: today and 7 days on, one call a day; two processes syncing would make 16.
    expect(syncCalls()).toBe(8);
    // About one round a second from one process (two would make about 8 in 4 s).
    expect(liveCalls()).toBeGreaterThanOrEqual(2);
    expect(liveCalls()).toBeLessThanOrEqual(6);

    // The first process goes (whether or not it led); the poller keeps going in the other.
    await workers.shift()?.close();
    const before = liveCalls();
    await wait(2500);
    expect(liveCalls()).toBeGreaterThan(before);

    fake.updateFixture(9001, { status: 'FT', goals: { home: 2, away: 0 } });
    const deadline = Date.now() + 8000;
    let result = 'pending';
    while (result === 'pending' && Date.now() < deadline) {
      await wait(250);
      const response = await owner.app.inject({
        method: 'GET',
        url: `/api/admin/tips/${tip._id}`,
        headers: bearer(adminToken),
      });
      result = response.json().tip.result;
    }
    expect(result).toBe('won');
  });
});
