import type { User } from '@cashtips/contract/auth';
import { type CurrencyCode, isSupportedCurrency } from '@cashtips/contract/currency';
import { koboToNaira } from '@cashtips/contract/money';
import type { Restriction } from '@cashtips/contract/protection';
import { type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { WalletBalances } from '../ledger/ledger.ts';
import type { UserRow } from './users.repository.ts';

/** The saved display currency, when it is one we support (null follows the visitor's location). */
export const displayCurrencyOf = (user: Pick<UserRow, 'displayCurrency'>): CurrencyCode | null =>
  isSupportedCurrency(user.displayCurrency) ? user.displayCurrency : null;

/**
 * The time-out or self-exclusion in force at `now`, or null: the one reading of the user's
 * restriction that every money route, delivery channel and answer goes through (PRODUCT 13).
 */
export function restrictionOf(
  user: Pick<UserRow, 'restrictionKind' | 'restrictedUntil'>,
  now: Date,
): Restriction | null {
  return user.restrictionKind && user.restrictedUntil && user.restrictedUntil > now
    ? { kind: user.restrictionKind, until: user.restrictedUntil.toISOString() }
    : null;
}

/** `restrictionOf`'s rule in SQL, on the `users` row in scope: a restriction still running at `now`. */
export const restrictedAt = (now: Date): SQL =>
  sql`${users.restrictedUntil} > ${now.toISOString()}::timestamptz`;

/** Its negation: users not on a time-out or self-exclusion at `now` (a condition on `users`). */
export const notRestrictedAt = (now: Date): SQL =>
  sql`(${users.restrictedUntil} is null or not ${restrictedAt(now)})`;

/** The only shape in which a user leaves the server: an allow-list, never the row itself. */
export function toUserView(user: UserRow, balances: WalletBalances, now: Date): User {
  return {
    _id: user.id,
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`,
    username: user.username,
    phone: user.phone,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
    referralCode: user.referralCode,
    telegramId: user.telegramId,
    telegramUsername: user.telegramUsername,
    telegramNotifications: user.telegramNotifications,
    twoFactorEnabled: user.twoFactorEnabledAt !== null,
    displayCurrency: displayCurrencyOf(user),
    restriction: restrictionOf(user, now),
    mainWallet: koboToNaira(balances.mainKobo),
    bonusWallet: koboToNaira(balances.bonusKobo),
    createdAt: user.createdAt.toISOString(),
  };
}
