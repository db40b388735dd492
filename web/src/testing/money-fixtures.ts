import type { User } from '@cashtips/contract/auth';
import type { RatesResponse } from '@cashtips/contract/currency';
import type { ReferralsResponse } from '@cashtips/contract/referrals';
import type {
  DepositResponse,
  PaymentOptionsResponse,
  WalletTransaction,
  WalletTransactionsResponse,
} from '@cashtips/contract/wallet';
import { storeSession, testUser } from './fixtures.ts';
import { type MockRoute, mockApi } from './mock-api.ts';

export const paymentOptions = (overrides: Partial<PaymentOptionsResponse> = {}): PaymentOptionsResponse => ({
  success: true,
  providers: [{ id: 'dev', label: 'Test payment', description: 'Confirms at once (development only).' }],
  minimumDeposit: 100,
  maximumDeposit: 1_000_000,
  minimumBonusWithdrawal: 1000,
  ...overrides,
});

export const depositAnswer = (overrides: Partial<DepositResponse> = {}): DepositResponse => ({
  success: true,
  message: 'Deposit confirmed.',
  reference: 'dep_0001abcd',
  provider: 'dev',
  status: 'success',
  authorizationUrl: null,
  mainWallet: 6500,
  bonusWallet: 0,
  ...overrides,
});

export const rates: RatesResponse = {
  success: true,
  base: 'NGN',
  rates: { NGN: 1, USD: 0.0008, GBP: 0.0005, EUR: 0.0007 },
  updatedAt: '2026-03-01T00:00:00.000Z',
  source: 'live',
};

export const transaction = (
  index: number,
  overrides: Partial<WalletTransaction> = {},
): WalletTransaction => ({
  _id: `tx_${index}`,
  type: 'deposit',
  wallet: 'main',
  amount: 1000 * index,
  description: `Deposit number ${index}`,
  reference: `ref_${index}`,
  createdAt: '2026-03-03T13:05:00.000Z',
  ...overrides,
});

export const transactionsPage = (
  page: number,
  transactions: WalletTransaction[],
  total: number,
  limit = 10,
): WalletTransactionsResponse => ({
  success: true,
  transactions,
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
});

export const referralsAnswer = (overrides: Partial<ReferralsResponse> = {}): ReferralsResponse => ({
  success: true,
  referralCode: 'ADA123',
  referralLink: 'http://localhost:3000/register?ref=ADA123',
  totalReferrals: 3,
  activeReferrals: 2,
  totalEarnings: 4000,
  pendingEarnings: 500,
  bonusBalance: 0,
  minimumWithdrawal: 1000,
  bonusPercent: 10,
  bonusCap: 5000,
  referrals: [
    { _id: 'r1', name: 'Bola A.', joinedAt: '2026-02-10T09:00:00.000Z', status: 'active', earned: 1000 },
    { _id: 'r2', name: 'Chidi E.', joinedAt: '2026-02-12T09:00:00.000Z', status: 'pending', earned: 0 },
  ],
  ...overrides,
});

/**
 * A signed-in visit: a stored session the server confirms, with the given wallets, plus `routes`. Money
 * endpoints the test does not name answer empty, like a new account's.
 */
export function signedInApi(routes: Record<string, MockRoute> = {}, user: Partial<User> = {}) {
  const me = { ...testUser, ...user };
  storeSession('tok_123', me);
  return mockApi({
    'GET /api/auth/me': { body: { success: true, user: me } },
    'POST /api/auth/logout': { body: { success: true, message: 'Logged out.' } },
    'GET /api/wallets/balance': {
      body: { success: true, mainWallet: me.mainWallet, bonusWallet: me.bonusWallet, wallet: me.mainWallet },
    },
    'GET /api/payments/options': { body: paymentOptions() },
    'GET /api/users/referrals': { body: referralsAnswer({ bonusBalance: me.bonusWallet }) },
    'GET /api/wallet/transactions': { body: transactionsPage(1, [], 0) },
    'GET /api/rates': { body: rates },
    'GET /api/geo': { body: { success: true, countryCode: 'ng', currency: 'NGN' } },
    ...routes,
  });
}
