import type { RolloverPlan, RolloverSubscription, RolloverTip } from '@cashtips/contract/rollover';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

export const rolloverPlan = (overrides: Partial<RolloverPlan> = {}): RolloverPlan => ({
  _id: 'p1',
  name: 'Daily 2 Odds',
  description: 'Two odds a day for ten days.',
  price: 5000,
  duration: 10,
  odds: 2,
  slotLimit: 100,
  postLimit: 1,
  active: true,
  subscriberCount: 40,
  slotsLeft: 60,
  successRate: 80,
  settledTips: 10,
  demo: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  ...overrides,
});

export const subscription = (overrides: Partial<RolloverSubscription> = {}): RolloverSubscription => ({
  _id: 's1',
  planId: 'p1',
  planName: 'Daily 2 Odds',
  odds: 2,
  duration: 10,
  currentDay: 3,
  daysLeft: 8,
  startDate: '2026-11-20T09:00:00.000Z',
  expiresAt: '2026-11-29T23:00:00.000Z',
  status: 'active',
  pricePaid: 5000,
  walletType: 'main',
  demo: false,
  ...overrides,
});

const planOf = (tip: Partial<RolloverTip>) => ({
  _id: tip.planId ?? 'p1',
  name: tip.planName ?? 'Daily 2 Odds',
  odds: 2,
  slotLimit: 100,
  subscriberCount: 40,
  slotsLeft: 60,
});

/** A tip as its plan's subscriber receives it. */
export const unlockedTip = (overrides: Partial<RolloverTip> = {}): RolloverTip => ({
  _id: 't1',
  planId: 'p1',
  planName: 'Daily 2 Odds',
  plan: planOf(overrides),
  day: '2026-11-24',
  games: [
    {
      teamA: 'Arsenal',
      teamB: 'Chelsea',
      league: 'Premier League',
      kickoff: '2026-11-24T16:00:00.000Z',
      prediction: 'Over 1.5 goals',
      odds: 1.42,
      bookmaker: 'SportyBet',
      score: null,
      outcome: null,
      matchId: 'match-1',
      live: { status: 'scheduled', minute: null, score: null },
    },
    {
      teamA: 'Inter',
      teamB: 'Napoli',
      league: 'Serie A',
      kickoff: '2026-11-24T19:45:00.000Z',
      prediction: 'Home win',
      odds: 1.41,
      bookmaker: 'SportyBet',
      score: null,
      outcome: null,
      matchId: 'match-2',
      live: { status: 'scheduled', minute: null, score: null },
    },
  ],
  gameCount: 2,
  bookingCode: 'ROLL2X9K',
  code: 'ROLL2X9K',
  bookmaker: 'SportyBet',
  totalOdds: 2,
  odds: 2,
  expiresAt: inHours(5),
  note: 'Both sides score freely at home.',
  confidence: 88,
  result: 'pending',
  locked: false,
  demo: false,
  createdAt: '2026-11-24T07:00:00.000Z',
  ...overrides,
});

/** The same tip as anyone without the plan receives it: matches only. */
export const lockedTip = (overrides: Partial<RolloverTip> = {}): RolloverTip => {
  const tip = unlockedTip(overrides);
  return {
    ...tip,
    games: tip.games.map((game) => ({ ...game, prediction: null, odds: null, bookmaker: null })),
    bookingCode: null,
    code: null,
    bookmaker: null,
    note: null,
    locked: true,
    ...overrides,
  };
};
