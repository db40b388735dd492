/** A game's own result and an item's: the same four words everywhere. */
export const outcomes = ['pending', 'won', 'lost', 'void'] as const;
export type Outcome = (typeof outcomes)[number];

export const matchStatuses = ['scheduled', 'finished', 'void'] as const;
export type MatchStatus = (typeof matchStatuses)[number];

/** How an item got its result: from its games' results, or by an admin's hand. */
export const settlementSources = ['games', 'admin'] as const;

/** The three kinds of thing that have games on matches and are settled from them. */
export const itemKinds = ['code', 'rollover', 'free'] as const;
export type ItemKind = (typeof itemKinds)[number];
export const itemKindLabels: Record<ItemKind, string> = {
  code: 'Booking code',
  rollover: 'Rollover tip',
  free: 'Free tip',
};

/** How long after kickoff an unsettled item joins the admin's "to settle" queue. */
export const TO_SETTLE_AFTER_MS = 2 * 60 * 60_000;

export const resultMessages = {
  matchNotFound: 'Match not found',
  reasonRequired: 'This match already has a result; give a reason to change it.',
  unchanged: 'That result was already recorded; nothing changed.',
  scoreRequired: 'Enter both teams’ goals.',
} as const;

/** '2-1', or null before the result. */
export const scoreText = (score: { home: number; away: number } | null) =>
  score ? `${score.home}-${score.away}` : null;

/** A match's state as every screen shows it. */
export const liveStatuses = [
  'scheduled',
  'live',
  'halftime',
  'finished',
  'postponed',
  'suspended',
  'cancelled',
  'abandoned',
] as const;
export type LiveStatus = (typeof liveStatuses)[number];

/** The states in which a match is being played (the poller reads these). */
export const inPlayStatuses: readonly LiveStatus[] = ['live', 'halftime', 'suspended'];

export const liveStatusLabels: Record<LiveStatus, string> = {
  scheduled: 'Not started',
  live: 'Live',
  halftime: 'Half-time',
  finished: 'Full time',
  postponed: 'Postponed',
  suspended: 'Suspended',
  cancelled: 'Cancelled',
  abandoned: 'Abandoned',
};

/** A slip's total odds: the product of its games' odds, to two decimals as bookmakers print them. */
export const slipOdds = (odds: readonly number[]) =>
  Math.round(odds.reduce((product, value) => product * value, 1) * 100) / 100;
