import { z } from 'zod';

/** Performance Stats cover the user's own booking-code purchases of this many days (spec part 2, 9). */
export const PERFORMANCE_WINDOW_DAYS = 30;
export const COMMUNITY_FEED_SIZE = 8;
/** A user's own success rate before any of their codes is settled (not 'New', as for a public rate). */
export const NO_SETTLED_CODES = 'No settled codes yet';
export const TOP_REFERRERS_SIZE = 5;

/** GET /api/users/dashboard-stats (PRODUCT 9): every figure computed from the user's own rows. */
export const dashboardStatsResponseSchema = z.object({
  success: z.literal(true),
  subscriptions: z.object({
    /** The user's subscriptions still running. */
    activePlans: z.number(),
  }),
  referrals: z.object({
    totalReferrals: z.number(),
    activeReferrals: z.number(),
    totalEarnings: z.number(),
    pendingEarnings: z.number(),
    bonusBalance: z.number(),
  }),
  performance: z.object({
    totalPurchases: z.number(),
    totalSpent: z.number(),
    /** won ÷ (won + lost) of those purchases' codes, one decimal; null while none is settled. */
    successRate: z.number().nullable(),
    /** Mean total odds of the codes bought; null without purchases. */
    avgOdds: z.number().nullable(),
    activeCodes: z.number(),
    expiredCodes: z.number(),
  }),
  summary: z.object({
    /** Plans on sale now. */
    plansAvailable: z.number(),
    /** Free tips and rollover tips posted for today (Lagos day). */
    tipsToday: z.number(),
    /** People with a running subscription (real subscribers only). */
    usersSubscribed: z.number(),
    /** Free tips posted to the Telegram channel in the last 30 days. */
    telegramTips: z.number(),
  }),
  rollover: z.object({
    /**
     * Settled rollover tips of every plan together, demo ones left out: won ÷ (won + lost); null
     * ('New') under the plans' own minimum sample (5 settled).
     */
    successRate: z.number().nullable(),
    /** The sample the rate is of, shown beside it ('won 4 of 13 settled'). */
    won: z.number(),
    lost: z.number(),
  }),
});
export type DashboardStats = z.infer<typeof dashboardStatsResponseSchema>;

/**
 * GET /api/users/me/statistics (the profile's statistics): everything the user ever bought, not only
 * the last 30 days. Codes count as My Codes counts them (removed cards included); `won` and `lost` are
 * the settled codes among them.
 */
export const profileStatisticsResponseSchema = z.object({
  success: z.literal(true),
  codesBought: z.number(),
  plansSubscribed: z.number(),
  /** Naira paid: for codes, for plans, and both. */
  spent: z.object({ codes: z.number(), plans: z.number(), total: z.number() }),
  won: z.number(),
  lost: z.number(),
  /** won ÷ (won + lost), one decimal; null while none of the user's codes is settled. */
  successRate: z.number().nullable(),
});
export type ProfileStatistics = z.infer<typeof profileStatisticsResponseSchema>;

export const communityEventKinds = ['purchase', 'subscription', 'win'] as const;
export type CommunityEventKind = (typeof communityEventKinds)[number];

/** One line of the community feed: a first name and initial, never an id, email or code. */
export const communityEventSchema = z.object({
  _id: z.string(),
  kind: z.enum(communityEventKinds),
  /** "Ada O." */
  name: z.string(),
  /** What happened, e.g. "bought a 5.20 odds booking code", "subscribed to Gold Rollover". */
  text: z.string(),
  at: z.string(),
});
export type CommunityEvent = z.infer<typeof communityEventSchema>;

export const topReferrerSchema = z.object({
  rank: z.number(),
  name: z.string(),
  /** People they referred who verified their email this Lagos month. */
  referrals: z.number(),
});
export type TopReferrer = z.infer<typeof topReferrerSchema>;

/** GET /api/community: people who opted out (preferences) never appear. */
export const communityResponseSchema = z.object({
  success: z.literal(true),
  feed: z.array(communityEventSchema),
  topReferrers: z.array(topReferrerSchema),
  /** The Lagos month of the ranking, "2026-11". */
  month: z.string(),
});
export type CommunityResponse = z.infer<typeof communityResponseSchema>;
