import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../../test/content.ts';
import {
  adminEnv,
  bearer,
  buildTestApp,
  devDeposit,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
  usingPostgres,
} from '../../../test/test-app.ts';
import { matches } from '../../db/schema/index.ts';

let t: TestApp;
let admin: { token: string };
let content: ReturnType<typeof contentFor>;

beforeAll(async () => {
  t = await buildTestApp(adminEnv);
  admin = await loginAdmin(t);
  content = contentFor(t, admin.token);
});
afterAll(() => t.close());

const asAdmin = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
const codeResult = async (id: string) => (await asAdmin(`/api/admin/booking-codes/${id}`)).json().code.result;
const tipResult = async (id: string) => (await asAdmin(`/api/admin/rollover-tips/${id}`)).json().tip.result;
const freeResult = async (id: string) => (await asAdmin(`/api/admin/tips/${id}`)).json().tip.result;

async function activityOf(token: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/users/activity-log',
    headers: bearer(token),
  });
  return response.json() as { title: string; description: string }[];
}

async function buyer() {
  const user = await signUpAndLogin(t);
  await devDeposit(t, user.token, 5000);
  return user;
}

describe('recording a final score', () => {
  it('settles a free tip, a rollover tip and a booking code on the same match together, and tells who paid', async () => {
    const fixture = teams('Settle');
    const game = { teamA: fixture.home, teamB: fixture.away, prediction: 'Over 2.5 goals', inHours: 2 };
    const free = await content.freeTip(game);
    const planId = await content.plan();
    const tipId = await content.rolloverTip(planId, [{ ...game, prediction: 'Home win' }]);
    const codeId = await content.code([{ ...game, prediction: 'BTTS' }]);
    const matchId = await content.matchOf(fixture.home);
    expect(free.matchId).toBe(matchId);

    const buyerOfCode = await buyer();
    const purchase = await t.app.inject({
      method: 'POST',
      url: `/api/booking-codes/purchase/${codeId}`,
      headers: bearer(buyerOfCode.token),
      payload: { walletType: 'main' },
    });
    expect(purchase.statusCode, purchase.body).toBe(200);
    const subscriber = await buyer();
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/rollover-subscribe',
      headers: bearer(subscriber.token),
      payload: { planId, walletType: 'main' },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);

    t.clock.advance(4 * 3600_000);
    const recorded = await content.recordResult(matchId, { homeGoals: 2, awayGoals: 1 });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const body = recorded.json();
    expect(body.changed).toBe(true);
    expect(body.match).toMatchObject({ status: 'finished', score: { home: 2, away: 1 } });
    expect(body.settled).toHaveLength(3);
    expect(body.games.map((g: { market: string; outcome: string }) => [g.market, g.outcome]).sort()).toEqual(
      [
        ['Both teams to score: Yes', 'won'],
        ['Over 2.5 goals', 'won'],
        [`${fixture.home} to win`, 'won'],
      ].sort(),
    );
    expect(await freeResult(free._id)).toBe('won');
    expect(await tipResult(tipId)).toBe('won');
    expect(await codeResult(codeId)).toBe('won');

    const told = await activityOf(buyerOfCode.token);
    expect(told[0]).toMatchObject({ title: 'Booking code won' });
    expect(told[0]?.description).not.toContain('CODE');
    expect((await activityOf(subscriber.token))[0]).toMatchObject({ title: 'Rollover tip won' });
  });

  it('one lost game loses an accumulator at once; a pending game keeps it pending; void games drop out', async () => {
    const first = teams('Acca');
    const second = teams('Acca');
    const third = teams('Acca');
    const codeId = await content.code([
      { teamA: first.home, teamB: first.away, prediction: 'Home win', inHours: 1 },
      { teamA: second.home, teamB: second.away, prediction: 'Under 2.5', inHours: 1 },
      { teamA: third.home, teamB: third.away, prediction: 'Draw', inHours: 1 },
    ]);
    const otherId = await content.code([
      { teamA: first.home, teamB: first.away, prediction: '1X', inHours: 1 },
      { teamA: third.home, teamB: third.away, prediction: 'Away win', inHours: 1 },
    ]);
    t.clock.advance(3 * 3600_000);
    await content.recordResult(await content.matchOf(first.home), { homeGoals: 1, awayGoals: 0 });
    expect(await codeResult(codeId)).toBe('pending');
    await content.recordResult(await content.matchOf(second.home), { homeGoals: 3, awayGoals: 0 });
    expect(await codeResult(codeId)).toBe('lost');
    // The third match is abandoned: its games are void, and the other code is won on its first game.
    const voided = await content.recordResult(await content.matchOf(third.home), { status: 'void' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await codeResult(otherId)).toBe('won');
    expect(await codeResult(codeId)).toBe('lost');
  });

  it('a prediction that is not a known market waits in the to-settle queue until an admin settles it', async () => {
    const fixture = teams('Corners');
    const codeId = await content.code([
      { teamA: fixture.home, teamB: fixture.away, prediction: 'Over 9.5 corners', inHours: 1 },
    ]);
    const queued = async () =>
      ((await asAdmin('/api/admin/to-settle?kind=code&limit=100')).json().items as { itemId: string }[]).some(
        (item) => item.itemId === codeId,
      );
    t.clock.advance(2 * 3600_000);
    expect(await queued()).toBe(false);
    t.clock.advance(90 * 60_000);
    expect(await queued()).toBe(true);
    const recorded = await content.recordResult(await content.matchOf(fixture.home), {
      homeGoals: 0,
      awayGoals: 0,
    });
    expect(recorded.json().games[0]).toMatchObject({ market: null, outcome: 'pending' });
    expect(await codeResult(codeId)).toBe('pending');
    const queue = (await asAdmin('/api/admin/to-settle?kind=code&limit=100')).json();
    expect(queue.items.find((item: { itemId: string }) => item.itemId === codeId)).toMatchObject({
      games: [{ prediction: 'Over 9.5 corners', market: null, score: { home: 0, away: 0 } }],
    });
    const settled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/booking-codes/${codeId}/settle`,
      headers: bearer(admin.token),
      payload: { result: 'lost' },
    });
    expect(settled.statusCode).toBe(200);
    expect(await queued()).toBe(false);
  });

  it('the same score again changes nothing; another needs a reason, re-settles, and is audited', async () => {
    const fixture = teams('Fix');
    const game = { teamA: fixture.home, teamB: fixture.away, inHours: 1 };
    const codeId = await content.code([{ ...game, prediction: 'Home win' }]);
    const free = await content.freeTip({ ...game, prediction: 'Home win' });
    const byHand = await content.code([{ ...game, prediction: 'Home win' }]);
    const matchId = await content.matchOf(fixture.home);
    t.clock.advance(3 * 3600_000);
    // An admin settles one code by hand before the score is in: that result stands.
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/booking-codes/${byHand}/settle`,
      headers: bearer(admin.token),
      payload: { result: 'void' },
    });
    expect((await content.recordResult(matchId, { homeGoals: 2, awayGoals: 0 })).json().settled).toHaveLength(
      2,
    );
    const again = await content.recordResult(matchId, { homeGoals: 2, awayGoals: 0 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ changed: false, settled: [] });

    const refused = await content.recordResult(matchId, { homeGoals: 0, awayGoals: 2 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].field).toBe('reason');
    expect(await codeResult(codeId)).toBe('won');

    const corrected = await content.recordResult(matchId, {
      homeGoals: 0,
      awayGoals: 2,
      reason: 'Typed the score the wrong way round',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(
      corrected.json().settled.map((item: { before: string; after: string }) => [item.before, item.after]),
    ).toEqual([
      ['won', 'lost'],
      ['won', 'lost'],
    ]);
    expect(await codeResult(codeId)).toBe('lost');
    expect(await freeResult(free._id)).toBe('lost');
    expect(await codeResult(byHand)).toBe('void');
    const audit = (await asAdmin('/api/admin/audit-log?limit=50')).json().entries as {
      action: string;
      reason: string | null;
    }[];
    expect(
      audit.filter((entry) => entry.reason === 'Typed the score the wrong way round').map((e) => e.action),
    ).toEqual(
      expect.arrayContaining(['match.result.correct', 'code.settle.correct', 'free-tip.settle.correct']),
    );
  });

  it('reuses a fixture typed again for another item, and moves its kickoff while it is unplayed', async () => {
    const fixture = teams('Reuse');
    await content.code([{ teamA: fixture.home, teamB: fixture.away, prediction: 'Home win', inHours: 5 }]);
    await content.freeTip({
      teamA: fixture.home.toUpperCase(),
      teamB: fixture.away,
      prediction: 'Draw',
      inHours: 6,
    });
    const matchId = await content.matchOf(fixture.home);
    const detail = (await asAdmin(`/api/admin/matches/${matchId}`)).json();
    expect(detail.match.games).toBe(2);
    expect(detail.match.kickoff).toBe(content.kickoff(6));
  });

  it('refuses bad results with 4xx and keeps admin routes for admins', async () => {
    const fixture = teams('Bad');
    await content.freeTip({ teamA: fixture.home, teamB: fixture.away, prediction: 'Home win', inHours: 1 });
    const matchId = await content.matchOf(fixture.home);
    expect((await content.recordResult(matchId, { homeGoals: 1 })).statusCode).toBe(400);
    expect((await content.recordResult(matchId, { homeGoals: -1, awayGoals: 0 })).statusCode).toBe(400);
    expect((await content.recordResult(matchId, { homeGoals: 1.5, awayGoals: 0 })).statusCode).toBe(400);
    expect((await content.recordResult(matchId, { homeGoals: 1, awayGoals: 0, extra: 1 })).statusCode).toBe(
      400,
    );
    expect(
      (await content.recordResult('00000000-0000-4000-8000-000000000000', { homeGoals: 1, awayGoals: 0 }))
        .statusCode,
    ).toBe(404);
    const user = await signUpAndLogin(t);
    for (const url of ['/api/admin/matches', `/api/admin/matches/${matchId}`, '/api/admin/to-settle']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(user.token) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const asUser = await t.app.inject({
      method: 'POST',
      url: `/api/admin/matches/${matchId}/result`,
      headers: bearer(user.token),
      payload: { homeGoals: 1, awayGoals: 0 },
    });
    expect(asUser.statusCode).toBe(403);
  });
});

describe("GET /api/admin/matches/search (the game editor's match picker)", () => {
  const search = (query: string, token = admin.token) =>
    t.app.inject({ method: 'GET', url: `/api/admin/matches/search?${query}`, headers: bearer(token) });

  it('answers unplayed matches from 2 hours ago on, soonest first, whose teams or league hold every word, with their provider link', async () => {
    const league = `Picker League ${Date.now().toString(36)}`;
    const games = [1, 3, 9, 34, 4].map((inHours) => ({ ...teams('Pick'), inHours }));
    for (const game of games) {
      await content.code([
        { teamA: game.home, teamB: game.away, league, prediction: 'Home win', inHours: game.inHours },
      ]);
    }
    const [longAgo, justStarted, later, tomorrow, finished] = await Promise.all(
      games.map((game) => content.matchOf(game.home)),
    );
    await t.database.db
      .update(matches)
      .set({ provider: 'api-football', providerId: '1208099' })
      .where(eq(matches.id, later as string));
    expect((await content.recordResult(finished as string, { homeGoals: 1, awayGoals: 0 })).statusCode).toBe(
      200,
    );
    // Now the first kicked off 3 hours ago (too long to pick), the second 1 hour ago.
    t.clock.advance(4 * 3600_000);

    const found = await search(`q=${encodeURIComponent(league.toLowerCase())}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({
      success: true,
      matches: [
        {
          _id: justStarted,
          league,
          homeTeam: games[1]?.home,
          awayTeam: games[1]?.away,
          kickoff: content.kickoff(-1),
          provider: null,
        },
        {
          _id: later,
          league,
          homeTeam: games[2]?.home,
          awayTeam: games[2]?.away,
          kickoff: content.kickoff(5),
          provider: { name: 'api-football', id: '1208099' },
        },
        expect.objectContaining({ _id: tomorrow, kickoff: content.kickoff(30) }),
      ],
    });
    expect(found.json().matches.map((match: { _id: string }) => match._id)).not.toContain(longAgo);

    // Words may be in different fields: a word of the league and the away team's name narrow it to one.
    const narrowed = await search(
      `q=${encodeURIComponent(`${league.split(' ').at(-1)} ${games[3]?.away.split(' ').at(-1)}`)}`,
    );
    expect(narrowed.json().matches.map((match: { _id: string }) => match._id)).toEqual([tomorrow]);

    const fromTomorrow = await search(
      `q=${encodeURIComponent(league)}&from=${encodeURIComponent(content.kickoff(24))}`,
    );
    expect(fromTomorrow.json().matches.map((match: { _id: string }) => match._id)).toEqual([tomorrow]);
    expect((await search('q=nothing%20is%20called%20this%20zzqx')).json().matches).toEqual([]);
  });

  it('answers at most 10, refuses a bad date, and is for admins only', async () => {
    const league = `Crowded League ${Date.now().toString(36)}`;
    for (let index = 0; index < 12; index += 1) {
      const game = teams('Crowd');
      await content.code([
        { teamA: game.home, teamB: game.away, league, prediction: 'Home win', inHours: 2 + index },
      ]);
    }
    const found = (await search(`q=${encodeURIComponent(league)}`)).json();
    expect(found.matches).toHaveLength(10);
    expect(found.matches[0].kickoff).toBe(content.kickoff(2));

    expect((await search('q=a&from=tomorrow')).statusCode).toBe(400);
    const user = await signUpAndLogin(t);
    expect((await search('q=a', user.token)).statusCode).toBe(403);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/admin/matches/search?q=a' });
    expect(visitor.statusCode).toBe(401);
  });
});

describe(`results under concurrency (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('two admins recording the same score at once settle every item exactly once', async () => {
    const fixture = teams('Race');
    const game = { teamA: fixture.home, teamB: fixture.away, prediction: 'Home win', inHours: 1 };
    const codeIds = [await content.code([game]), await content.code([game])];
    const buyers = await Promise.all([buyer(), buyer()]);
    for (const user of buyers) {
      for (const codeId of codeIds) {
        await t.app.inject({
          method: 'POST',
          url: `/api/booking-codes/purchase/${codeId}`,
          headers: bearer(user.token),
          payload: { walletType: 'main' },
        });
      }
    }
    const matchId = await content.matchOf(fixture.home);
    t.clock.advance(3 * 3600_000);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => content.recordResult(matchId, { homeGoals: 1, awayGoals: 0 })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.json().changed)).toHaveLength(1);
    for (const user of buyers) {
      const settledNotes = (await activityOf(user.token)).filter((item) => item.title === 'Booking code won');
      expect(settledNotes).toHaveLength(2);
    }
  });

  it('scores of two games of one code recorded at once never leave it pending', async () => {
    for (let round = 0; round < 5; round++) {
      const first = teams('Pair');
      const second = teams('Pair');
      const codeId = await content.code([
        { teamA: first.home, teamB: first.away, prediction: 'Home win', inHours: 1 },
        { teamA: second.home, teamB: second.away, prediction: 'Home win', inHours: 1 },
      ]);
      const ids = [await content.matchOf(first.home), await content.matchOf(second.home)];
      t.clock.advance(3 * 3600_000);
      await Promise.all(ids.map((id) => content.recordResult(id, { homeGoals: 2, awayGoals: 0 })));
      expect(await codeResult(codeId)).toBe('won');
    }
  });
});
