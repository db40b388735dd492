import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { calibrationResponseSchema, modelRecordResponseSchema } from '@cashtips/contract/predictions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../../test/content.ts';
import { registerFixture } from '../../../test/model-league.ts';
import { adminEnv, bearer, buildTestApp, loginAdmin, type TestApp } from '../../../test/test-app.ts';
import { matchPredictions, modelFits, selections } from '../../db/schema/index.ts';
import { storeOdds } from '../football/market-odds.ts';
import { marketLine } from './predictions-record.ts';

/*
 * The model's measured record (issue 16), from known settled picks and stored predictions: the
 * calibration buckets and the public record with exact figures, and the landing page carrying the
 * same record.
 */
const HOUR = 3_600_000;
/** The model's settled free tips at the market's prices, as set up below. */
const market = {
  picks: 3,
  won: 2,
  lost: 1,
  returnPercent: 20,
  closingPicks: 2,
  closingChangePercent: 0.8,
};

describe('the model’s record and calibration', () => {
  let t: TestApp;
  let webDir: string;
  let adminToken: string;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'cashtips-model-web-'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><!--app-config--></head></html>',
    );
    t = await buildTestApp(adminEnv, { webDistDir: webDir });
    adminToken = (await loginAdmin(t)).token;
    const content = contentFor(t, adminToken);
    const settle = async (tipId: string, result: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/tips/${tipId}/settle`,
        headers: bearer(adminToken),
        payload: { result },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const now = t.clock.now();
    const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * HOUR);
    /**
     * A free tip on a match kicked off 3 hours ago. With `market`, the match has home-win prices: those
     * taken before posting (the posted price is the latest of them) and those taken after it.
     */
    const freeTip = async (
      modelProbability: number | null,
      result: string | null,
      market?: {
        beforePosting: { hoursAgo: number; home: number }[];
        afterPosting?: { hoursAgo: number; home: number }[];
      },
    ) => {
      const { home, away } = teams('Record');
      const kickoff = hoursFromNow(-3);
      const matchId = await registerFixture(t.database.db, { league: 'Premier League', home, away, kickoff });
      // Two bookmakers (one alone is no market), each without a margin: the market's home price is `home`.
      const prices = (rows: { hoursAgo: number; home: number }[]) =>
        storeOdds(
          t.database.db,
          rows.flatMap((row) =>
            ['Bet9ja', 'SportyBet'].map((bookmaker) => ({
              matchId,
              bookmaker,
              updatedAt: hoursFromNow(-row.hoursAgo),
              home: row.home,
              draw: 40,
              away: 1 / (1 - 1 / row.home - 1 / 40),
            })),
          ),
          now,
        );
      if (market) await prices(market.beforePosting);
      const tip = await content.freeTip(
        { teamA: home, teamB: away, prediction: 'Home', inHours: -3 },
        { matchId, ...(modelProbability === null ? {} : { modelProbability }) },
      );
      if (market?.afterPosting) await prices(market.afterPosting);
      if (result) await settle(tip._id, result);
    };
    // Model picks: 5 won, 2 lost, 1 void. Four were posted with a market price:
    // - won at 2.10 (the latest before posting; 1.95 was earlier), closing 1.90: the 4-hour-old price,
    //   the last before kickoff (the one taken after kickoff never closes): −9.52%;
    // - lost at 1.80, closing 2.00 (taken before kickoff, after posting): +11.11%;
    // - won at 1.50, its only price taken after kickoff: no closing price;
    // - void at 1.05: in neither figure.
    // Return: (1.10 + 0.50 − 1) ÷ 3 = +20.0%; mean change (−9.52% + 11.11%) ÷ 2 = +0.8%.
    await freeTip(0.55, 'won', {
      beforePosting: [
        { hoursAgo: 40, home: 1.95 },
        { hoursAgo: 30, home: 2.1 },
      ],
      afterPosting: [
        { hoursAgo: 4, home: 1.9 },
        { hoursAgo: 1, home: 1.7 },
      ],
    });
    await freeTip(0.58, 'lost', {
      beforePosting: [{ hoursAgo: 30, home: 1.8 }],
      afterPosting: [{ hoursAgo: 5, home: 2 }],
    });
    await freeTip(0.62, 'won', { beforePosting: [{ hoursAgo: 2, home: 1.5 }] });
    for (const [p, result] of [
      [0.7, 'won'],
      [0.7, 'lost'],
      [0.05, 'won'],
    ] as const)
      await freeTip(p, result);
    await freeTip(0.95, 'void', { beforePosting: [{ hoursAgo: 20, home: 1.05 }] });
    await freeTip(1, 'won');
    // The admins' own: 3 won, 1 lost (too few for a public rate), 1 void, 1 pending; one on a priced
    // match keeps no price (not a model pick).
    await freeTip(null, 'won', { beforePosting: [{ hoursAgo: 20, home: 2.5 }] });
    for (const result of ['won', 'won', 'lost', 'void', null]) await freeTip(null, result);

    // Games of a code and a rollover tip posted with the model's probability, settled by their scores.
    const code = teams('Code');
    const other = teams('CodeOther');
    await t.app
      .inject({
        method: 'POST',
        url: '/api/admin/booking-codes',
        headers: bearer(adminToken),
        payload: {
          bookingCode: `MODEL${Date.now().toString(36).toUpperCase()}`,
          bookmaker: 'SportyBet',
          totalOdds: 3,
          price: 500,
          expiresAt: content.kickoff(1),
          games: [
            {
              teamA: code.home,
              teamB: code.away,
              league: 'Premier League',
              kickoff: content.kickoff(-3),
              prediction: 'Home',
              modelProbability: 0.65,
            },
            {
              teamA: other.home,
              teamB: other.away,
              league: 'Premier League',
              kickoff: content.kickoff(-3),
              prediction: 'Draw',
            },
          ],
        },
      })
      .then((response) => expect(response.statusCode, response.body).toBe(201));
    const plan = await content.plan();
    const roll = teams('Roll');
    const rolloverResponse = await t.app.inject({
      method: 'POST',
      url: '/api/admin/rollover-tips',
      headers: bearer(adminToken),
      payload: {
        planId: plan,
        day: '2026-11-21',
        confidence: 70,
        expiresAt: null,
        games: [
          {
            teamA: roll.home,
            teamB: roll.away,
            league: 'Premier League',
            kickoff: content.kickoff(-3),
            prediction: 'Away',
            odds: 2.4,
            modelProbability: 0.15,
          },
        ],
      },
    });
    expect(rolloverResponse.statusCode, rolloverResponse.body).toBe(201);
    for (const [home, score] of [
      [code.home, { homeGoals: 2, awayGoals: 0 }],
      [other.home, { homeGoals: 1, awayGoals: 1 }],
      [roll.home, { homeGoals: 1, awayGoals: 0 }],
    ] as const) {
      const recorded = await content.recordResult(await content.matchOf(home), score);
      expect(recorded.statusCode, recorded.body).toBe(200);
    }

    // Stored pre-kickoff predictions of two finished matches, one of a match still to be played,
    // and one written after its kickoff (never counted).
    const [fit] = await t.database.db
      .insert(modelFits)
      .values({
        league: 'en.1',
        asOf: '2026-11-19',
        fittedAt: new Date(now.getTime() - 60 * HOUR),
        matches: 380,
        parameters: { teams: [], attack: [], defence: [], homeAdvantage: 0.2, rho: 0, xi: 0.0025 },
        baseHome: 0.4,
        baseDraw: 0.3,
        baseAway: 0.3,
        logLikelihood: -1,
        iterations: 1,
      })
      .returning();
    const predicted = async (
      probabilities: [number, number, number],
      score: { homeGoals: number; awayGoals: number } | null,
      writtenAfterKickoff = false,
    ) => {
      const { home, away } = teams('Rps');
      const kickoff = new Date(now.getTime() - 10 * HOUR);
      const matchId = await registerFixture(t.database.db, { league: 'Premier League', home, away, kickoff });
      await t.database.db.insert(matchPredictions).values({
        matchId,
        fitId: fit?.id ?? '',
        home: probabilities[0],
        draw: probabilities[1],
        away: probabilities[2],
        baselineHome: 0.4,
        baselineDraw: 0.3,
        baselineAway: 0.3,
        markets: {},
        picks: [],
        predictedAt: new Date(kickoff.getTime() + (writtenAfterKickoff ? HOUR : -20 * HOUR)),
      });
      if (score) {
        const recorded = await content.recordResult(matchId, score);
        expect(recorded.statusCode, recorded.body).toBe(200);
      }
    };
    await predicted([0.5, 0.3, 0.2], { homeGoals: 2, awayGoals: 1 });
    await predicted([0.2, 0.3, 0.5], { homeGoals: 1, awayGoals: 1 });
    await predicted([0.9, 0.05, 0.05], null);
    await predicted([0.0, 0.0, 1.0], { homeGoals: 3, awayGoals: 0 }, true);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('calibration: settled model picks (free tips and games) in buckets of 10 points, void and unsettled left out', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/predictions/calibration',
      headers: bearer(adminToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = calibrationResponseSchema.parse(response.json());
    const empty = (from: number) => ({
      from,
      to: (from * 10 + 1) / 10,
      settled: 0,
      won: 0,
      meanProbability: null,
      observedFrequency: null,
    });
    expect(body.buckets).toEqual([
      { from: 0, to: 0.1, settled: 1, won: 1, meanProbability: 0.05, observedFrequency: 1 },
      { from: 0.1, to: 0.2, settled: 1, won: 0, meanProbability: 0.15, observedFrequency: 0 },
      empty(0.2),
      empty(0.3),
      empty(0.4),
      { from: 0.5, to: 0.6, settled: 2, won: 1, meanProbability: 0.565, observedFrequency: 0.5 },
      // The code's game at 0.65 beside the free tip at 0.62.
      { from: 0.6, to: 0.7, settled: 2, won: 2, meanProbability: 0.635, observedFrequency: 1 },
      // 0.7 is stored as a real (0.69999999): it still belongs here.
      { from: 0.7, to: 0.8, settled: 2, won: 1, meanProbability: 0.7, observedFrequency: 0.5 },
      empty(0.8),
      { from: 0.9, to: 1, settled: 1, won: 1, meanProbability: 1, observedFrequency: 1 },
    ]);
    // RPS of (0.5, 0.3, 0.2) on a home win is 0.145, of (0.2, 0.3, 0.5) on a draw 0.145; the base
    // rates (0.4, 0.3, 0.3) score 0.225 and 0.125.
    expect(body.running).toEqual({ matches: 2, rps: 0.145, baselineRps: 0.175 });
    // The admin's model screen has the same figures at the market's prices as the public record.
    expect(body.market).toEqual(market);
  });

  it('the public record: model picks against the admins’ own, each rate only from 5 settled, and the running RPS', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/predictions/record' });
    expect(response.statusCode, response.body).toBe(200);
    expect(modelRecordResponseSchema.parse(response.json())).toEqual({
      success: true,
      model: { won: 5, lost: 2, successRate: 71.4 },
      human: { won: 3, lost: 1, successRate: null },
      rps: 0.145,
      baselineRps: 0.175,
      matches: 2,
      market,
    });
  });

  it('the landing page carries the same record, and the market figures in a sentence', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    const json =
      /<script type="application\/json" id="app-config">(.*?)<\/script>/.exec(page.body)?.[1] ?? '{}';
    const config = JSON.parse(json) as { modelRecord: unknown };
    expect(config.modelRecord).toEqual({
      model: { won: 5, lost: 2, successRate: 71.4 },
      human: { won: 3, lost: 1, successRate: null },
      rps: 0.145,
      baselineRps: 0.175,
      matches: 2,
      market,
      marketLine:
        'At the market price when posted, the model’s 3 priced picks returned +20.0% on flat stakes; by kickoff the price of 2 of them had moved +0.8% on average.',
    });
  });

  it('a game keeps the model probability it was posted with across an edit, until its pick changes', async () => {
    const content = contentFor(t, adminToken);
    const game = teams('Keep');
    const input = {
      teamA: game.home,
      teamB: game.away,
      league: 'Premier League',
      kickoff: content.kickoff(24),
      prediction: 'Over 2.5',
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/booking-codes',
      headers: bearer(adminToken),
      payload: {
        bookingCode: `KEEP${Date.now().toString(36).toUpperCase()}`,
        bookmaker: 'SportyBet',
        totalOdds: 2,
        price: 300,
        expiresAt: content.kickoff(25),
        games: [{ ...input, modelProbability: 0.58 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const codeId = created.json().code._id as string;
    const stored = async () =>
      (
        await t.database.db
          .select({ probability: selections.modelProbability })
          .from(selections)
          .where(eq(selections.bookingCodeId, codeId))
      ).map((row) => row.probability);
    const edit = async (games: Record<string, unknown>[]) => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/booking-codes/${codeId}`,
        headers: bearer(adminToken),
        payload: { games },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    expect(await stored()).toEqual([expect.closeTo(0.58, 5)]);
    // The admin form sends the games back as it shows them: without the probability.
    await edit([input]);
    expect(await stored()).toEqual([expect.closeTo(0.58, 5)]);
    await edit([{ ...input, prediction: 'Under 2.5' }]);
    expect(await stored()).toEqual([null]);
  });
});

describe('the landing page’s sentence at the market’s prices', () => {
  const none = {
    picks: 0,
    won: 0,
    lost: 0,
    returnPercent: null,
    closingPicks: 0,
    closingChangePercent: null,
  };
  it('is none before a priced pick is settled, and says only what is measured', () => {
    expect(marketLine(none)).toBeNull();
    expect(marketLine({ ...none, picks: 1, lost: 1, returnPercent: -100 })).toBe(
      'At the market price when posted, the model’s 1 priced pick returned −100.0% on flat stakes.',
    );
    expect(
      marketLine({
        picks: 4,
        won: 3,
        lost: 1,
        returnPercent: 12.5,
        closingPicks: 4,
        closingChangePercent: -3,
      }),
    ).toBe(
      'At the market price when posted, the model’s 4 priced picks returned +12.5% on flat stakes; by kickoff their price had moved −3.0% on average.',
    );
  });
});
