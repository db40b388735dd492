import type { ProviderStatus } from '@cashtips/contract/football';
import type {
  AdminMatch,
  AdminMatchDetailResponse,
  MatchResultResponse,
  MatchSearchResult,
  ToSettleItem,
} from '@cashtips/contract/matches';
import type { SiteSettingsResponse } from '@cashtips/contract/site';
import type { AdminFreeTip, TipRecordResponse } from '@cashtips/contract/tips';
import { tipRecord } from './tip-fixtures.ts';

/** Ids of free tips, matches and the items on them are UUIDs, as the API sends them. */
export const resultIds = {
  freeTip: '5d6e7f80-91a2-4b3c-8d4e-5f60718293a4',
  match: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  otherMatch: 'f0e1d2c3-b4a5-4968-8776-655443322110',
  code: 'c0d1e2f3-a4b5-4c6d-9e7f-8091a2b3c4d5',
  rolloverTip: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
} as const;

/** A free tip as the admin API sends it: Arsenal v Chelsea on 1 March 2025, 17:00 in Lagos. */
export function adminFreeTip(overrides: Partial<AdminFreeTip> = {}): AdminFreeTip {
  return {
    _id: resultIds.freeTip,
    league: 'Premier League',
    teams: 'Arsenal vs Chelsea',
    teamA: 'Arsenal',
    teamB: 'Chelsea',
    kickoff: '2025-03-01T16:00:00.000Z',
    time: '17:00',
    prediction: 'Home win',
    totalOdds: 1.85,
    date: '2025-03-01',
    status: 'Pending',
    result: 'pending',
    score: null,
    matchId: resultIds.match,
    live: { status: 'scheduled', minute: null, score: null },
    note: null,
    confidence: 75,
    modelProbability: null,
    publishedAt: '2025-03-01T08:00:00.000Z',
    demo: false,
    settledAt: null,
    updatedAt: '2025-03-01T08:00:00.000Z',
    ...overrides,
  };
}

/** Arsenal v Chelsea, kicked off over 2 hours ago with no result: two items wait on it. */
export function adminMatch(overrides: Partial<AdminMatch> = {}): AdminMatch {
  return {
    _id: resultIds.match,
    sport: 'football',
    league: 'Premier League',
    homeTeam: 'Arsenal',
    awayTeam: 'Chelsea',
    kickoff: '2025-03-01T16:00:00.000Z',
    day: '2025-03-01',
    status: 'scheduled',
    score: null,
    resultAt: null,
    source: 'admin',
    games: 2,
    pendingItems: 2,
    provider: null,
    live: { status: 'scheduled', minute: null, score: null },
    held: false,
    heldReason: null,
    waitingReason: null,
    pendingResult: null,
    ...overrides,
  };
}

/** Arsenal v Chelsea as API-Football follows it: 67 minutes played, 1-0. */
export function liveMatch(overrides: Partial<AdminMatch> = {}): AdminMatch {
  return adminMatch({
    source: 'provider',
    provider: { name: 'api-football', id: '1208099' },
    live: { status: 'live', minute: 67, score: { home: 1, away: 0 } },
    ...overrides,
  });
}

/** Over, but API-Football's figures disagree: an admin must record it. */
export const disagreement = 'API-Football’s full-time score (2-1) disagrees with its goals (2-2).';
export function waitingMatch(overrides: Partial<AdminMatch> = {}): AdminMatch {
  return liveMatch({
    live: { status: 'finished', minute: null, score: { home: 2, away: 2 } },
    waitingReason: disagreement,
    ...overrides,
  });
}

/** Over 2-1 by API-Football, recorded at 19:10 Lagos time unless held. */
export function finishingMatch(overrides: Partial<AdminMatch> = {}): AdminMatch {
  return liveMatch({
    live: { status: 'finished', minute: null, score: { home: 2, away: 1 } },
    pendingResult: { status: 'finished', score: { home: 2, away: 1 }, recordAt: '2025-03-01T18:10:00.000Z' },
    ...overrides,
  });
}

/** The football data provider as the admin's status shows it: API-Football, working. */
export function providerStatus(overrides: Partial<ProviderStatus> = {}): ProviderStatus {
  return {
    success: true,
    provider: 'api-football',
    leagues: ['39', '399'],
    lastSyncAt: '2025-03-01T05:00:00.000Z',
    lastPollAt: '2025-03-01T17:31:00.000Z',
    callsLeftToday: 7412,
    callsPerDay: 7500,
    callsLeftThisMinute: 298,
    lastError: null,
    lastErrorAt: null,
    linkedMatches: 42,
    liveMatches: 3,
    waitingForAdmin: 1,
    linkQuestions: 0,
    ...overrides,
  };
}

/** No FOOTBALL_DATA_PROVIDER: nothing linked, nothing polled. */
export function noProviderStatus(): ProviderStatus {
  return providerStatus({
    provider: null,
    leagues: [],
    lastSyncAt: null,
    lastPollAt: null,
    callsLeftToday: null,
    callsPerDay: null,
    callsLeftThisMinute: null,
    linkedMatches: 0,
    liveMatches: 0,
    waitingForAdmin: 0,
  });
}

/** Registered matches the picker finds: Arsenal v Chelsea (API-Football) and Lyon v Nice (typed). */
export function searchResults(): MatchSearchResult[] {
  return [
    {
      _id: resultIds.match,
      league: 'Premier League',
      homeTeam: 'Arsenal',
      awayTeam: 'Chelsea',
      kickoff: '2025-03-01T16:00:00.000Z',
      provider: { name: 'api-football', id: '1208099' },
    },
    {
      _id: resultIds.otherMatch,
      league: 'Ligue 1',
      homeTeam: 'Lyon',
      awayTeam: 'Nice',
      kickoff: '2025-03-01T19:45:00.000Z',
      provider: null,
    },
  ];
}

/** The games on Arsenal v Chelsea: a free tip read as a market, and a booking code settled by hand. */
export function matchGames(
  outcomes: { free?: AdminMatchDetailResponse['games'][number]['outcome'] } = {},
): AdminMatchDetailResponse['games'] {
  return [
    {
      kind: 'free',
      itemId: resultIds.freeTip,
      itemTitle: 'free tip Arsenal vs Chelsea',
      itemResult: outcomes.free ?? 'pending',
      prediction: 'Home win',
      market: 'Arsenal to win',
      outcome: outcomes.free ?? 'pending',
    },
    {
      kind: 'code',
      itemId: resultIds.code,
      itemTitle: 'SportyBet code at 12.50 odds',
      itemResult: 'pending',
      prediction: 'Saka to score',
      market: null,
      outcome: 'pending',
    },
  ];
}

export function matchDetail(match: Partial<AdminMatch> = {}): AdminMatchDetailResponse {
  return { success: true, match: adminMatch(match), games: matchGames() };
}

/** The answer to recording 2-1: the free tip won, the code still waits for a hand. */
export function resultAnswer(overrides: Partial<MatchResultResponse> = {}): MatchResultResponse {
  return {
    success: true,
    message: 'Result saved. 1 item settled.',
    changed: true,
    match: adminMatch({
      status: 'finished',
      score: { home: 2, away: 1 },
      resultAt: '2025-03-01T19:00:00.000Z',
      pendingItems: 1,
    }),
    games: matchGames({ free: 'won' }),
    settled: [
      {
        kind: 'free',
        itemId: resultIds.freeTip,
        itemTitle: 'free tip Arsenal vs Chelsea',
        before: 'pending',
        after: 'won',
      },
    ],
    ...overrides,
  };
}

/** A booking code waiting on a score (Arsenal v Chelsea) and a hand (Lyon v Nice, settled 1-1). */
export function waitingCode(overrides: Partial<ToSettleItem> = {}): ToSettleItem {
  return {
    kind: 'code',
    itemId: resultIds.code,
    itemTitle: 'SportyBet code at 12.50 odds',
    lastKickoff: '2025-03-01T19:45:00.000Z',
    games: [
      {
        matchId: resultIds.match,
        match: 'Arsenal vs Chelsea',
        prediction: 'Home win',
        market: 'Arsenal to win',
        outcome: 'pending',
        score: null,
        matchStatus: 'scheduled',
      },
      {
        matchId: resultIds.otherMatch,
        match: 'Lyon vs Nice',
        prediction: 'Over 9.5 corners',
        market: null,
        outcome: 'pending',
        score: { home: 1, away: 1 },
        matchStatus: 'finished',
      },
    ],
    ...overrides,
  };
}

/** A free tip whose only game finished 2-0 but is not read from scores. */
export function waitingFreeTip(overrides: Partial<ToSettleItem> = {}): ToSettleItem {
  return {
    kind: 'free',
    itemId: resultIds.freeTip,
    itemTitle: 'free tip Lyon vs Nice',
    lastKickoff: '2025-03-01T19:45:00.000Z',
    games: [
      {
        matchId: resultIds.otherMatch,
        match: 'Lyon vs Nice',
        prediction: 'Lacazette first scorer',
        market: null,
        outcome: 'pending',
        score: { home: 2, away: 0 },
        matchStatus: 'finished',
      },
    ],
    ...overrides,
  };
}

/** Users set to 1,000+ (measured 1,200+), accuracy measured (66.7%), satisfaction not set. */
export function siteSettingsAnswer(
  overrides: Partial<SiteSettingsResponse['settings']> = {},
  figures: Partial<SiteSettingsResponse['figures']> = {},
): SiteSettingsResponse {
  return {
    success: true,
    settings: {
      figures: { users: '1,000+', accuracy: null, satisfaction: null },
      community: { telegram: 'https://t.me/CashTipsNG', whatsapp: null },
      ...overrides,
    },
    figures: {
      users: { measured: '1,200+', shown: '1,000+', setAboveMeasured: false },
      accuracy: { measured: '66.7%', shown: '66.7%', setAboveMeasured: false },
      satisfaction: { measured: null, shown: null, setAboveMeasured: false },
      ...figures,
    },
  };
}

/** 30 days: too few settled for a rate ('New'); 90 days: 66.7 %. */
export function tipRecordAnswer(): TipRecordResponse {
  return {
    success: true,
    record: tipRecord({ won: 20, lost: 10, pending: 2, successRate: 66.7, since: '2024-12-02' }),
    windows: [
      { days: 30, won: 3, lost: 1, successRate: null },
      { days: 90, won: 20, lost: 10, successRate: 66.7 },
    ],
    weeks: [],
  };
}
