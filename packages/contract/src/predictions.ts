import { z } from 'zod';
import { pageInfoSchema } from './wallet.ts';

/**
 * The match model behind "AI tips" (issue 16): a time-weighted Dixon-Coles fit per league, its
 * probabilities per market for registered matches, and its measured record. Nothing here is paid
 * content: the model's own numbers, never an admin's paid pick.
 */

/**
 * The leagues the model covers: its key (openfootball's file name), the name the product shows and
 * imports under, and other names admins type for it. A registered match's league is read through
 * `modelLeagueOf`; any other league is not priced.
 */
export const modelLeagues = [
  {
    key: 'en.1',
    name: 'Premier League',
    aliases: ['English Premier League', 'EPL', 'England Premier League'],
  },
  { key: 'en.2', name: 'Championship', aliases: ['English Championship', 'EFL Championship'] },
  { key: 'de.1', name: 'Bundesliga', aliases: ['German Bundesliga', 'Deutsche Bundesliga', '1. Bundesliga'] },
  {
    key: 'es.1',
    name: 'La Liga',
    aliases: ['LaLiga', 'Spanish La Liga', 'Primera División', 'Primera Division'],
  },
  { key: 'it.1', name: 'Serie A', aliases: ['Italian Serie A'] },
  { key: 'fr.1', name: 'Ligue 1', aliases: ['French Ligue 1'] },
  { key: 'uefa.cl', name: 'Champions League', aliases: ['UEFA Champions League', 'UCL'] },
] as const;
export type ModelLeagueKey = (typeof modelLeagues)[number]['key'];

const leagueWords = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The model's league for a league name as typed ('premier league', 'EPL'), or null. */
export function modelLeagueOf(league: string): ModelLeagueKey | null {
  const wanted = leagueWords(league);
  const found = modelLeagues.find(
    (entry) =>
      entry.key === league || [entry.name, ...entry.aliases].some((name) => leagueWords(name) === wanted),
  );
  return found ? found.key : null;
}

export const modelMarkets = ['result', 'double-chance', 'draw-no-bet', 'total', 'btts'] as const;

/** One pick the model prices; `prediction` is text the market reader (markets.ts) settles by itself. */
export const modelPickSchema = z.object({
  market: z.enum(modelMarkets),
  /** 'Arsenal FC to win', 'Over 2.5 goals'. */
  label: z.string(),
  prediction: z.string(),
  /** 0..1. */
  probability: z.number(),
  /** 1 / probability, two decimals. */
  fairOdds: z.number(),
});
export type ModelPickView = z.infer<typeof modelPickSchema>;

export const marketProbabilitiesSchema = z.object({
  expectedGoals: z.object({ home: z.number(), away: z.number() }),
  result: z.object({ home: z.number(), draw: z.number(), away: z.number() }),
  doubleChance: z.object({ '1X': z.number(), X2: z.number(), '12': z.number() }),
  drawNoBet: z.object({ home: z.number(), away: z.number() }),
  totals: z.array(z.object({ line: z.number(), over: z.number(), under: z.number() })),
  btts: z.object({ yes: z.number(), no: z.number() }),
  likeliestScores: z.array(z.object({ home: z.number(), away: z.number(), probability: z.number() })),
});

/**
 * One outcome priced by the market: the bookmaker's decimal price, the market's probability with the
 * margin removed (each 1 ÷ price divided by the sum of them), and the edge of the model's probability
 * at that price: model probability × price − 1, the expected return per unit staked if the model is
 * right (0.05: +5%), as the suggestions' typed-price edge.
 */
export const marketOutcomeSchema = z.object({
  price: z.number(),
  probability: z.number(),
  edge: z.number(),
});

/**
 * The market beside the model (issue 24) for a match with stored prices: one bookmaker's latest
 * prices (the most recent update), 1X2 and over/under 2.5 goals where given; `margin` is the
 * bookmaker's overround (Σ 1 ÷ price − 1, 0.05 for 5%).
 */
export const marketComparisonSchema = z.object({
  /** How many bookmakers the market's consensus averages (PRODUCT 15: never one alone). */
  bookmakers: z.number().int(),
  /** The newest of the prices averaged. */
  takenAt: z.string(),
  result: z
    .object({
      home: marketOutcomeSchema,
      draw: marketOutcomeSchema,
      away: marketOutcomeSchema,
      margin: z.number(),
    })
    .nullable(),
  overUnder25: z
    .object({ over: marketOutcomeSchema, under: marketOutcomeSchema, margin: z.number() })
    .nullable(),
});
export type MarketComparison = z.infer<typeof marketComparisonSchema>;

/** Why a registered match has no prediction. */
export const unpredictedReasons = ['league-not-modelled', 'team-unknown', 'no-fit-yet'] as const;

/** The model's view of one registered match, from the latest fit (cached until the next one). */
export const matchPredictionSchema = z.object({
  matchId: z.string(),
  league: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  kickoff: z.string(),
  /** The Lagos date of the kickoff. */
  day: z.string(),
  /** The fit that priced it: its league key ('en.1'), the day its data stops (exclusive), when it ran. */
  fit: z
    .object({ league: z.string(), asOf: z.string(), fittedAt: z.string(), matches: z.number() })
    .nullable(),
  /** null with `reason` when the model cannot price this match. */
  markets: marketProbabilitiesSchema.nullable(),
  /** Every priced pick, most probable first. */
  picks: z.array(modelPickSchema),
  reason: z.enum(unpredictedReasons).nullable(),
  /** The market's latest prices beside the model's; null when the match has none (or no prediction). */
  market: marketComparisonSchema.nullable(),
});
export type MatchPrediction = z.infer<typeof matchPredictionSchema>;

/** GET /api/admin/predictions/matches/:id (admin). */
export const matchPredictionResponseSchema = z.object({
  success: z.literal(true),
  prediction: matchPredictionSchema,
});
export type MatchPredictionResponse = z.infer<typeof matchPredictionResponseSchema>;

/** GET /api/admin/predictions/suggestions (admin): upcoming registered matches, soonest first. */
export const suggestionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** Kickoffs from now to this many days ahead. */
  days: z.coerce.number().int().min(1).max(30).default(7),
  league: z.string().trim().max(80).optional(),
});
export const suggestionsResponseSchema = pageInfoSchema.extend({
  success: z.literal(true),
  matches: z.array(matchPredictionSchema),
  /** The latest fit per modelled league; empty before the first fit. */
  fits: z.array(
    z.object({ league: z.string(), asOf: z.string(), fittedAt: z.string(), matches: z.number() }),
  ),
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponseSchema>;

/**
 * The model's free-tip picks at the market's prices (issue 24): only settled (won or lost) model picks
 * whose market price was kept when they were posted; void ones count in neither.
 */
export const marketRecordSchema = z.object({
  /** Settled model picks with a posted price: what `returnPercent` is over. */
  picks: z.number(),
  won: z.number(),
  lost: z.number(),
  /**
   * Flat one-unit stakes at the posted price: (Σ over won picks of (price − 1) − lost) ÷ picks, percent,
   * one decimal; null without a priced pick.
   */
  returnPercent: z.number().nullable(),
  /** Of those, the picks that also have a closing price (the last taken before kickoff). */
  closingPicks: z.number(),
  /**
   * The mean change from the posted to the closing price, (closing ÷ posted − 1), percent, one decimal:
   * negative when prices shortened after posting (the market moved towards the model's picks); null
   * without a pick that has both.
   */
  closingChangePercent: z.number().nullable(),
});
export type MarketRecord = z.infer<typeof marketRecordSchema>;

/** One bucket of the calibration chart: model picks posted with a probability in [from, to). */
export const calibrationBucketSchema = z.object({
  from: z.number(),
  to: z.number(),
  /** Settled won or lost (void ones count in neither). */
  settled: z.number(),
  won: z.number(),
  /** Mean posted probability of the bucket's settled picks; null when empty. */
  meanProbability: z.number().nullable(),
  /** won ÷ settled; null when empty. */
  observedFrequency: z.number().nullable(),
});

/** GET /api/admin/predictions/calibration (admin). */
export const calibrationResponseSchema = z.object({
  success: z.literal(true),
  buckets: z.array(calibrationBucketSchema),
  /** Ranked probability score of the stored pre-kickoff home/draw/away predictions of finished matches. */
  running: z.object({
    matches: z.number(),
    rps: z.number().nullable(),
    /** The same matches scored with their league's base rates. */
    baselineRps: z.number().nullable(),
  }),
  /** The model's settled free tips at the market's prices, as the public record has them. */
  market: marketRecordSchema,
});
export type CalibrationResponse = z.infer<typeof calibrationResponseSchema>;

/** POST /api/admin/predictions/fit (admin): queue a refit of every modelled league now. */
export const fitRequestResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** Settled picks' record for one kind of tip: won ÷ (won + lost). */
export const pickRecordSchema = z.object({
  won: z.number(),
  lost: z.number(),
  /** Percent, one decimal; null until 5 are settled. */
  successRate: z.number().nullable(),
});

/** GET /api/predictions/record (public): the model's picks against the admins' own, from settled free tips. */
export const modelRecordResponseSchema = z.object({
  success: z.literal(true),
  model: pickRecordSchema,
  human: pickRecordSchema,
  /** The model's running RPS on finished registered matches, against the base rates. */
  rps: z.number().nullable(),
  baselineRps: z.number().nullable(),
  matches: z.number(),
  /** The same model picks at the market's prices. */
  market: marketRecordSchema,
});
export type ModelRecordResponse = z.infer<typeof modelRecordResponseSchema>;

/**
 * The shortest fair odds an AI insight offers (probability at most 1 ÷ 1.40, about 71%). Below it a
 * pick pays too little to be worth a bet: bookmakers take a margin of 5–10% on top of the fair price,
 * so "Over 0.5 goals" at fair odds 1.08 is offered near 1.02, risking ₦100 to win ₦2, and one loss in
 * fifty wipes out every win. At 1.40 fair the offered price is still about 1.30–1.33, the shortest a
 * bettor here plays as a single or a leg of a rollover. The widget says so next to the picks.
 */
export const INSIGHT_MIN_FAIR_ODDS = 1.4;

/** One AI insight: the model's most probable pick worth a bet on a match of today's free tips. */
export const insightSchema = z.object({
  matchId: z.string(),
  league: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  kickoff: z.string(),
  pick: modelPickSchema,
});

/**
 * GET /api/predictions/insights (signed in): today's (Lagos) free-tip matches that have a pick worth a
 * bet (fair odds of at least INSIGHT_MIN_FAIR_ODDS), most probable pick first.
 */
export const insightsResponseSchema = z.object({
  success: z.literal(true),
  day: z.string(),
  insights: z.array(insightSchema),
  /** The kickoff of the first free-tip match after today (Lagos), when the next picks can come; null if none is posted. */
  nextKickoff: z.string().nullable(),
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;

export const predictionMessages = {
  fitQueued: 'The model is refitting; new probabilities appear in a minute.',
  noSuggestions: 'No registered matches in the next days. Register fixtures under Matches to price them.',
  noInsights: 'No picks worth a bet today.',
  insightsUnavailable: 'AI insights are not available right now.',
  noNextMatch: 'New picks come with the next free tips.',
  reasons: {
    'league-not-modelled': 'The model does not cover this league.',
    'team-unknown': 'A team has no results in the model’s data.',
    'no-fit-yet': 'The model has not been fitted yet.',
  },
} as const;
