import {
  calibrationResponseSchema,
  INSIGHT_MIN_FAIR_ODDS,
  insightsResponseSchema,
  matchPredictionResponseSchema,
  modelRecordResponseSchema,
  suggestionsResponseSchema,
} from '@cashtips/contract/predictions';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor } from '../../../test/content.ts';
import { countRows, eventually, registerFixture, seedFinishedLeague } from '../../../test/model-league.ts';
import {
  adminEnv,
  bearer,
  buildTestApp,
  loginAdmin,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';
import { matches, matchPredictions, modelFits } from '../../db/schema/index.ts';
import { storeOdds } from '../football/market-odds.ts';
import { pickWorthABet } from './predictions.service.ts';

/*
 * The match model in the product (issue 16): the fit job on the registry's finished matches, the
 * stored and on-demand predictions of registered matches, the routes and who may call them, the
 * cache dropped by a refit, and today's insights from free tips only.
 */

/** Strongest first (the synthetic league draws its scores from these strengths). */
const CLUBS = [
  'Arsenal FC',
  'Chelsea FC',
  'Liverpool FC',
  'Everton FC',
  'Fulham FC',
  'Brentford FC',
  'Burnley FC',
  'Luton Town FC',
];
const HOUR = 3_600_000;

describe('match predictions', () => {
  let t: TestApp;
  let admin: { token: string; userId: string };
  let user: { token: string };
  const ids: Record<string, string> = {};

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const prediction = async (matchId: string) => {
    const response = await get(`/api/admin/predictions/matches/${matchId}`, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    return matchPredictionResponseSchema.parse(response.json()).prediction;
  };
  const latestFit = async () => {
    const [row] = await t.database.db
      .select()
      .from(modelFits)
      .where(eq(modelFits.league, 'en.1'))
      .orderBy(desc(modelFits.fittedAt))
      .limit(1);
    return row;
  };
  /** POST /fit and wait for the job to store one more fit. */
  const refit = async () => {
    const before = await countRows(t.database.db, 'model_fits');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/predictions/fit',
      headers: bearer(admin.token),
    });
    expect(response.statusCode, response.body).toBe(202);
    await eventually(async () => (await countRows(t.database.db, 'model_fits')) > before);
  };

  beforeAll(async () => {
    t = await buildTestApp(adminEnv);
    admin = await loginAdmin(t);
    user = await signUpAndLogin(t);
    const { db } = t.database;
    await seedFinishedLeague(db, { league: 'Premier League', teams: CLUBS, firstDay: '2026-07-01' });
    const now = t.clock.now().getTime();
    // Typed as admins type them: without 'FC'.
    ids.upcoming = await registerFixture(db, {
      league: 'EPL',
      home: 'Arsenal',
      away: 'Luton Town',
      kickoff: new Date(now + 50 * HOUR),
    });
    ids.reverse = await registerFixture(db, {
      league: 'Premier League',
      home: 'Luton Town FC',
      away: 'Arsenal FC',
      kickoff: new Date(now + 74 * HOUR),
    });
    ids.otherLeague = await registerFixture(db, {
      league: 'Serie Z',
      home: 'Alpha',
      away: 'Beta',
      kickoff: new Date(now + 30 * HOUR),
    });
    ids.past = await registerFixture(db, {
      league: 'Premier League',
      home: 'Chelsea FC',
      away: 'Fulham FC',
      kickoff: new Date(now - 20 * HOUR),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('before any fit says so, and every admin route refuses visitors (401) and users (403)', async () => {
    const first = await prediction(ids.upcoming as string);
    expect(first).toMatchObject({ reason: 'no-fit-yet', fit: null, markets: null, picks: [] });
    const routes: [string, string][] = [
      ['GET', '/api/admin/predictions/suggestions'],
      ['GET', `/api/admin/predictions/matches/${ids.upcoming}`],
      ['GET', '/api/admin/predictions/calibration'],
      ['POST', '/api/admin/predictions/fit'],
    ];
    for (const [method, url] of routes) {
      const visitor = await t.app.inject({ method: method as 'GET' | 'POST', url });
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      const member = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: bearer(user.token),
      });
      expect(member.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await get('/api/predictions/insights')).statusCode).toBe(401);
    expect(await countRows(t.database.db, 'model_fits')).toBe(0);
  });

  it('the admin guard remembers a role until it changes: made admin, then user again, each holds at once', async () => {
    const member = await signUpAndLogin(t);
    const suggestions = () => get('/api/admin/predictions/suggestions', member.token);
    const setRole = async (role: 'admin' | 'user') => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${member.userId}`,
        headers: bearer(admin.token),
        payload: { role },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    expect((await suggestions()).statusCode).toBe(403);
    await setRole('admin');
    expect((await suggestions()).statusCode).toBe(200);
    await setRole('user');
    expect((await suggestions()).statusCode).toBe(403);
  });

  it('the fit job stores a fit of the league and prices its upcoming registered matches only', async () => {
    await refit();
    const fit = await latestFit();
    expect(fit).toMatchObject({ league: 'en.1', asOf: '2026-11-21', matches: 112 });
    // 'Arsenal' and 'Luton Town' as typed are the data's 'Arsenal FC' and 'Luton Town FC': no new teams.
    expect([...(fit?.parameters.teams ?? [])].sort()).toEqual([...CLUBS].sort());
    expect((fit?.baseHome ?? 0) + (fit?.baseDraw ?? 0) + (fit?.baseAway ?? 0)).toBeCloseTo(1, 5);
    const stored = await t.database.db.select().from(matchPredictions);
    expect(stored.map((row) => row.matchId).sort()).toEqual([ids.upcoming, ids.reverse].sort());
    for (const row of stored) {
      expect(row.fitId).toBe(fit?.id);
      expect(row.home + row.draw + row.away).toBeCloseTo(1, 5);
      expect(row.baselineHome).toBeCloseTo(fit?.baseHome ?? -1, 5);
    }
  });

  it('answers a match with the latest fit: markets summing to 1, picks most probable first, the strong side favoured', async () => {
    const view = await prediction(ids.upcoming as string);
    expect(view).toMatchObject({
      matchId: ids.upcoming,
      league: 'EPL',
      homeTeam: 'Arsenal',
      awayTeam: 'Luton Town',
      reason: null,
      fit: { league: 'en.1', asOf: '2026-11-21', matches: 112 },
    });
    const { result } = view.markets ?? { result: { home: 0, draw: 0, away: 0 } };
    expect(result.home + result.draw + result.away).toBeCloseTo(1, 6);
    expect(result.home).toBeGreaterThan(result.away);
    const probabilities = view.picks.map((pick) => pick.probability);
    expect(probabilities).toEqual([...probabilities].sort((a, b) => b - a));
    expect(view.picks.find((pick) => pick.prediction === 'Home')?.probability).toBeCloseTo(result.home, 6);
    for (const pick of view.picks) expect(pick.fairOdds).toBeCloseTo(1 / pick.probability, 1);

    expect(await prediction(ids.otherLeague as string)).toMatchObject({
      reason: 'league-not-modelled',
      fit: null,
      picks: [],
    });
  });

  it('a league whose stored fit has no level for new teams answers team-unknown for a team it never saw', async () => {
    const now = t.clock.now();
    await t.database.db.insert(modelFits).values({
      league: 'de.1',
      asOf: '2026-11-21',
      fittedAt: now,
      matches: 2,
      parameters: {
        teams: ['FC Bayern München', 'Borussia Dortmund'],
        attack: [0.3, -0.3],
        defence: [0, 0.2],
        homeAdvantage: 0.2,
        rho: -0.05,
        xi: 0.0025,
      },
      baseHome: 0.5,
      baseDraw: 0.25,
      baseAway: 0.25,
      logLikelihood: -2,
      iterations: 3,
    });
    // Written by hand: tell the process as a fit would (it publishes its league).
    t.app.services.predictions.forget('de.1');
    const known = await registerFixture(t.database.db, {
      league: 'Bundesliga',
      home: 'Bayern München',
      away: 'Borussia Dortmund',
      kickoff: new Date(now.getTime() + 5 * HOUR),
    });
    const unknown = await registerFixture(t.database.db, {
      league: 'Bundesliga',
      home: 'Nowhere SV',
      away: 'Borussia Dortmund',
      kickoff: new Date(now.getTime() + 6 * HOUR),
    });
    expect((await prediction(known)).reason).toBeNull();
    expect(await prediction(unknown)).toMatchObject({
      reason: 'team-unknown',
      markets: null,
      fit: { league: 'de.1' },
    });
  });

  it('prices on demand a match registered after the fit, and keeps it as its pre-kickoff record', async () => {
    const fit = await latestFit();
    const later = await registerFixture(t.database.db, {
      league: 'Premier League',
      home: 'Chelsea',
      away: 'Everton',
      kickoff: new Date(t.clock.now().getTime() + 28 * HOUR),
    });
    const view = await prediction(later);
    expect(view.reason).toBeNull();
    expect(view.fit?.fittedAt).toBe(fit?.fittedAt.toISOString());
    const [row] = await t.database.db
      .select()
      .from(matchPredictions)
      .where(eq(matchPredictions.matchId, later));
    expect(row?.fitId).toBe(fit?.id);
    expect(row?.home).toBeCloseTo(view.markets?.result.home ?? -1, 5);
    // A match already under way that no fit priced before it: only a fit whose data stopped by its
    // day may price it (this one's data runs to the day after), and nothing is stored.
    expect((await prediction(ids.past as string)).reason).toBe('no-fit-yet');
    expect(
      await t.database.db
        .select()
        .from(matchPredictions)
        .where(eq(matchPredictions.matchId, ids.past as string)),
    ).toEqual([]);
  });

  it('lists upcoming registered matches soonest first, filtered by league, with the latest fits', async () => {
    const response = await get('/api/admin/predictions/suggestions?days=7', admin.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = suggestionsResponseSchema.parse(response.json());
    const kickoffs = body.matches.map((match) => match.kickoff);
    expect(kickoffs).toEqual([...kickoffs].sort());
    expect(body.matches.map((match) => match.matchId)).toContain(ids.upcoming);
    expect(body.matches.map((match) => match.matchId)).toContain(ids.otherLeague);
    expect(body.matches.map((match) => match.matchId)).not.toContain(ids.past);
    expect(body.fits.map((fit) => fit.league).sort()).toEqual(['de.1', 'en.1']);

    const epl = suggestionsResponseSchema.parse(
      (
        await get('/api/admin/predictions/suggestions?days=7&league=Premier%20League&limit=2', admin.token)
      ).json(),
    );
    expect(epl.matches.every((match) => ['EPL', 'Premier League'].includes(match.league))).toBe(true);
    expect(epl).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(epl.matches.every((match) => match.reason === null)).toBe(true);

    for (const bad of ['limit=0', 'limit=51', 'days=31', 'page=0', 'days=x']) {
      const refused = await get(`/api/admin/predictions/suggestions?${bad}`, admin.token);
      expect(refused.statusCode, bad).toBe(400);
    }
    expect(
      (await get('/api/admin/predictions/matches/7a0c4c39-4f5b-4a3f-8d9e-2b1c0d9e8f7a', admin.token))
        .statusCode,
    ).toBe(404);
    expect((await get('/api/admin/predictions/matches/not-an-id', admin.token)).statusCode).toBe(404);
    const calibration = await get('/api/admin/predictions/calibration', admin.token);
    expect(calibrationResponseSchema.parse(calibration.json()).buckets).toHaveLength(10);
    const record = await get('/api/predictions/record');
    expect(record.statusCode).toBe(200);
    modelRecordResponseSchema.parse(record.json());
  });

  it('sets the market’s latest prices beside the model on a match and in the suggestions; none without prices or a prediction', async () => {
    const now = t.clock.now();
    const priced = await registerFixture(t.database.db, {
      league: 'Premier League',
      home: 'Liverpool',
      away: 'Burnley',
      kickoff: new Date(now.getTime() + 26 * HOUR),
    });
    await storeOdds(
      t.database.db,
      [
        {
          matchId: priced,
          bookmaker: 'Bet9ja',
          updatedAt: new Date(now.getTime() - 3 * HOUR),
          home: 1.5,
          draw: 4.2,
          away: 6,
          over25: 1.7,
          under25: 2.1,
        },
        {
          matchId: priced,
          bookmaker: 'SportyBet',
          updatedAt: new Date(now.getTime() - HOUR),
          home: 1.6,
          draw: 4,
          away: 5.5,
        },
        // Priced, but the model does not cover the league: no market beside nothing.
        ...['Bet9ja', 'SportyBet'].map((bookmaker) => ({
          matchId: ids.otherLeague as string,
          bookmaker,
          updatedAt: new Date(now.getTime() - HOUR),
          home: 2,
          draw: 3,
          away: 4,
        })),
      ],
      now,
    );
    const view = await prediction(priced);
    const model = view.markets;
    // The consensus of the two bookmakers' 1X2, each margin removed; over/under has one bookmaker: none.
    const bet9ja = 1 / 1.5 + 1 / 4.2 + 1 / 6;
    const sporty = 1 / 1.6 + 1 / 4 + 1 / 5.5;
    const market = {
      home: (1 / 1.5 / bet9ja + 1 / 1.6 / sporty) / 2,
      draw: (1 / 4.2 / bet9ja + 1 / 4 / sporty) / 2,
      away: (1 / 6 / bet9ja + 1 / 5.5 / sporty) / 2,
    };
    const outcome = (probability: number, modelProbability: number | undefined) => ({
      price: expect.closeTo(1 / probability, 3),
      probability: expect.closeTo(probability, 4),
      edge: expect.closeTo((modelProbability ?? 0) / probability - 1, 3),
    });
    expect(view.market).toEqual({
      bookmakers: 2,
      takenAt: new Date(now.getTime() - HOUR).toISOString(),
      result: {
        home: outcome(market.home, model?.result.home),
        draw: outcome(market.draw, model?.result.draw),
        away: outcome(market.away, model?.result.away),
        margin: expect.closeTo((bet9ja - 1 + sporty - 1) / 2, 4),
      },
      overUnder25: null,
    });

    const response = await get('/api/admin/predictions/suggestions?days=7&limit=50', admin.token);
    const listed = suggestionsResponseSchema.parse(response.json()).matches;
    expect(listed.find((match) => match.matchId === priced)?.market).toEqual(view.market);
    expect(listed.find((match) => match.matchId === ids.upcoming)?.market).toBeNull();
    expect(listed.find((match) => match.matchId === ids.otherLeague)?.market).toBeNull();
  });

  it('a score an admin records feeds the next fit (typed "Luton Town", it is the data’s Luton Town FC)', async () => {
    const before = await latestFit();
    const pricedBefore = (await prediction(ids.reverse as string)).markets?.result.home ?? 0;
    const upset = await registerFixture(t.database.db, {
      league: 'Premier League',
      home: 'Luton Town',
      away: 'Arsenal',
      kickoff: new Date(t.clock.now().getTime() - 40 * HOUR),
    });
    const recorded = await contentFor(t, admin.token).recordResult(upset, { homeGoals: 6, awayGoals: 0 });
    expect(recorded.statusCode, recorded.body).toBe(200);
    t.clock.advance(HOUR);
    await refit();
    const after = await latestFit();
    expect(after?.id).not.toBe(before?.id);
    expect(after?.matches).toBe(113);
    expect([...(after?.parameters.teams ?? [])].sort()).toEqual([...CLUBS].sort());
    const attackOf = (fit: typeof before) =>
      fit?.parameters.attack[fit.parameters.teams.indexOf('Luton Town FC')] ?? Number.NaN;
    expect(attackOf(after) - attackOf(before)).toBeGreaterThan(0.02);
    // The refit dropped the cached prediction: Luton at home to Arsenal is now likelier.
    const view = await prediction(ids.reverse as string);
    expect(view.fit?.fittedAt).toBe(after?.fittedAt.toISOString());
    expect(view.markets?.result.home ?? 0).toBeGreaterThan(pricedBefore + 0.01);
  });

  it('serves a match from memory until a refit, which every cached prediction gives way to', async () => {
    const first = await prediction(ids.upcoming as string);
    // Behind the cache's back: the stored row changes, the answer does not.
    await t.database.db
      .update(matchPredictions)
      .set({ home: 0.01, draw: 0.01, away: 0.98 })
      .where(eq(matchPredictions.matchId, ids.upcoming as string));
    expect(await prediction(ids.upcoming as string)).toEqual(first);
    t.clock.advance(HOUR);
    await refit();
    const after = await prediction(ids.upcoming as string);
    expect(after.fit?.fittedAt).not.toBe(first.fit?.fittedAt);
    expect(after.fit?.fittedAt).toBe((await latestFit())?.fittedAt.toISOString());
    const [row] = await t.database.db
      .select()
      .from(matchPredictions)
      .where(eq(matchPredictions.matchId, ids.upcoming as string));
    expect(row?.home).toBeCloseTo(after.markets?.result.home ?? -1, 5);
  });

  it('insights: on each match of today’s free tips only, the most probable pick worth a bet (fair odds 1.40 or more), most probable first', async () => {
    const content = contentFor(t, admin.token);
    // Today in Lagos (the clock is 11:00 Lagos): two free tips; yesterday: one; today, a paid code.
    await content.freeTip({ teamA: 'Liverpool', teamB: 'Burnley', prediction: 'Home', inHours: 4 });
    await content.freeTip({ teamA: 'Brentford FC', teamB: 'Arsenal FC', prediction: 'Away', inHours: 6 });
    await content.freeTip({ teamA: 'Everton', teamB: 'Fulham', prediction: 'Draw', inHours: -26 });
    await content.code([{ teamA: 'Chelsea FC', teamB: 'Burnley FC', prediction: 'Home', inHours: 5 }]);
    const response = await get('/api/predictions/insights', user.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = insightsResponseSchema.parse(response.json());
    expect(body.day).toBe('2026-11-21');
    expect(body.insights.map((insight) => `${insight.homeTeam} v ${insight.awayTeam}`).sort()).toEqual([
      'Brentford FC v Arsenal FC',
      'Liverpool v Burnley',
    ]);
    const probabilities = body.insights.map((insight) => insight.pick.probability);
    expect(probabilities).toEqual([...probabilities].sort((a, b) => b - a));
    let shorterLeftOut = 0;
    for (const insight of body.insights) {
      const { picks } = await prediction(insight.matchId);
      const worthABet = picks.filter((pick) => pick.fairOdds >= INSIGHT_MIN_FAIR_ODDS);
      expect(insight.pick).toEqual(worthABet[0]);
      if ((picks[0]?.fairOdds ?? 0) < INSIGHT_MIN_FAIR_ODDS) shorterLeftOut++;
    }
    // The model's likeliest pick on these matches ("Over 0.5 goals" at ~1.1) is one nobody would play.
    expect(shorterLeftOut).toBe(body.insights.length);
    const [match] = await t.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.homeTeam, 'Chelsea FC'), eq(matches.awayTeam, 'Burnley FC')));
    expect(body.insights.map((insight) => insight.matchId)).not.toContain(match?.id);
    expect(body.nextKickoff).toBeNull();
  });

  it('insights say when the next free-tip match kicks off, once one is posted for a later day', async () => {
    const content = contentFor(t, admin.token);
    const kickoff = new Date(t.clock.now().getTime() + 30 * HOUR);
    await content.freeTip({ teamA: 'Fulham', teamB: 'Everton', prediction: 'Home', inHours: 30 });
    await content.freeTip({ teamA: 'Burnley', teamB: 'Chelsea', prediction: 'Away', inHours: 54 });
    const body = insightsResponseSchema.parse((await get('/api/predictions/insights', user.token)).json());
    expect(body.nextKickoff).toBe(kickoff.toISOString());
    expect(body.insights.map((insight) => insight.homeTeam)).not.toContain('Fulham');
  });
});

describe('the pick an AI insight shows', () => {
  const pick = (fairOdds: number) => ({
    market: 'total' as const,
    label: `Pick at ${fairOdds}`,
    prediction: `Pick at ${fairOdds}`,
    probability: 1 / fairOdds,
    fairOdds,
  });

  it('is the most probable one at fair odds of 1.40 or more, and none when every pick is shorter', () => {
    expect(pickWorthABet([pick(1.08), pick(1.31), pick(2.1), pick(1.42), pick(1.4)])).toEqual(pick(1.4));
    expect(pickWorthABet([pick(1.08), pick(1.39)])).toBeUndefined();
    expect(pickWorthABet([])).toBeUndefined();
  });
});
