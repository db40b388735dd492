import type { User } from '@cashtips/contract/auth';
import type { RatesResponse } from '@cashtips/contract/currency';
import {
  type Bank,
  type PayoutAccount,
  payoutMessages,
  type Withdrawal,
  type WithdrawalsResponse,
  type WithdrawOptionsResponse,
} from '@cashtips/contract/payouts';
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
  maximumDepositLimit: null,
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

export const banks: Bank[] = [
  { code: '044', name: 'Access Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '999992', name: 'OPay' },
];

/** The server's 400 for a wrong password (saving a payout account, closing an account): the sentence on its field. */
export const wrongPasswordReply = {
  status: 400,
  body: {
    success: false,
    code: 'INVALID_CREDENTIALS',
    message: payoutMessages.wrongPassword,
    errors: [{ field: 'password', message: payoutMessages.wrongPassword }],
  },
};

export const payoutAccount = (overrides: Partial<PayoutAccount> = {}): PayoutAccount => ({
  bankCode: '058',
  bankName: 'Guaranty Trust Bank',
  accountNumber: '******1234',
  accountName: 'ADA OBI',
  availableAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const withdrawOptions = (
  overrides: Partial<WithdrawOptionsResponse> = {},
): WithdrawOptionsResponse => ({
  success: true,
  enabled: true,
  minimum: 1000,
  dailyMaximum: 500_000,
  dailyLeft: 500_000,
  reviewFrom: 50_000,
  ...overrides,
});

export const withdrawal = (index: number, overrides: Partial<Withdrawal> = {}): Withdrawal => ({
  _id: `w_${index}`,
  amount: 1000 * index,
  status: 'processing',
  reference: `wd_0000000000000${index}`.slice(0, 20),
  bankName: 'Guaranty Trust Bank',
  accountNumber: '******1234',
  accountName: 'ADA OBI',
  createdAt: '2026-03-03T13:05:00.000Z',
  updatedAt: '2026-03-03T13:05:00.000Z',
  reason: null,
  ...overrides,
});

export const withdrawalsPage = (
  page: number,
  withdrawals: Withdrawal[],
  total: number,
  limit = 10,
): WithdrawalsResponse => ({
  success: true,
  withdrawals,
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
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
    'GET /api/wallet/payout-account': { body: { success: true, account: null } },
    'GET /api/wallet/banks': { body: { success: true, banks } },
    'GET /api/wallet/withdraw-options': { body: withdrawOptions() },
    'GET /api/wallet/withdrawals': { body: withdrawalsPage(1, [], 0) },
    'GET /api/rates': { body: rates },
    'GET /api/geo': { body: { success: true, countryCode: 'ng', currency: 'NGN' } },
    ...routes,
  });
}
