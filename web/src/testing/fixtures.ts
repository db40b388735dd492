import type { User } from '@cashtips/contract/auth';
import { storageKeys } from '../lib/storage-keys.ts';

export const testUser: User = {
  _id: 'u_1',
  id: 'u_1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Obi',
  fullName: 'Ada Obi',
  username: null,
  phone: '2348012345678',
  role: 'user',
  emailVerified: true,
  referralCode: 'ADA123',
  telegramId: null,
  telegramUsername: null,
  telegramNotifications: true,
  twoFactorEnabled: false,
  displayCurrency: null,
  restriction: null,
  mainWallet: 1500,
  bonusWallet: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** A signed-in visitor as a previous visit left local storage. */
export function storeSession(token = 'tok_123', user: User = testUser): void {
  window.localStorage.setItem(storageKeys.token, token);
  window.localStorage.setItem(storageKeys.authToken, token);
  window.localStorage.setItem(storageKeys.user, JSON.stringify(user));
}
