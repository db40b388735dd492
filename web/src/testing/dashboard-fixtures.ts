import type { ActivityPageResponse } from '@cashtips/contract/account';
import type {
  CommunityEvent,
  CommunityResponse,
  DashboardStats,
  TopReferrer,
} from '@cashtips/contract/dashboard';
import type { ActivityItem } from '@cashtips/contract/referrals';

const HOUR_MS = 3_600_000;

/** An ISO time `hoursAgo` hours before now (relative times read 'Just now', '3h ago', 'Yesterday'). */
export const hoursAgo = (hours: number): string => new Date(Date.now() - hours * HOUR_MS).toISOString();

interface StatsOverrides {
  subscriptions?: Partial<DashboardStats['subscriptions']>;
  performance?: Partial<DashboardStats['performance']>;
  summary?: Partial<DashboardStats['summary']>;
  rollover?: Partial<DashboardStats['rollover']>;
}

/** GET /api/users/dashboard-stats, every figure distinct so a test can tell which one a box shows. */
export const dashboardStatsAnswer = (overrides: StatsOverrides = {}): DashboardStats => ({
  success: true,
  subscriptions: { activePlans: 2, ...overrides.subscriptions },
  referrals: {
    totalReferrals: 3,
    activeReferrals: 2,
    totalEarnings: 4000,
    pendingEarnings: 500,
    bonusBalance: 0,
  },
  performance: {
    totalPurchases: 14,
    totalSpent: 23_500,
    successRate: 62.5,
    avgOdds: 4.375,
    activeCodes: 3,
    expiredCodes: 11,
    ...overrides.performance,
  },
  summary: { plansAvailable: 6, tipsToday: 9, usersSubscribed: 1240, telegramTips: 57, ...overrides.summary },
  rollover: { successRate: 71.4, won: 10, lost: 4, ...overrides.rollover },
});

export const activityItem = (
  id: string,
  hours: number,
  overrides: Partial<ActivityItem> = {},
): ActivityItem => ({
  id,
  icon: 'wallet',
  color: 'green',
  title: `Activity ${id}`,
  description: `Description of ${id}`,
  time: hoursAgo(hours),
  ...overrides,
});

export const activityPageAnswer = (
  page: number,
  items: ActivityItem[],
  total: number,
  limit = 20,
): ActivityPageResponse => ({
  success: true,
  items,
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
});

export const communityEvent = (
  id: string,
  hours: number,
  overrides: Partial<CommunityEvent> = {},
): CommunityEvent => ({
  _id: id,
  kind: 'purchase',
  name: 'Ada O.',
  text: 'bought a 5.20 odds booking code',
  at: hoursAgo(hours),
  ...overrides,
});

export const communityAnswer = (
  feed: CommunityEvent[] = [],
  topReferrers: TopReferrer[] = [],
): CommunityResponse => ({ success: true, feed, topReferrers, month: '2026-11' });
