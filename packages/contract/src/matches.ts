import { z } from 'zod';
import { isLagosDay } from './lagos-time.ts';
import { itemKinds, liveStatuses, matchStatuses, outcomes, resultMessages } from './plain/matches.ts';
import { pageInfoSchema } from './wallet.ts';

export * from './plain/matches.ts';

export const scoreSchema = z.object({ home: z.number(), away: z.number() });

/** A match's live state: public (scores are public; picks stay locked). */
export const matchLiveSchema = z.object({
  status: z.enum(liveStatuses),
  /** Minutes played while in play; null otherwise. */
  minute: z.number().int().nullable(),
  /** The score now (extra time included); null before kickoff. */
  score: scoreSchema.nullable(),
});
export type MatchLive = z.infer<typeof matchLiveSchema>;

/** A game as typed by an admin (booking codes, rollover tips and free tips share it). */
export const gameInputFields = {
  /** Pick a registered match instead of typing it (its teams, league and kickoff then win). */
  matchId: z.uuid({ error: 'Unknown match.' }).optional(),
  teamA: z.string().trim().min(1, 'Team A is required.').max(80),
  teamB: z.string().trim().min(1, 'Team B is required.').max(80),
  league: z.string().trim().min(1, 'League is required.').max(80),
  kickoff: z.iso.datetime({ offset: true, error: 'Kickoff must be a date and time.' }),
};

/**
 * The match model's probability of a game's pick when it was posted (issue 16), 0 to 1; absent or
 * null for a pick of the admin's own. It feeds the model's calibration chart once the game settles.
 */
export const modelProbabilitySchema = z.number().min(0).max(1).nullable().optional();

export const adminMatchSchema = z.object({
  _id: z.string(),
  sport: z.string(),
  league: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  kickoff: z.string(),
  /** The Lagos date of the kickoff. */
  day: z.string(),
  status: z.enum(matchStatuses),
  score: scoreSchema.nullable(),
  resultAt: z.string().nullable(),
  source: z.enum(['admin', 'import', 'provider']),
  /** Games on this match, and how many of their items are still pending. */
  games: z.number(),
  pendingItems: z.number(),
  /** The football data provider's link (issue 24); null for a match no provider knows. */
  provider: z.object({ name: z.string(), id: z.string() }).nullable(),
  live: matchLiveSchema,
  /** An admin's hold: no automatic result while held. */
  held: z.boolean(),
  heldReason: z.string().nullable(),
  /**
   * Why the provider's result waits for an admin (its scores disagree), or what it will record and
   * when (`pendingResult`); null when the provider has said nothing final.
   */
  waitingReason: z.string().nullable(),
  pendingResult: z
    .object({ status: z.enum(['finished', 'void']), score: scoreSchema.nullable(), recordAt: z.string() })
    .nullable(),
});
export type AdminMatch = z.infer<typeof adminMatchSchema>;

export const matchViews = ['awaiting', 'upcoming', 'finished', 'all', 'waiting-admin'] as const;
export const adminMatchesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** awaiting: kicked off over 2 hours ago with games still pending and no result yet. */
  view: z.enum(matchViews).default('awaiting'),
  q: z.string().trim().max(100).optional(),
  day: z.string().trim().refine(isLagosDay, 'The day is a date written YYYY-MM-DD.').optional(),
});
export const adminMatchesResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  matches: z.array(adminMatchSchema),
});
export type AdminMatchesResponse = z.infer<typeof adminMatchesResponseSchema>;

/** One game on a match, with its item, as the admin's match page lists them. */
export const matchGameSchema = z.object({
  kind: z.enum(itemKinds),
  itemId: z.string(),
  itemTitle: z.string(),
  itemResult: z.enum(outcomes),
  prediction: z.string().nullable(),
  /** The market the prediction was read as, in words; null: settled by hand. */
  market: z.string().nullable(),
  outcome: z.enum(outcomes),
});
export const adminMatchDetailResponseSchema = z.object({
  success: z.literal(true),
  match: adminMatchSchema,
  games: z.array(matchGameSchema),
});
export type AdminMatchDetailResponse = z.infer<typeof adminMatchDetailResponseSchema>;

const goals = z
  .number({ error: 'Goals are a whole number.' })
  .int('Goals are a whole number.')
  .min(0, 'Goals cannot be negative.')
  .max(99);

export const matchResultRequestSchema = z
  .strictObject({
    /** finished: the final score below; void: postponed, abandoned or cancelled (every game void). */
    status: z.enum(['finished', 'void']).default('finished'),
    homeGoals: goals.optional(),
    awayGoals: goals.optional(),
    reason: z
      .string()
      .trim()
      .max(500, 'Keep the reason under 500 characters.')
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((value, context) => {
    if (value.status === 'finished') {
      for (const field of ['homeGoals', 'awayGoals'] as const) {
        if (value[field] === undefined)
          context.addIssue({ code: 'custom', path: [field], message: resultMessages.scoreRequired });
      }
    }
  });
export type MatchResultRequest = z.input<typeof matchResultRequestSchema>;

/** An item whose result the recording changed. */
export const settledItemSchema = z.object({
  kind: z.enum(itemKinds),
  itemId: z.string(),
  itemTitle: z.string(),
  before: z.enum(outcomes),
  after: z.enum(outcomes),
});
export type SettledItem = z.infer<typeof settledItemSchema>;
export const matchResultResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  changed: z.boolean(),
  match: adminMatchSchema,
  games: z.array(matchGameSchema),
  settled: z.array(settledItemSchema),
});
export type MatchResultResponse = z.infer<typeof matchResultResponseSchema>;

/** The admin's "to settle" queue: items pending more than 2 hours after their last game kicked off. */
export const toSettleItemSchema = z.object({
  kind: z.enum(itemKinds),
  itemId: z.string(),
  itemTitle: z.string(),
  lastKickoff: z.string(),
  games: z.array(
    z.object({
      matchId: z.string(),
      match: z.string(),
      prediction: z.string().nullable(),
      market: z.string().nullable(),
      outcome: z.enum(outcomes),
      score: scoreSchema.nullable(),
      matchStatus: z.enum(matchStatuses),
    }),
  ),
});
export type ToSettleItem = z.infer<typeof toSettleItemSchema>;
export const toSettleQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.enum(itemKinds).optional(),
});
export const toSettleResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  items: z.array(toSettleItemSchema),
});
export type ToSettleResponse = z.infer<typeof toSettleResponseSchema>;

/**
 * GET /api/admin/matches/search?q=&from=: registered matches not yet played that an admin's game
 * can be put on instead of typing its teams (issue 24). Every word of `q` must be in a team or the
 * league; without `q` the soonest come first. `from` is the earliest kickoff (2 hours ago by default,
 * so a match that has just started can still be picked).
 */
export const matchSearchQuerySchema = z.object({
  q: z.string().trim().max(100, 'Keep the search under 100 characters.').optional(),
  from: z.iso.datetime({ offset: true, error: 'From must be a date and time.' }).optional(),
});
export const matchSearchResultSchema = adminMatchSchema.pick({
  _id: true,
  league: true,
  homeTeam: true,
  awayTeam: true,
  kickoff: true,
  provider: true,
});
export type MatchSearchResult = z.infer<typeof matchSearchResultSchema>;
export const matchSearchResponseSchema = z.object({
  success: z.literal(true),
  matches: z.array(matchSearchResultSchema),
});
export type MatchSearchResponse = z.infer<typeof matchSearchResponseSchema>;
/** Matches a search answers at most; more are narrowed by typing more. */
export const MATCH_SEARCH_LIMIT = 10;
