import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeEvent,
  type FakeSportyBet,
  oneXTwo,
  overUnder25,
  startFakeSportyBet,
} from '../../../test/fake-sportybet.ts';
import { ManualClock } from '../../lib/clock.ts';
import { BookmakerUnavailable, reasonsUnplaceable } from './bookmaker.ts';
import { SportyBetAdapter } from './sportybet.ts';

let fake: FakeSportyBet;
const clock = new ManualClock(new Date('2026-12-12T10:00:00Z'));
const kickoff = new Date('2026-12-12T15:00:00Z');

const arsenal: FakeEvent = {
  eventId: 'sr:match:1001',
  homeTeamName: ' Arsenal ',
  awayTeamName: 'Chelsea FC',
  kickoff,
  tournament: 'Premier League',
  country: 'England',
  markets: [oneXTwo('2.10', '3.40', '3.50'), overUnder25('1.85', '1.95')],
};
const lyon: FakeEvent = {
  eventId: 'sr:match:1002',
  homeTeamName: 'Olympique Lyonnais',
  awayTeamName: 'PSG',
  kickoff: new Date('2026-12-12T20:00:00Z'),
  tournament: 'Ligue 1',
  country: 'France',
  markets: [oneXTwo('4.00', '3.80', '1.80')],
};

const adapter = () =>
  new SportyBetAdapter({ baseUrl: `${fake.url}/`, country: 'ng', clock, timeoutMs: 1000 });

beforeAll(async () => {
  fake = await startFakeSportyBet();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.clearFault();
  fake.putEvent(arsenal);
  fake.putEvent(lyon);
  fake.addCode('ABC123', [
    { eventId: arsenal.eventId, marketId: '18', specifier: 'total=2.5', outcomeId: '12' },
    { eventId: lyon.eventId, marketId: '1', outcomeId: '3' },
  ]);
});

describe('reading a shared SportyBet code', () => {
  it('answers its legs in words with prices and the total, from the country’s endpoint with browser headers', async () => {
    const before = fake.requests.length;
    const read = await adapter().read('abc123');
    expect(read.kind).toBe('loaded');
    if (read.kind !== 'loaded') return;
    expect(read.code).toMatchObject({
      bookmaker: 'sportybet',
      code: 'ABC123',
      missingLegs: 0,
      totalOdds: 3.33,
    });
    expect(read.code.legs).toEqual([
      {
        eventId: 'sr:match:1001',
        homeTeam: 'Arsenal',
        awayTeam: 'Chelsea FC',
        league: 'Premier League',
        country: 'England',
        kickoff,
        market: 'Over/Under 2.5',
        pick: 'Over',
        prediction: 'Over 2.5',
        odds: 1.85,
        state: 'not-started',
        unplaceable: null,
        outcome: null,
      },
      expect.objectContaining({
        homeTeam: 'Olympique Lyonnais',
        market: '1X2',
        pick: 'Away',
        prediction: 'Away',
        odds: 1.8,
      }),
    ]);
    expect(reasonsUnplaceable(read.code)).toEqual([]);
    const request = fake.requests[before];
    expect(request?.path).toBe('/api/ng/orders/share/ABC123');
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.headers['user-agent']).toMatch(/Mozilla/);
    expect(fake.requests).toHaveLength(before + 1);
  });

  it('says a code the bookmaker does not hold cannot be loaded, in its words', async () => {
    expect(await adapter().read('NOPE99')).toEqual({
      kind: 'not-loadable',
      reason: 'The code is invalid or expired',
    });
  });

  it('names every leg that can no longer be placed as shared: started, suspended, withdrawn, removed', async () => {
    fake.updateEvent(arsenal.eventId, (event) => {
      const market = event.markets.find((candidate) => candidate.id === '18');
      if (market) market.status = 1;
    });
    const suspended = await adapter().read('ABC123');
    expect(suspended.kind === 'loaded' && reasonsUnplaceable(suspended.code)).toEqual([
      'The Over/Under 2.5 market on Arsenal v Chelsea FC is suspended at the bookmaker',
    ]);

    fake.putEvent(arsenal);
    fake.updateEvent(lyon.eventId, (event) => {
      const away = event.markets[0]?.outcomes[2];
      if (away) away.isActive = 0;
    });
    const withdrawn = await adapter().read('ABC123');
    expect(withdrawn.kind === 'loaded' && reasonsUnplaceable(withdrawn.code)).toEqual([
      'Away (1X2) on Olympique Lyonnais v PSG is no longer offered at the bookmaker',
    ]);

    // Still "not started" at the bookmaker, but its kickoff has passed.
    fake.putEvent({ ...lyon, kickoff: new Date(clock.now().getTime() - 60_000) });
    const started = await adapter().read('ABC123');
    expect(started.kind === 'loaded' && started.code.legs[1]?.state).toBe('live');
    expect(started.kind === 'loaded' && reasonsUnplaceable(started.code)).toEqual([
      'Olympique Lyonnais v PSG has started',
    ]);

    fake.addCode('GONE01', [
      { eventId: arsenal.eventId, marketId: '1', outcomeId: '1' },
      { eventId: 'sr:match:9999', marketId: '1', outcomeId: '1' },
    ]);
    const removed = await adapter().read('GONE01');
    expect(removed.kind === 'loaded' && removed.code).toMatchObject({ missingLegs: 1, totalOdds: null });
    expect(removed.kind === 'loaded' && reasonsUnplaceable(removed.code)).toEqual([
      'A game of the code was removed at the bookmaker',
    ]);
  });

  it('reads the bookmaker’s settlement of ended legs', async () => {
    fake.updateEvent(arsenal.eventId, (event) => {
      event.status = 4;
      const over = event.markets.find((market) => market.id === '18')?.outcomes[0];
      if (over) over.isWinning = 0;
    });
    const read = await adapter().read('ABC123');
    expect(read.kind === 'loaded' && read.code.legs.map((leg) => [leg.state, leg.outcome])).toEqual([
      ['ended', 'lost'],
      ['not-started', null],
    ]);
  });

  it.each([
    ['html', /without JSON/],
    [403, /answered 403/],
    [429, /answered 429/],
    [500, /answered 500/],
  ] as const)(
    'reads a %s answer as "bookmaker unavailable", never as a changed code',
    async (kind, message) => {
      fake.fault(kind, 1);
      const reading = adapter().read('ABC123');
      await expect(reading).rejects.toBeInstanceOf(BookmakerUnavailable);
      await expect(reading).rejects.toThrow(message);
    },
  );

  it('gives up on a stalled answer after its timeout', async () => {
    fake.fault('stall', 1);
    const started = Date.now();
    await expect(adapter().read('ABC123')).rejects.toThrow(/did not answer within 1000 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reads an answer of an unknown shape as unavailable', async () => {
    const shapes: unknown[] = [
      { message: 'no bizCode' },
      { bizCode: 10000, data: { ticket: {} } },
      { bizCode: 10000, data: { ticket: { selections: [{ eventId: 'x' }] }, outcomes: [] } },
      {
        bizCode: 10000,
        data: {
          ticket: { selections: [{ eventId: 'e', marketId: '1', outcomeId: '1' }] },
          outcomes: [
            { eventId: 'e', homeTeamName: 'A', awayTeamName: 'B', estimateStartTime: 'soon', status: 0 },
          ],
        },
      },
    ];
    for (const body of shapes) {
      const answering = new SportyBetAdapter({
        baseUrl: 'http://bookmaker.invalid',
        country: 'ng',
        clock,
        fetch: async () => new Response(JSON.stringify(body), { status: 200 }),
      });
      await expect(answering.read('ABC123')).rejects.toBeInstanceOf(BookmakerUnavailable);
    }
  });
});
