import { z } from 'zod';

/** The code the original client falls back to; it belongs to nobody and is ignored at sign-up. */
export const DEFAULT_REFERRAL_CODE = 'CASH-TIPS';

export const referredUserSchema = z.object({
  /** A stable key for the row, never the referred user's own id. */
  _id: z.string(),
  /** First name and last initial only: a referrer never sees a referred user's contact details. */
  name: z.string(),
  joinedAt: z.string(),
  /** Active once the referred user's first deposit is confirmed. */
  status: z.enum(['active', 'pending']),
  earned: z.number(),
});
export type ReferredUser = z.infer<typeof referredUserSchema>;

export const referralsResponseSchema = z.object({
  success: z.literal(true),
  referralCode: z.string(),
  referralLink: z.string(),
  totalReferrals: z.number(),
  activeReferrals: z.number(),
  totalEarnings: z.number(),
  /** Bonuses that referred users' deposits now awaiting payment confirmation would earn. */
  pendingEarnings: z.number(),
  bonusBalance: z.number(),
  minimumWithdrawal: z.number(),
  bonusPercent: z.number(),
  bonusCap: z.number(),
  referrals: z.array(referredUserSchema),
});
export type ReferralsResponse = z.infer<typeof referralsResponseSchema>;

export const activityItemSchema = z.object({
  id: z.string(),
  icon: z.string(),
  color: z.string(),
  title: z.string(),
  time: z.string(),
  description: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;
