import { z } from 'zod';
import { adminMatchSchema, type LiveStatus, liveStatuses, matchLiveSchema } from './matches.ts';

export type { MatchLive } from './matches.ts';
export { type LiveStatus, liveStatuses, matchLiveSchema };

/**
 * Live football data (issue 24, PRODUCT 12): a registered match's live state, the public live
 * list, the socket event that carries each change, and the admin's view of the provider.
 */

export const footballProviders = ['api-football', 'football-data'] as const;
export type FootballProviderName = (typeof footballProviders)[number];
/** Each provider by its own name, where people read it (the admin's status, the audit log, reasons). */
export const footballProviderLabels: Record<FootballProviderName, string> = {
  'api-football': 'API-Football',
  'football-data': 'football-data.org',
};

/**
 * Who did what an audit entry records when no admin did: a football data provider names itself in
 * `after.by` / `after.provider` (issue 24); anything else the product did by itself.
 */
export function automaticActor(after: unknown): string {
  if (after && typeof after === 'object' && 'by' in after && after.by === 'provider') {
    const provider = 'provider' in after ? after.provider : undefined;
    const label = footballProviders.find((name) => name === provider);
    return `Football data provider (${label ? footballProviderLabels[label] : 'unknown'})`;
  }
  return 'Automatic (no admin)';
}

/** The Socket.IO `match` event, to everyone: one registered match's live state changed. */
export const matchEventSchema = matchLiveSchema.extend({ _id: z.string() });
export type MatchEvent = z.infer<typeof matchEventSchema>;

/** Fields every game view carries (codes, rollover tips, free tips): which match, and its state. */
export const gameLiveFields = {
  /** The registered match this game is on (its `match` events carry this id). */
  matchId: z.string(),
  live: matchLiveSchema,
};

/** What a signed-in viewer holds on a match: a bought code or a subscribed plan's tip. */
export const heldItemSchema = z.object({
  kind: z.enum(['code', 'rollover']),
  itemId: z.string(),
  /** 'Booking code SPORTY-…' is never named: the label says what it is without revealing a code. */
  label: z.string(),
});
export type HeldItem = z.infer<typeof heldItemSchema>;

export const liveMatchSchema = matchEventSchema.extend({
  league: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  kickoff: z.string(),
  /** Registered by the demo seeding: its date is invented (PRODUCT 15), and it says so. */
  demo: z.boolean(),
  /** The signed-in viewer's codes and tips on this match; empty for a visitor. */
  yours: z.array(heldItemSchema),
});
export type LiveMatch = z.infer<typeof liveMatchSchema>;

export const liveMatchesResponseSchema = z.object({
  success: z.literal(true),
  /** The Lagos day these are on (YYYY-MM-DD). */
  day: z.string(),
  /**
   * Whether a football data provider is configured to follow these matches live; without one, scores
   * and results come from an admin after each match, and the page says so.
   */
  liveScores: z.boolean(),
  matches: z.array(liveMatchSchema),
});
export type LiveMatchesResponse = z.infer<typeof liveMatchesResponseSchema>;

/** The football data provider as the admin sees it. */
export const providerStatusSchema = z.object({
  success: z.literal(true),
  /** Null: no provider configured (admins type fixtures and results). */
  provider: z.enum(['api-football', 'football-data']).nullable(),
  leagues: z.array(z.string()),
  lastSyncAt: z.string().nullable(),
  lastPollAt: z.string().nullable(),
  /** Calls left today and this minute, as the provider's last answer said; null when unknown. */
  callsLeftToday: z.number().nullable(),
  callsPerDay: z.number().nullable(),
  callsLeftThisMinute: z.number().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** Registered matches linked to the provider, in play now, and waiting for an admin. */
  linkedMatches: z.number(),
  liveMatches: z.number(),
  waitingForAdmin: z.number(),
  /** Provider fixtures that may be registered matches, waiting to be linked or registered. */
  linkQuestions: z.number(),
});
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

export const syncNowResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Fixtures read, new matches registered, existing ones linked or moved, and those left for you. */
  fixtures: z.number(),
  created: z.number(),
  linked: z.number(),
  moved: z.number(),
  asked: z.number(),
});
export type SyncNowResponse = z.infer<typeof syncNowResponseSchema>;

export const holdRequestSchema = z.strictObject({
  reason: z.string().trim().max(500, 'Keep the reason under 500 characters.').optional(),
});
export type HoldRequest = z.input<typeof holdRequestSchema>;

/** POST and DELETE /api/admin/matches/:id/hold: the match as it now stands. */
export const holdResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  match: adminMatchSchema,
});
export type HoldResponse = z.infer<typeof holdResponseSchema>;

/** A registered match a provider's fixture may be (GET /api/admin/football/link-questions). */
export const linkCandidateSchema = z.object({
  _id: z.string(),
  league: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  kickoff: z.string(),
  /** Codes' and tips' games on it: what linking it brings live scores and a result to. */
  games: z.number(),
});
export type LinkCandidate = z.infer<typeof linkCandidateSchema>;

/** A provider's fixture the product could not place, waiting for an admin to link or register it. */
export const linkQuestionSchema = z.object({
  _id: z.string(),
  provider: z.enum(footballProviders),
  providerId: z.string(),
  league: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  kickoff: z.string(),
  /** Why the product did not decide by itself. */
  reason: z.string(),
  createdAt: z.string(),
  candidates: z.array(linkCandidateSchema),
});
export type LinkQuestion = z.infer<typeof linkQuestionSchema>;

export const linkQuestionsResponseSchema = z.object({
  success: z.literal(true),
  questions: z.array(linkQuestionSchema),
});
export type LinkQuestionsResponse = z.infer<typeof linkQuestionsResponseSchema>;

/** POST /api/admin/football/link-questions/:id/link: the fixture is this registered match. */
export const linkFixtureRequestSchema = z.strictObject({
  matchId: z.guid('Choose the match it is.'),
});
export type LinkFixtureRequest = z.input<typeof linkFixtureRequestSchema>;

/** Both answers (link, register): the match the fixture now is. */
export const linkAnswerResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  matchId: z.string(),
});
export type LinkAnswerResponse = z.infer<typeof linkAnswerResponseSchema>;

export const footballMessages = {
  notConfigured: 'No football data provider is configured.',
  linked: 'Linked: the provider’s live scores and result now reach this match.',
  registered: 'Registered as a match of its own.',
  questionNotFound: 'This fixture is not waiting for an answer.',
  questionAnswered: 'This fixture was answered already.',
  notACandidate: 'Choose one of the matches this fixture may be.',
  candidateLinked: 'That match is linked to another fixture of the provider already.',
  alreadyRegistered:
    'A match with these clubs is registered on that day already: link the fixture to it instead.',
  held: 'Held: no automatic result until you release it.',
  released: 'Released: the provider’s result will be recorded.',
  alreadyHeld: 'This match is already held.',
  notHeld: 'This match is not held.',
  synced: (fixtures: number) => `Synced ${fixtures} fixture${fixtures === 1 ? '' : 's'}.`,
} as const;

/** Defaults of PRODUCT 12. */
export const FOOTBALL_DEFAULTS = {
  pollSeconds: 60,
  resultConfirmMinutes: 10,
  /** A postponed, cancelled or abandoned match with no new kickoff within this voids its games. */
  voidAfterHours: 48,
  /** Fixtures are read for today and this many days after. */
  syncDaysAhead: 7,
} as const;
