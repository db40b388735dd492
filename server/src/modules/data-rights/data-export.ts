import { type DataExport, MONEY_RECORDS_KEPT_YEARS } from '@cashtips/contract/data-rights';
import { koboToNaira } from '@cashtips/contract/money';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  activityItems,
  auditLog,
  bookingCodes,
  codePurchases,
  depositLimits,
  deposits,
  ledgerEntries,
  ledgerTransactions,
  notifications,
  payoutAccounts,
  pushSubscriptions,
  rolloverPlans,
  rolloverSubscriptions,
  sessions,
  twoFactorRecoveryCodes,
  users,
  withdrawals,
} from '../../db/schema/index.ts';
import { getWalletBalances } from '../ledger/ledger.ts';
import { displayCurrencyOf, restrictionOf } from '../users/user-view.ts';
import type { UserRow } from '../users/users.repository.ts';
import { shownReference } from '../wallet/wallet-history.ts';

const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null) => at?.toISOString() ?? null;

/** Only where a browser's notifications are sent: the endpoint's path is a capability, its keys are secrets. */
function pushServiceOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'unknown';
  }
}

const ABOUT = `Everything CashTips holds about your account, as of the time above. Amounts are in naira. If you close your account, your name, email, phone, username and referral code are erased; money records (wallet entries, deposits, withdrawals, purchases and subscriptions) are kept for ${MONEY_RECORDS_KEPT_YEARS} years without them, as the law on financial records requires.`;

/**
 * Everything the product holds about one user (PRODUCT 13), read as one query per kind of record
 * (a fixed number, however long the history): each filtered by the user's own id, so another user's
 * rows cannot appear, and each mapped field by field, so a secret column cannot either.
 */
export async function collectDataExport(db: Executor, user: UserRow, now: Date): Promise<DataExport> {
  const userId = user.id;
  const [
    sessionRows,
    pushRows,
    balances,
    ledgerRows,
    depositRows,
    payoutAccountRows,
    withdrawalRows,
    purchaseRows,
    subscriptionRows,
    notificationRows,
    activityRows,
    limitRows,
    [recoveryCodes],
    [referred],
    auditRows,
  ] = await Promise.all([
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt)),
    db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt)),
    getWalletBalances(db, userId),
    db
      .select({ entry: ledgerEntries, transaction: ledgerTransactions })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerEntries.walletUserId, userId))
      .orderBy(asc(ledgerEntries.id)),
    db.select().from(deposits).where(eq(deposits.userId, userId)).orderBy(asc(deposits.createdAt)),
    db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, userId))
      .orderBy(asc(payoutAccounts.createdAt)),
    db
      .select({ withdrawal: withdrawals, account: payoutAccounts })
      .from(withdrawals)
      .innerJoin(payoutAccounts, eq(payoutAccounts.id, withdrawals.payoutAccountId))
      .where(eq(withdrawals.userId, userId))
      .orderBy(asc(withdrawals.createdAt)),
    db
      .select({ purchase: codePurchases, code: bookingCodes })
      .from(codePurchases)
      .innerJoin(bookingCodes, eq(bookingCodes.id, codePurchases.codeId))
      .where(eq(codePurchases.userId, userId))
      .orderBy(asc(codePurchases.createdAt)),
    db
      .select({ subscription: rolloverSubscriptions, planName: rolloverPlans.name })
      .from(rolloverSubscriptions)
      .innerJoin(rolloverPlans, eq(rolloverPlans.id, rolloverSubscriptions.planId))
      .where(eq(rolloverSubscriptions.userId, userId))
      .orderBy(asc(rolloverSubscriptions.startedAt)),
    // Personal notifications only: broadcasts went to everyone and are not about the user.
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.seq)),
    db.select().from(activityItems).where(eq(activityItems.userId, userId)).orderBy(asc(activityItems.seq)),
    db
      .select()
      .from(depositLimits)
      .where(eq(depositLimits.userId, userId))
      .orderBy(asc(depositLimits.createdAt)),
    db
      .select({ value: count() })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt))),
    db.select({ value: count() }).from(users).where(eq(users.referredByUserId, userId)),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)))
      .orderBy(asc(auditLog.seq)),
  ]);

  return {
    success: true,
    exportedAt: iso(now),
    about: ABOUT,
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      username: user.username,
      role: user.role,
      emailVerifiedAt: isoOrNull(user.emailVerifiedAt),
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
      closedAt: isoOrNull(user.closedAt),
    },
    preferences: {
      emailNotifications: user.emailNotifications,
      pushNotifications: user.pushNotifications,
      telegramNotifications: user.telegramNotifications,
      communityVisible: user.communityVisible,
      displayCurrency: displayCurrencyOf(user),
    },
    security: {
      twoFactorEnabledAt: isoOrNull(user.twoFactorEnabledAt),
      recoveryCodesLeft: recoveryCodes?.value ?? 0,
    },
    telegram: user.telegramId
      ? { telegramId: user.telegramId, telegramUsername: user.telegramUsername }
      : null,
    sessions: sessionRows.map((row) => ({
      createdAt: iso(row.createdAt),
      lastSeenAt: iso(row.lastSeenAt),
      expiresAt: iso(row.expiresAt),
      endedAt: isoOrNull(row.revokedAt),
      ip: row.ip,
      userAgent: row.userAgent,
    })),
    pushSubscriptions: pushRows.map((row) => ({
      pushService: pushServiceOf(row.endpoint),
      userAgent: row.userAgent,
      createdAt: iso(row.createdAt),
      lastSentAt: isoOrNull(row.lastSentAt),
    })),
    wallets: { mainWallet: koboToNaira(balances.mainKobo), bonusWallet: koboToNaira(balances.bonusKobo) },
    ledgerEntries: ledgerRows.map(({ entry, transaction }) => ({
      transactionId: transaction.id,
      kind: transaction.kind,
      wallet: entry.walletKind ?? 'main',
      amount: koboToNaira(entry.amountKobo),
      description: transaction.description,
      reference: shownReference(transaction.kind, transaction.reference),
      createdAt: iso(entry.createdAt),
    })),
    deposits: depositRows.map((row) => ({
      reference: row.reference,
      provider: row.provider,
      amount: koboToNaira(row.amountKobo),
      currency: row.currency,
      status: row.status,
      failureReason: row.failureReason,
      createdAt: iso(row.createdAt),
      confirmedAt: isoOrNull(row.confirmedAt),
    })),
    payoutAccounts: payoutAccountRows.map((row) => ({
      bankName: row.bankName,
      accountNumber: row.accountNumber,
      accountName: row.accountName,
      createdAt: iso(row.createdAt),
      replacedAt: isoOrNull(row.replacedAt),
    })),
    withdrawals: withdrawalRows.map(({ withdrawal, account }) => ({
      reference: withdrawal.reference,
      amount: koboToNaira(withdrawal.amountKobo),
      status: withdrawal.status,
      reason: withdrawal.reason,
      bankName: account.bankName,
      accountNumber: account.accountNumber,
      createdAt: iso(withdrawal.createdAt),
      paidAt: isoOrNull(withdrawal.paidAt),
    })),
    purchases: purchaseRows.map(({ purchase, code }) => ({
      bookmaker: code.bookmaker,
      // The user bought it: theirs to keep a copy of.
      bookingCode: code.code,
      price: koboToNaira(purchase.priceKobo),
      walletType: purchase.walletType,
      createdAt: iso(purchase.createdAt),
      hiddenAt: isoOrNull(purchase.hiddenAt),
    })),
    subscriptions: subscriptionRows.map(({ subscription, planName }) => ({
      planName,
      price: koboToNaira(subscription.priceKobo),
      walletType: subscription.walletType,
      durationDays: subscription.durationDays,
      startedAt: iso(subscription.startedAt),
      expiresAt: iso(subscription.expiresAt),
    })),
    notifications: notificationRows.map((row) => ({
      title: row.title,
      message: row.message,
      type: row.type,
      link: row.link,
      createdAt: iso(row.createdAt),
      readAt: isoOrNull(row.readAt),
    })),
    activity: activityRows.map((row) => ({
      title: row.title,
      description: row.description,
      createdAt: iso(row.createdAt),
    })),
    depositLimits: limitRows.map((row) => ({
      period: row.period,
      amount: row.amountKobo === null ? null : koboToNaira(row.amountKobo),
      effectiveAt: iso(row.effectiveAt),
      createdAt: iso(row.createdAt),
    })),
    restriction: restrictionOf(user, now),
    referrals: {
      referralCode: user.referralCode,
      referredByCode: user.referredByCode,
      referredUsers: referred?.value ?? 0,
    },
    auditEntries: auditRows.map((row) => ({
      action: row.action,
      byAdmin: row.actorUserId !== null && row.actorUserId !== userId,
      before: row.before,
      after: row.after,
      reason: row.reason,
      createdAt: iso(row.createdAt),
    })),
  };
}
