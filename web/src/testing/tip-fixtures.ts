import type { FreeTip, PastTipsResponse, TipRecord, TipRecordResponse } from '@cashtips/contract/tips';

export function freeTip(overrides: Partial<FreeTip> = {}): FreeTip {
  return {
    _id: 'f1',
    league: 'Premier League',
    teams: 'Arsenal FC vs Chelsea FC',
    teamA: 'Arsenal FC',
    teamB: 'Chelsea FC',
    kickoff: '2026-11-24T19:00:00.000Z',
    time: '20:00',
    prediction: 'Over 2.5 goals',
    totalOdds: 1.72,
    date: '2026-11-24',
    status: 'Pending',
    result: 'pending',
    score: null,
    matchId: 'match-1',
    live: { status: 'scheduled', minute: null, score: null },
    note: null,
    confidence: 68,
    modelProbability: null,
    publishedAt: '2026-11-24T09:00:00.000Z',
    demo: false,
    ...overrides,
  };
}

/**
 * A free tips' record as the server sends it: these figures, and the price figures a record of this
 * size has (void in none; no return or closing-line value under 30 settled) unless given.
 */
export function tipRecord(
  figures: Pick<TipRecord, 'won' | 'lost' | 'pending' | 'successRate' | 'since'> & Partial<TipRecord>,
): TipRecord {
  return {
    settled: figures.won + figures.lost,
    void: 0,
    winRate: figures.successRate,
    roi: null,
    roiLow: null,
    roiHigh: null,
    clv: null,
    clvCount: 0,
    ...figures,
  };
}

export function pastTipsAnswer(tips: FreeTip[], overrides: Partial<PastTipsResponse> = {}): PastTipsResponse {
  return {
    success: true,
    tips,
    record: tipRecord({ won: 3, lost: 1, pending: 1, successRate: null, since: '2026-11-01' }),
    page: 1,
    limit: 10,
    total: tips.length,
    totalPages: 1,
    ...overrides,
  };
}

export function recordAnswer(overrides: Partial<TipRecordResponse> = {}): TipRecordResponse {
  return {
    success: true,
    record: tipRecord({ won: 6, lost: 2, pending: 1, successRate: 75, since: '2026-10-05' }),
    windows: [
      { days: 30, won: 4, lost: 1, successRate: 80 },
      { days: 90, won: 6, lost: 2, successRate: 75 },
    ],
    weeks: [
      { week: '2026-10-05', won: 2, lost: 0, runningRate: 100 },
      { week: '2026-10-12', won: 1, lost: 1, runningRate: 75 },
      { week: '2026-11-16', won: 3, lost: 1, runningRate: 75 },
    ],
    ...overrides,
  };
}
