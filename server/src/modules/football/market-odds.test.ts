import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFor, teams } from '../../../test/content.ts';
import { registerFixture } from '../../../test/model-league.ts';
import { adminEnv, bearer, buildTestApp, loginAdmin, type TestApp } from '../../../test/test-app.ts';
import { marketOdds, selections } from '../../db/schema/index.ts';
import {
  type BookmakerPrices,
  closingOdds,
  compareWithModel,
  consensus,
  latestOdds,
  type MarketPrice,
  marketProbabilities,
  type OddsInput,
  pickPrice,
  storeOdds,
} from './market-odds.ts';

/*
 * Market odds (issue 24): the pure reading of prices (margin removed, a pick's price, the market
 * beside the model), and on the database how they are stored, which one row per match is read, and
 * the price a model pick keeps when it is posted.
 */

const HOUR = 3_600_000;
const row = (overrides: Partial<MarketPrice> = {}): MarketPrice => ({
  matchId: 'm',
  bookmakers: 3,
  takenAt: new Date('2026-11-21T08:00:00Z'),
  home: 2,
  draw: 4,
  away: 4,
  over25: 1.8,
  under25: 2.25,
  margins: { result: 0.05, overUnder25: 0.06 },
  ...overrides,
});
const book = (bookmaker: string, prices: Partial<BookmakerPrices>): BookmakerPrices => ({
  matchId: 'm',
  bookmaker,
  takenAt: new Date('2026-11-21T08:00:00Z'),
  home: null,
  draw: null,
  away: null,
  over25: null,
  under25: null,
  ...prices,
});

describe('reading market prices', () => {
  it('removes the margin proportionally and reports the overround', () => {
    // 1/2 + 1/3.5 + 1/4 = 1.035714…: a 3.57% margin.
    const oneXTwo = marketProbabilities({ home: 2, draw: 3.5, away: 4 });
    expect(oneXTwo?.overround).toBeCloseTo(0.035714, 5);
    expect(oneXTwo?.home).toBeCloseTo(0.5 / 1.035714, 5);
    expect(oneXTwo?.draw).toBeCloseTo(1 / 3.5 / 1.035714, 5);
    expect(oneXTwo?.away).toBeCloseTo(0.25 / 1.035714, 5);
    expect((oneXTwo?.home ?? 0) + (oneXTwo?.draw ?? 0) + (oneXTwo?.away ?? 0)).toBeCloseTo(1, 10);
    // Even money both ways at 1.9: 52.63% each before, 50% after, margin 5.26%.
    expect(marketProbabilities({ over: 1.9, under: 1.9 })).toEqual({
      over: expect.closeTo(0.5, 10),
      under: expect.closeTo(0.5, 10),
      overround: expect.closeTo(2 / 1.9 - 1, 10),
    });
  });

  it('gives nothing unless every outcome has a usable price', () => {
    expect(marketProbabilities({ home: 2, draw: null, away: 4 })).toBeNull();
    expect(marketProbabilities({ over: 1, under: 1.9 })).toBeNull();
    expect(marketProbabilities({ over: Number.NaN, under: 1.9 })).toBeNull();
  });

  it('makes the market the consensus: each bookmaker’s margin removed, then averaged; never one bookmaker alone', () => {
    // A: 1/2 + 1/3.5 + 1/4 = 1.035714 → 0.482759, 0.275862, 0.241379 (margin 3.57%); B: a 4.5% margin.
    // C prices over/under only; D's 1X2 lacks the draw (no full set: left out of the 1X2).
    const market = consensus('m', [
      book('A', {
        home: 2,
        draw: 3.5,
        away: 4,
        over25: 1.9,
        under25: 1.9,
        takenAt: new Date('2026-11-21T07:00:00Z'),
      }),
      book('B', { home: 2.2, draw: 3.2, away: 3.6 }),
      book('C', { over25: 1.8, under25: 2.1, takenAt: new Date('2026-11-21T09:00:00Z') }),
      book('D', { home: 1.5, away: 6 }),
    ]);
    const sumA = 1 / 2 + 1 / 3.5 + 1 / 4;
    const sumB = 1 / 2.2 + 1 / 3.2 + 1 / 3.6;
    const sumC = 1 / 1.8 + 1 / 2.1;
    const home = (1 / 2 / sumA + 1 / 2.2 / sumB) / 2;
    const draw = (1 / 3.5 / sumA + 1 / 3.2 / sumB) / 2;
    const away = (1 / 4 / sumA + 1 / 3.6 / sumB) / 2;
    expect(home + draw + away).toBeCloseTo(1, 10);
    // A: even money at 1.9 both ways; C: 1/1.8 + 1/2.1 = 1.031746 → over 0.538462.
    const over = (0.5 + 1 / 1.8 / sumC) / 2;
    expect(market).toEqual({
      matchId: 'm',
      bookmakers: 2,
      takenAt: new Date('2026-11-21T09:00:00Z'),
      home: expect.closeTo(1 / home, 4),
      draw: expect.closeTo(1 / draw, 4),
      away: expect.closeTo(1 / away, 4),
      over25: expect.closeTo(1 / over, 4),
      under25: expect.closeTo(1 / (1 - over), 4),
      margins: {
        result: expect.closeTo((sumA - 1 + sumB - 1) / 2, 10),
        overUnder25: expect.closeTo((2 / 1.9 - 1 + sumC - 1) / 2, 10),
      },
    });
    // One bookmaker alone is no market; a market with one bookmaker is left out.
    expect(
      consensus('m', [book('A', { home: 2, draw: 3.5, away: 4, over25: 1.9, under25: 1.9 })]),
    ).toBeNull();
    expect(
      consensus('m', [
        book('A', { home: 2, draw: 3.5, away: 4, over25: 1.9, under25: 1.9 }),
        book('B', { home: 2.1, draw: 3.4, away: 3.9 }),
      ]),
    ).toMatchObject({ bookmakers: 2, over25: null, under25: null, margins: { overUnder25: null } });
  });

  it('prices a 1X2, double chance, draw no bet or over/under 2.5 pick as the product reads its text, and nothing else', () => {
    const prices = row();
    const match = { home: 'Arsenal FC', away: 'Chelsea FC' };
    expect(pickPrice(prices, 'Home', match)).toBe(2);
    expect(pickPrice(prices, 'Arsenal to win', match)).toBe(2);
    expect(pickPrice(prices, 'X', match)).toBe(4);
    expect(pickPrice(prices, 'Chelsea FC', match)).toBe(4);
    expect(pickPrice(prices, 'Over 2.5 goals', match)).toBe(1.8);
    expect(pickPrice(prices, 'Under 2.5', match)).toBe(2.25);
    // From the 1X2's probabilities (0.5, 0.25, 0.25): double chance adds two, draw no bet takes a side's share.
    expect(pickPrice(prices, '1X', match)).toBeCloseTo(1 / 0.75, 10);
    expect(pickPrice(prices, 'X2', match)).toBeCloseTo(2, 10);
    expect(pickPrice(prices, '12', match)).toBeCloseTo(1 / 0.75, 10);
    expect(pickPrice(prices, 'DNB Home', match)).toBeCloseTo(1.5, 10);
    expect(pickPrice(prices, 'Chelsea FC draw no bet', match)).toBeCloseTo(3, 10);
    for (const other of ['Over 1.5', 'BTTS Yes', 'Arsenal -1', 'Corners over 9.5', '', null])
      expect(pickPrice(prices, other, match), String(other)).toBeNull();
    expect(pickPrice(row({ over25: null }), 'Over 2.5', match)).toBeNull();
    expect(pickPrice(row({ draw: null }), '1X', match)).toBeNull();
  });

  it('sets the market beside the model: its probabilities, fair prices, mean margins and edge p × price − 1', () => {
    const model = {
      result: { home: 0.55, draw: 0.25, away: 0.2 },
      totals: [
        { line: 1.5, over: 0.75, under: 0.25 },
        { line: 2.5, over: 0.5, under: 0.5 },
      ],
    };
    const market = compareWithModel(row({ over25: 2, under25: 2 }), model);
    expect(market).toEqual({
      bookmakers: 3,
      takenAt: '2026-11-21T08:00:00.000Z',
      result: {
        home: { price: 2, probability: 0.5, edge: 0.1 },
        draw: { price: 4, probability: 0.25, edge: 0 },
        away: { price: 4, probability: 0.25, edge: -0.2 },
        margin: 0.05,
      },
      overUnder25: {
        over: { price: 2, probability: 0.5, edge: 0 },
        under: { price: 2, probability: 0.5, edge: 0 },
        margin: 0.06,
      },
    });
    // Only what is priced; nothing at all without either market.
    const noResult = { margins: { result: null, overUnder25: 0.06 } };
    expect(compareWithModel(row({ home: null, draw: null, away: null, ...noResult }), model)).toMatchObject({
      result: null,
    });
    expect(compareWithModel(row({ over25: null, under25: null }), model)).toMatchObject({
      overUnder25: null,
    });
    expect(
      compareWithModel(
        row({ home: null, over25: null, margins: { result: null, overUnder25: null } }),
        model,
      ),
    ).toBeNull();
    expect(compareWithModel(row(), { ...model, totals: [] })).toMatchObject({ overUnder25: null });
  });
});

describe('market odds in the database', () => {
  let t: TestApp;
  let adminToken: string;
  const hoursFromNow = (hours: number) => new Date(t.clock.now().getTime() + hours * HOUR);
  const fixture = (label: string, kickoffInHours: number) => {
    const { home, away } = teams(label);
    return registerFixture(t.database.db, {
      league: 'Premier League',
      home,
      away,
      kickoff: hoursFromNow(kickoffInHours),
    });
  };

  beforeAll(async () => {
    t = await buildTestApp(adminEnv);
    adminToken = (await loginAdmin(t)).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores each (match, bookmaker, update) once in one statement, dropping rows without a usable price', async () => {
    const matchId = await fixture('Store', 24);
    const now = t.clock.now();
    const update = {
      matchId,
      bookmaker: 'Bet9ja',
      updatedAt: hoursFromNow(-2),
      home: 2,
      draw: 3.4,
      away: 3.9,
    };
    expect(
      await storeOdds(
        t.database.db,
        [
          update,
          // The provider repeats an unchanged update within one read.
          update,
          { matchId, bookmaker: 'SportyBet', updatedAt: hoursFromNow(-2), over25: 1.85, under25: 1.95 },
          { matchId, bookmaker: 'Nothing', updatedAt: hoursFromNow(-2), home: 0, draw: null },
          { matchId, bookmaker: '  ', updatedAt: hoursFromNow(-2), home: 2 },
        ],
        now,
      ),
    ).toBe(2);
    // The next read repeats the same update and brings a new one.
    expect(
      await storeOdds(
        t.database.db,
        [update, { ...update, updatedAt: hoursFromNow(-1), home: 1.95 }],
        hoursFromNow(1),
      ),
    ).toBe(1);
    expect(await storeOdds(t.database.db, [], now)).toBe(0);
    const stored = await t.database.db
      .select()
      .from(marketOdds)
      .where(eq(marketOdds.matchId, matchId))
      .orderBy(marketOdds.takenAt, marketOdds.bookmaker);
    expect(
      stored.map(({ bookmaker, home, over25, readAt }) => ({ bookmaker, home, over25, readAt })),
    ).toEqual([
      { bookmaker: 'Bet9ja', home: 2, over25: null, readAt: now },
      { bookmaker: 'SportyBet', home: null, over25: expect.closeTo(1.85, 5), readAt: now },
      { bookmaker: 'Bet9ja', home: expect.closeTo(1.95, 5), over25: null, readAt: hoursFromNow(1) },
    ]);
  });

  it('reads each match’s consensus from every bookmaker’s latest price, for many matches; closing from the last before kickoff', async () => {
    const now = t.clock.now();
    const [a, b, c, none] = [
      await fixture('LatestA', 2),
      await fixture('LatestB', 2),
      // Kicked off an hour ago: a price taken since is no closing price.
      await fixture('LatestC', -1),
      await fixture('LatestNone', 2),
    ];
    await storeOdds(
      t.database.db,
      [
        { matchId: a, bookmaker: 'Bet9ja', updatedAt: hoursFromNow(-5), home: 2.5, draw: 3, away: 3 },
        { matchId: a, bookmaker: 'Bet9ja', updatedAt: hoursFromNow(-1), home: 2.2, draw: 3.1, away: 3.3 },
        { matchId: a, bookmaker: 'SportyBet', updatedAt: hoursFromNow(-2), home: 2.3, draw: 3.2, away: 3.2 },
        // One bookmaker alone is no market.
        { matchId: b, bookmaker: 'Mid', updatedAt: hoursFromNow(-1), home: 1.6, draw: 3.8, away: 5 },
        { matchId: c, bookmaker: 'Early', updatedAt: hoursFromNow(-3), home: 1.4, draw: 4, away: 7 },
        { matchId: c, bookmaker: 'Other', updatedAt: hoursFromNow(-2), home: 1.45, draw: 4.2, away: 6.5 },
        { matchId: c, bookmaker: 'Late', updatedAt: hoursFromNow(-0.5), home: 1.3, draw: 4.5, away: 9 },
      ],
      now,
    );
    const fairHome = (...books: [number, number, number][]) =>
      1 /
      (books.reduce((sum, [home, draw, away]) => sum + 1 / home / (1 / home + 1 / draw + 1 / away), 0) /
        books.length);
    const latest = await latestOdds(t.database.db, [a, b, c, none, a]);
    expect([...latest.keys()].sort()).toEqual([a, c].sort());
    expect(latest.get(a)).toMatchObject({
      bookmakers: 2,
      takenAt: hoursFromNow(-1),
      home: expect.closeTo(fairHome([2.2, 3.1, 3.3], [2.3, 3.2, 3.2]), 4),
    });
    expect(latest.get(c)).toMatchObject({
      bookmakers: 3,
      takenAt: hoursFromNow(-0.5),
      home: expect.closeTo(fairHome([1.4, 4, 7], [1.45, 4.2, 6.5], [1.3, 4.5, 9]), 4),
    });

    const closing = await closingOdds(t.database.db, [a, b, c, none]);
    expect(closing.get(a)).toMatchObject({ bookmakers: 2 });
    expect(closing.get(c)).toMatchObject({
      bookmakers: 2,
      takenAt: hoursFromNow(-2),
      home: expect.closeTo(fairHome([1.4, 4, 7], [1.45, 4.2, 6.5]), 4),
    });
    expect(closing.has(b)).toBe(false);
    expect(closing.has(none)).toBe(false);
    expect((await latestOdds(t.database.db, [])).size).toBe(0);
  });

  describe('the price a posted model pick keeps', () => {
    const content = () => contentFor(t, adminToken);
    /** Two bookmakers' prices, without a margin so that the consensus's fair prices are these. */
    const twoBookmakers = (matchId: string, prices: Omit<OddsInput, 'matchId' | 'bookmaker' | 'updatedAt'>) =>
      storeOdds(
        t.database.db,
        ['Bet9ja', 'SportyBet'].map((bookmaker) => ({
          matchId,
          bookmaker,
          updatedAt: t.clock.now(),
          ...prices,
        })),
        t.clock.now(),
      );
    /** A match kicking off in a day, the market at home 2, draw 4, away 4, over 2.5 1.25, under 2.5 5. */
    const pricedMatch = async (label: string) => {
      const { home, away } = teams(label);
      const matchId = await registerFixture(t.database.db, {
        league: 'Premier League',
        home,
        away,
        kickoff: hoursFromNow(24),
      });
      await twoBookmakers(matchId, { home: 2, draw: 4, away: 4, over25: 1.25, under25: 5 });
      return { matchId, home, away };
    };
    const game = (match: { matchId: string; home: string; away: string }, prediction: string) => ({
      matchId: match.matchId,
      teamA: match.home,
      teamB: match.away,
      league: 'Premier League',
      kickoff: hoursFromNow(24).toISOString(),
      prediction,
      odds: 2,
    });
    const postedPrices = async (column: 'bookingCodeId' | 'rolloverTipId' | 'freeTipId', itemId: string) =>
      (
        await t.database.db
          .select({ price: selections.marketOddsPosted })
          .from(selections)
          .where(eq(selections[column], itemId))
          .orderBy(selections.position)
      ).map(({ price }) => (price === null ? null : Math.round(price * 10_000) / 10_000));

    it('every game of a booking code keeps the market’s price of its pick; other markets and unpriced matches none', async () => {
      const priced = await pricedMatch('CodeOdds');
      const other = await pricedMatch('CodeOddsOther');
      const unpriced = teams('CodeNoOdds');
      const codeId = await content().code([], {
        games: [
          { ...game(priced, 'Home'), modelProbability: 0.48 },
          { ...game(other, 'Over 2.5 goals'), modelProbability: 0.6 },
          // The admin's own pick on a priced match.
          game(other, 'Under 2.5'),
          // A market the provider does not price.
          { ...game(priced, 'BTTS Yes'), modelProbability: 0.55 },
          {
            teamA: unpriced.home,
            teamB: unpriced.away,
            league: 'Premier League',
            kickoff: hoursFromNow(30).toISOString(),
            prediction: 'Away',
            modelProbability: 0.3,
          },
        ],
        expiresAt: hoursFromNow(23).toISOString(),
      });
      expect(await postedPrices('bookingCodeId', codeId)).toEqual([2, 1.25, 5, null, null]);

      // The price moves; an edit that sends the games back as the form shows them (no probability)
      // keeps each pick's posted price, and a changed pick is priced now.
      t.clock.advance(60_000);
      await twoBookmakers(priced.matchId, { home: 2.5, draw: 5, away: 2.5 });
      const edit = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/booking-codes/${codeId}`,
        headers: bearer(adminToken),
        payload: {
          games: [
            game(priced, 'Home'),
            game(other, 'Over 2.5 goals'),
            game(other, 'Under 2.5'),
            { ...game(priced, 'Away'), modelProbability: 0.28 },
          ],
        },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await postedPrices('bookingCodeId', codeId)).toEqual([2, 1.25, 5, 2.5]);
    });

    it('each game keeps the closing market’s price of its pick once the result is recorded, never changed after', async () => {
      const { home, away } = teams('Closing');
      const matchId = await registerFixture(t.database.db, {
        league: 'Premier League',
        home,
        away,
        kickoff: hoursFromNow(2),
      });
      await twoBookmakers(matchId, { home: 2, draw: 4, away: 4, over25: 1.25, under25: 5 });
      const match = { matchId, home, away };
      const codeId = await content().code([], {
        games: [game(match, 'Home'), game(match, '1X'), game(match, 'BTTS Yes')].map((g) => ({
          ...g,
          kickoff: hoursFromNow(2).toISOString(),
        })),
        expiresAt: hoursFromNow(1).toISOString(),
      });
      // The market moves before kickoff (the closing market), then again after it (never closing).
      t.clock.advance(HOUR);
      await twoBookmakers(matchId, { home: 2.5, draw: 5, away: 2.5 });
      t.clock.advance(2 * HOUR);
      await twoBookmakers(matchId, { home: 1.25, draw: 10, away: 10 });
      const closing = async () =>
        (
          await t.database.db
            .select({ price: selections.marketOddsClose })
            .from(selections)
            .where(eq(selections.bookingCodeId, codeId))
            .orderBy(selections.position)
        ).map(({ price }) => price);
      expect(await closing()).toEqual([null, null, null]);
      const recorded = await content().recordResult(matchId, { homeGoals: 1, awayGoals: 0 });
      expect(recorded.statusCode, recorded.body).toBe(200);
      // Home 2.5; 1X from 0.4 + 0.2; no price for a market the feed does not price.
      expect(await closing()).toEqual([2.5, 1.67, null]);
      expect(await postedPrices('bookingCodeId', codeId)).toEqual([2, 1.33, null]);
      // A late update stamped before kickoff would move the closing market: kept prices stay.
      await storeOdds(
        t.database.db,
        ['Bet9ja', 'SportyBet'].map((bookmaker) => ({
          matchId,
          bookmaker,
          updatedAt: hoursFromNow(-1.5),
          home: 4,
          draw: 4,
          away: 2,
        })),
        t.clock.now(),
      );
      const corrected = await content().recordResult(matchId, {
        homeGoals: 0,
        awayGoals: 1,
        reason: 'The provider credited a goal to the wrong side',
      });
      expect(corrected.statusCode, corrected.body).toBe(200);
      expect(await closing()).toEqual([2.5, 1.67, null]);
    });

    it('a rollover tip’s model game keeps it too', async () => {
      const priced = await pricedMatch('RollOdds');
      const plan = await content().plan();
      const tipId = await content().rolloverTip(plan, [], {
        games: [{ ...game(priced, 'Draw'), modelProbability: 0.27 }],
      });
      expect(await postedPrices('rolloverTipId', tipId)).toEqual([4]);
    });

    it('a free tip keeps it on its game, a model pick (its probability stays on the tip) or an admin’s own', async () => {
      const priced = await pricedMatch('FreeOdds');
      const model = await content().freeTip(
        { teamA: priced.home, teamB: priced.away, prediction: 'Under 2.5 goals', inHours: 24 },
        { matchId: priced.matchId, modelProbability: 0.45 },
      );
      expect(await postedPrices('freeTipId', model._id)).toEqual([5]);
      const own = await content().freeTip(
        { teamA: priced.home, teamB: priced.away, prediction: 'Home', inHours: 24 },
        { matchId: priced.matchId },
      );
      expect(await postedPrices('freeTipId', own._id)).toEqual([2]);

      // Editing the model tip's odds keeps its price; changing its pick prices the new one.
      const patch = async (payload: Record<string, unknown>) => {
        const response = await t.app.inject({
          method: 'PATCH',
          url: `/api/admin/tips/${model._id}`,
          headers: bearer(adminToken),
          payload,
        });
        expect(response.statusCode, response.body).toBe(200);
      };
      await patch({ totalOdds: 2.2 });
      expect(await postedPrices('freeTipId', model._id)).toEqual([5]);
      await patch({ prediction: 'Home' });
      expect(await postedPrices('freeTipId', model._id)).toEqual([2]);
      // No longer a model pick: its new pick is priced as every pick is.
      await patch({ prediction: 'Away', modelProbability: null });
      expect(await postedPrices('freeTipId', model._id)).toEqual([4]);
    });
  });
});
