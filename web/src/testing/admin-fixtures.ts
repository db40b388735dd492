import type { AdminDeposit, AdminUser, AdminUserDetailResponse, AuditEntry } from '@cashtips/contract/admin';
import type { User } from '@cashtips/contract/auth';
import type { AdminBookingCode } from '@cashtips/contract/booking-codes';
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
    before: { mainWallet: 12000, bonusWallet: 250 },
    after: { mainWallet: 7000, bonusWallet: 250 },
    reason: 'Refund of a duplicate deposit',
    createdAt: '2025-03-02T12:00:00.000Z',
    ...overrides,
  };
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

/** A booking code as the admin API sends it: full code, real and fake buyers, revenue. */
export function adminBookingCode(overrides: Partial<AdminBookingCode> = {}): AdminBookingCode {
  return {
    _id: 'c_1',
    bookingCode: 'SB7X9K2',
    code: 'SB7X9K2',
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
    buyerCount: 42,
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
      },
    ],
    fakeBuyerEnabled: true,
    fakeBuyerCount: 30,
    realBuyerCount: 12,
    revenue: 18000,
    settledAt: null,
    ...overrides,
  };
}
