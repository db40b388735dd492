/**
 * Query keys shared across features, so a mutation in one feature can refresh what another shows
 * (a deposit refreshes the wallet history, a bonus withdrawal the referral figures).
 * Every key under `wallets` goes stale when money moves.
 */
export const queryKeys = {
  wallets: ['wallets'] as const,
  walletBalance: ['wallets', 'balance'] as const,
  walletTransactions: ['wallets', 'transactions'] as const,
  walletTransactionsPage: (page: number, limit: number) => ['wallets', 'transactions', page, limit] as const,
  /** Money out (PRODUCT 11): the withdraw form's limits and the user's withdrawals change when money moves. */
  withdrawOptions: ['wallets', 'withdraw-options'] as const,
  withdrawals: ['wallets', 'withdrawals'] as const,
  withdrawalPages: (limit: number) => ['wallets', 'withdrawals', limit] as const,
  /** Whether the account can be closed (PRODUCT 13): money in the wallet or on its way holds it open. */
  closingStatus: ['wallets', 'closing'] as const,
  /** The payout account changes only when its owner replaces it; the bank list is the provider's. */
  payoutAccount: ['payouts', 'account'] as const,
  payoutBanks: ['payouts', 'banks'] as const,
  payoutLookup: (bankCode: string, accountNumber: string) =>
    ['payouts', 'lookup', bankCode, accountNumber] as const,
  paymentOptions: ['payments', 'options'] as const,
  paymentVerification: (reference: string) => ['payments', 'verify', reference] as const,
  referrals: ['referrals'] as const,
  rates: ['currency', 'rates'] as const,
  /** Every booking-code view (lists, detail, market); a purchase or a live buyer count touches them all. */
  bookingCodes: ['booking-codes'] as const,
  bookingCodeList: (query: Record<string, string | number>) => ['booking-codes', 'list', query] as const,
  bookingCode: (id: string) => ['booking-codes', 'detail', id] as const,
  bookingMarket: (page: number) => ['booking-codes', 'market', page] as const,
  purchasedCodes: ['booking-codes', 'purchased'] as const,
  purchaseSummary: ['booking-codes', 'purchased-summary'] as const,
  bookingPurchased: ['booking-codes', 'booking-purchased'] as const,
  /** Every rollover view: a subscription or a live subscriber count touches plans, tips and subscriptions. */
  rollover: ['rollover'] as const,
  rolloverPlans: ['rollover', 'plans'] as const,
  rolloverPlan: (id: string) => ['rollover', 'plan', id] as const,
  rolloverSubscriptions: ['rollover', 'subscriptions'] as const,
  rolloverToday: ['rollover', 'today'] as const,
  rolloverAll: (page: number) => ['rollover', 'all', page] as const,
  /** Free and past tips and their record: public, refreshed together when results come in. */
  tips: ['tips'] as const,
  freeTips: ['tips', 'free'] as const,
  pastTips: (page: number, limit: number) => ['tips', 'past', page, limit] as const,
  tipRecord: ['tips', 'record'] as const,
  /** Today's registered matches with their live state (/live); a visitor's and a user's differ by `yours`. */
  liveMatches: ['matches', 'live'] as const,
  /** Every notification view (the bell's lists, the history pages): read, delete and live arrivals touch them all. */
  notifications: ['notifications'] as const,
  notificationBroadcasts: ['notifications', 'broadcast'] as const,
  notificationPersonal: ['notifications', 'personal'] as const,
  notificationHistory: (page: number) => ['notifications', 'history', page] as const,
  pushStatus: ['push', 'status'] as const,
  /** The dashboard's figures (performance, the strip, the rollover record); a new activity makes them stale. */
  dashboardStats: ['dashboard-stats'] as const,
  /** The user's own activity: the recent lists (one per size) and the history pages; a live item touches them all. */
  activity: ['activity'] as const,
  activityRecent: (limit: number) => ['activity', 'recent', limit] as const,
  activityPage: (page: number) => ['activity', 'page', page] as const,
  community: ['community'] as const,
  /** The match model's picks on today's free-tip matches (the dashboard's AI Insights). */
  insights: ['predictions', 'insights'] as const,
};
