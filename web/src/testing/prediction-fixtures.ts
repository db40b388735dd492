import type {
  CalibrationResponse,
  InsightsResponse,
  MarketComparison,
  MatchPrediction,
  ModelPickView,
  SuggestionsResponse,
} from '@cashtips/contract/predictions';
import { pageInfo } from './admin-fixtures.ts';

/** Registered matches' ids (UUIDs, as the free-tip schema wants a matchId). */
export const matchIds = {
  arsenal: '6f1d2c3b-4a5e-4f60-9a7b-8c9d0e1f2a3b',
  inter: '7a2e3d4c-5b6f-4071-8b8c-9d0e1f2a3b4c',
  unknown: '8b3f4e5d-6c70-4182-9c9d-0e1f2a3b4c5d',
} as const;

export function modelPick(overrides: Partial<ModelPickView> = {}): ModelPickView {
  return {
    market: 'result',
    label: 'Arsenal FC to win',
    prediction: 'Home win',
    probability: 0.5234,
    fairOdds: 1.91,
    ...overrides,
  };
}

const fit = { league: 'en.1', asOf: '2026-11-24', fittedAt: '2026-11-24T02:00:00.000Z', matches: 1140 };

/** Arsenal FC v Chelsea FC on Sat 28 Nov 2026, 17:30 Lagos time, priced by the Premier League's fit. */
export function matchPrediction(overrides: Partial<MatchPrediction> = {}): MatchPrediction {
  return {
    matchId: matchIds.arsenal,
    league: 'Premier League',
    homeTeam: 'Arsenal FC',
    awayTeam: 'Chelsea FC',
    kickoff: '2026-11-28T16:30:00.000Z',
    day: '2026-11-28',
    fit,
    markets: {
      expectedGoals: { home: 1.62, away: 0.98 },
      result: { home: 0.5234, draw: 0.241, away: 0.2356 },
      doubleChance: { '1X': 0.7645, X2: 0.4766, '12': 0.7589 },
      drawNoBet: { home: 0.6897, away: 0.3103 },
      totals: [{ line: 2.5, over: 0.5112, under: 0.4888 }],
      btts: { yes: 0.4921, no: 0.5079 },
      likeliestScores: [{ home: 1, away: 0, probability: 0.1123 }],
    },
    picks: [
      modelPick({
        market: 'double-chance',
        label: 'Arsenal FC or draw',
        prediction: 'Home or draw',
        probability: 0.7645,
        fairOdds: 1.31,
      }),
      modelPick(),
      modelPick({
        market: 'total',
        label: 'Over 2.5 goals',
        prediction: 'Over 2.5 goals',
        probability: 0.5112,
        fairOdds: 1.96,
      }),
    ],
    reason: null,
    market: null,
    ...overrides,
  };
}

/**
 * The market for Arsenal v Chelsea as the server sends it, the consensus of three bookmakers, the latest
 * price taken Fri 27 Nov 2026, 14:05 Lagos time, beside the model's probabilities above: 1X2 at
 * 2.05 / 3.60 / 3.90 (their mean margin 2.2%), over/under 2.5 at 1.85 / 2.00 (4.05%). The figures are
 * the screen's to show, not to check: the server computes them.
 */
export function marketComparison(overrides: Partial<MarketComparison> = {}): MarketComparison {
  return {
    bookmakers: 3,
    takenAt: '2026-11-27T13:05:00.000Z',
    result: {
      home: { price: 2.05, probability: 0.4773, edge: 0.073 },
      draw: { price: 3.6, probability: 0.2718, edge: -0.1324 },
      away: { price: 3.9, probability: 0.2509, edge: -0.0812 },
      margin: 0.022,
    },
    overUnder25: {
      over: { price: 1.85, probability: 0.5195, edge: -0.0543 },
      under: { price: 2, probability: 0.4805, edge: -0.0224 },
      margin: 0.0405,
    },
    ...overrides,
  };
}

/** A match the model cannot price: its league is not one it covers. */
export const unpricedMatch = (): MatchPrediction =>
  matchPrediction({
    matchId: matchIds.unknown,
    league: 'NPFL',
    homeTeam: 'Enyimba',
    awayTeam: 'Rivers United',
    fit: null,
    markets: null,
    picks: [],
    reason: 'league-not-modelled',
  });

export function suggestionsAnswer(
  matches: MatchPrediction[] = [matchPrediction()],
  overrides: Partial<SuggestionsResponse> = {},
): SuggestionsResponse {
  return { success: true, matches, fits: [fit], ...pageInfo(matches.length), ...overrides };
}

/** Ten buckets of 10%; three with settled picks. */
export function calibrationAnswer(overrides: Partial<CalibrationResponse> = {}): CalibrationResponse {
  const settled: Record<number, { settled: number; won: number; mean: number }> = {
    4: { settled: 10, won: 4, mean: 0.452 },
    5: { settled: 24, won: 14, mean: 0.548 },
    7: { settled: 6, won: 5, mean: 0.731 },
  };
  return {
    success: true,
    buckets: Array.from({ length: 10 }, (_, index) => {
      const bucket = settled[index];
      return {
        from: index / 10,
        to: (index + 1) / 10,
        settled: bucket?.settled ?? 0,
        won: bucket?.won ?? 0,
        meanProbability: bucket?.mean ?? null,
        observedFrequency: bucket ? bucket.won / bucket.settled : null,
      };
    }),
    running: { matches: 412, rps: 0.1921, baselineRps: 0.231 },
    market: {
      picks: 18,
      won: 10,
      lost: 8,
      returnPercent: 6.4,
      closingPicks: 15,
      closingChangePercent: -2.1,
    },
    ...overrides,
  };
}

export function insightsAnswer(
  insights: InsightsResponse['insights'] = [],
  nextKickoff: string | null = null,
): InsightsResponse {
  return { success: true, day: '2026-11-28', insights, nextKickoff };
}

export function insight(overrides: Partial<InsightsResponse['insights'][number]> = {}) {
  return {
    matchId: matchIds.arsenal,
    league: 'Premier League',
    homeTeam: 'Arsenal FC',
    awayTeam: 'Chelsea FC',
    kickoff: '2026-11-28T16:30:00.000Z',
    pick: modelPick({
      label: 'Arsenal FC to win',
      prediction: 'Home',
      probability: 0.6131,
      fairOdds: 1.63,
    }),
    ...overrides,
  };
}
