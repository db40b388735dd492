import type { AdminDeposit, AdminUser, AdminUserDetailResponse, AuditEntry } from '@cashtips/contract/admin';
import type { User } from '@cashtips/contract/auth';
import type { AdminBookingCode } from '@cashtips/contract/booking-codes';
import type { AdminNotification } from '@cashtips/contract/notifications';
import type { AdminWithdrawal, AdminWithdrawalsResponse } from '@cashtips/contract/payouts';
import type { AdminRolloverPlan, AdminRolloverTip } from '@cashtips/contract/rollover';
import type { PageInfo } from '@cashtips/contract/wallet';
import { storeSession, testUser } from './fixtures.ts';
import { type MockRoute, mockApi } from './mock-api.ts';

/** The signed-in admin, as the session keeps them. */
export const adminSessionUser: User = {
  ...testUser,
  _id: 'u_admin',
  id: 'u_admin',
  email: 'admin@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
  fullName: 'Grace Hopper',
  role: 'admin',
};

/** Ada as the admin API lists her. */
export const adaAsAdminSees: AdminUser = {
  _id: 'u_1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Obi',
  phone: '2348012345678',
  role: 'user',
  emailVerified: true,
  referralCode: 'ADA123',
  mainWallet: 12000,
  bonusWallet: 250,
  createdAt: '2025-01-01T09:30:00.000Z',
  restriction: null,
  closedAt: null,
};

export function adaDetail(
  balances: { mainWallet?: number; bonusWallet?: number } = {},
): AdminUserDetailResponse {
  return {
    success: true,
    user: {
      ...adaAsAdminSees,
      ...balances,
      referredBy: { _id: 'u_9', email: 'tunde@example.com' },
      telegramId: null,
    },
    deposits: [],
  };
}

export function pendingDeposit(overrides: Partial<AdminDeposit> = {}): AdminDeposit {
  return {
    _id: 'd_1',
    reference: 'CT-REF-0001',
    provider: 'paystack',
    amount: 5000,
    currency: 'NGN',
    status: 'pending',
    failureReason: null,
    user: { _id: 'u_1', email: 'ada@example.com', name: 'Ada Obi' },
    createdAt: '2025-03-01T10:00:00.000Z',
    confirmedAt: null,
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: 'a_1',
    actor: { _id: 'u_admin', email: 'admin@example.com' },
    action: 'user.adjust',
    targetType: 'user',
    targetId: 'u_1',
    targetName: 'ada@example.com',
    before: { mainWallet: 12000, bonusWallet: 250 },
    after: { mainWallet: 7000, bonusWallet: 250 },
    reason: 'Refund of a duplicate deposit',
    createdAt: '2025-03-02T12:00:00.000Z',
    ...overrides,
  };
}

/** A withdrawal in the admin's queue: Ada's first, waiting for review, to her full account. */
export function adminWithdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    _id: 'w_1',
    amount: 60_000,
    status: 'review',
    reference: 'wd_ada_0000000001',
    bankName: 'Guaranty Trust Bank',
    accountNumber: '******1234',
    accountName: 'ADA OBI',
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    reason: null,
    user: { _id: 'u_1', name: 'Ada Obi', email: 'ada@example.com' },
    provider: 'paystack',
    reviewReason: 'first',
    fee: null,
    reviewedBy: null,
    reviewedAt: null,
    submittedAt: null,
    bankCode: '058',
    fullAccountNumber: '0123451234',
    ...overrides,
  };
}

export function withdrawalsList(...withdrawals: AdminWithdrawal[]): AdminWithdrawalsResponse {
  return { success: true, withdrawals, ...pageInfo(withdrawals.length) };
}

/** Page info for a list that fits on `totalPages` pages of 20. */
export function pageInfo(total: number, page = 1): PageInfo {
  return { page, limit: 20, total, totalPages: Math.max(1, Math.ceil(total / 20)) };
}

/** A stored admin session confirmed by /api/auth/me, plus the admin API routes of the test. */
export function signInAsAdmin(routes: Record<string, MockRoute>) {
  storeSession('tok_admin', adminSessionUser);
  return mockApi({ 'GET /api/auth/me': { body: { success: true, user: adminSessionUser } }, ...routes });
}

/** Every URL fetched so far, with its query string (the recorded calls keep the path only). */
export function requestedUrls(fetchMock: { mock: { calls: readonly (readonly unknown[])[] } }): string[] {
  return fetchMock.mock.calls.map(([input]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${url.pathname}${url.search}`;
  });
}

/** A booking code as the admin API sends it: full code, real buyers, revenue. */
export function adminBookingCode(overrides: Partial<AdminBookingCode> = {}): AdminBookingCode {
  return {
    _id: 'c_1',
    bookingCode: 'SB7X9K2',
    code: 'SB7X9K2',
    moneyBack: false,
    verification: null,
    demo: false,
    alreadyPurchased: false,
    purchaseTime: null,
    totalOdds: 12.5,
    odds: 12.5,
    price: 1500,
    category: 'football',
    urgency: 'high',
    urgencyTag: 'Starts soon',
    confidence: 88,
    successRate: 75,
    bookmaker: 'SportyBet',
    bookmakerUrl: 'https://www.sportybet.com/ng/',
    expiresAt: '2099-03-01T17:00:00.000Z',
    postedAt: '2025-03-01T08:00:00.000Z',
    createdAt: '2025-03-01T08:00:00.000Z',
    adminNote: null,
    slotLimit: 50,
    slotsLeft: 20,
    soldOut: false,
    buyerCount: 12,
    result: 'pending',
    teamA: 'Arsenal',
    teamB: 'Chelsea',
    league: 'Premier League',
    kickoff: '2099-03-01T16:00:00.000Z',
    games: [
      {
        teamA: 'Arsenal',
        teamB: 'Chelsea',
        league: 'Premier League',
        kickoff: '2099-03-01T16:00:00.000Z',
        prediction: 'Home win',
        odds: 2.1,
        score: null,
        outcome: null,
        matchId: 'match-1',
        live: { status: 'scheduled', minute: null, score: null },
      },
    ],
    realBuyerCount: 12,
    revenue: 18000,
    settledAt: null,
    ...overrides,
  };
}

/** Ids of rollover plans and tips are UUIDs (the API and the plan filter check them). */
export const planIds = {
  daily: '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  weekend: '7a2b3c4d-1e2f-4a3b-9c4d-5e6f7a8b9c0d',
} as const;
export const tipIds = {
  first: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
} as const;

/** A rollover plan as the admin API sends it: figures of real subscribers, revenue and results. */
export function adminRolloverPlan(overrides: Partial<AdminRolloverPlan> = {}): AdminRolloverPlan {
  return {
    _id: planIds.daily,
    name: 'Daily 2 odds',
    description: 'Two safe odds every day.',
    price: 5000,
    duration: 7,
    odds: 2,
    slotLimit: 50,
    postLimit: 1,
    active: true,
    subscriberCount: 12,
    slotsLeft: 38,
    successRate: 66.7,
    settledTips: 6,
    demo: false,
    createdAt: '2025-02-01T08:00:00.000Z',
    updatedAt: '2025-02-01T08:00:00.000Z',
    activeSubscribers: 12,
    totalSubscriptions: 40,
    revenue: 200000,
    wonTips: 4,
    lostTips: 2,
    ...overrides,
  };
}

/** A rollover tip as the admin API sends it, unlocked. */
export function adminRolloverTip(overrides: Partial<AdminRolloverTip> = {}): AdminRolloverTip {
  return {
    _id: tipIds.first,
    planId: planIds.daily,
    planName: 'Daily 2 odds',
    plan: {
      _id: planIds.daily,
      name: 'Daily 2 odds',
      odds: 2,
      slotLimit: 50,
      subscriberCount: 12,
      slotsLeft: 38,
    },
    day: '2025-03-01',
    games: [
      {
        teamA: 'Arsenal',
        teamB: 'Chelsea',
        league: 'Premier League',
        kickoff: '2025-03-01T16:00:00.000Z',
        prediction: 'Over 1.5 goals',
        odds: 1.45,
        bookmaker: 'SportyBet',
        score: null,
        outcome: null,
        matchId: 'match-1',
        live: { status: 'scheduled', minute: null, score: null },
      },
      {
        teamA: 'Lyon',
        teamB: 'Nice',
        league: 'Ligue 1',
        kickoff: '2025-03-01T19:45:00.000Z',
        prediction: 'Lyon or draw',
        odds: 1.41,
        bookmaker: null,
        score: null,
        outcome: null,
        matchId: 'match-1',
        live: { status: 'scheduled', minute: null, score: null },
      },
    ],
    gameCount: 2,
    bookingCode: 'RO2X001',
    code: 'RO2X001',
    bookmaker: 'SportyBet',
    totalOdds: 2.04,
    odds: 2.04,
    expiresAt: '2025-03-01T15:30:00.000Z',
    note: null,
    confidence: 85,
    result: 'pending',
    locked: false,
    demo: false,
    createdAt: '2025-03-01T08:00:00.000Z',
    settledAt: null,
    updatedAt: '2025-03-01T08:00:00.000Z',
    ...overrides,
  };
}

/** A notification an admin sent, as GET /api/admin/notifications lists it: a broadcast unless told otherwise. */
export function adminNotification(overrides: Partial<AdminNotification> = {}): AdminNotification {
  return {
    _id: 'c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f',
    title: 'Weekend rollover is live',
    message: 'Two safe odds every day this weekend. Subscribe before Saturday noon.',
    type: 'info',
    link: '/my-rollover',
    audience: 'broadcast',
    audienceLabel: null,
    recipients: 1,
    createdAt: '2025-03-01T09:00:00.000Z',
    createdBy: 'admin@example.com',
    ...overrides,
  };
}
