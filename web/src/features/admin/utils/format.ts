import type { AuditEntry } from '@cashtips/contract/admin';
import type { UserRole } from '@cashtips/contract/auth';
import type { CodeResult } from '@cashtips/contract/booking-codes';
import { lagosClockTime } from '@cashtips/contract/lagos-time';
import type { ItemKind, MatchStatus } from '@cashtips/contract/matches';
import type { ReviewReason } from '@cashtips/contract/payouts';
import type { DepositStatus, PaymentProvider, WalletType } from '@cashtips/contract/wallet';
import { formatDate as formatLagosDate, formatLagosDateTime, formatNairaExact } from '../../../lib/format.ts';

/** Whole naira like balances (₦5,000); an amount with kobo keeps them (₦5,000.50): the app's own writer. */
export const formatAmount = formatNairaExact;

/** Ledger amounts: + for credits, − for debits. */
export function formatSignedAmount(amount: number): string {
  const text = formatAmount(Math.abs(amount));
  if (amount > 0) return `+${text}`;
  if (amount < 0) return `−${text}`;
  return text;
}

// Every date on the admin screens is Lagos time (each list says so once): the product's one formatter.
function toDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? formatLagosDateTime(iso) || '—' : '—';
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? formatLagosDate(iso) || '—' : '—';
}

export function formatTime(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? lagosClockTime(date) : '—';
}

/** Phones are stored as E.164 digits without the plus. */
export function formatPhone(phone: string): string {
  return /^\d+$/.test(phone) ? `+${phone}` : phone;
}

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export const walletLabels: Record<WalletType, string> = {
  main: 'Main wallet',
  bonus: 'Bonus wallet',
};

export const roleLabels: Record<UserRole, string> = {
  user: 'User',
  admin: 'Admin',
};

export const providerLabels: Record<PaymentProvider, string> = {
  paystack: 'Paystack',
  flutterwave: 'Flutterwave',
  nowpayments: 'NOWPayments',
  dev: 'Test provider',
};

/** Why a withdrawal waits for an admin (PRODUCT 11). */
export const reviewReasonLabels: Record<ReviewReason, string> = {
  first: 'First withdrawal',
  large: 'Large amount',
};

export const depositStatusLabels: Record<DepositStatus, string> = {
  pending: 'Pending',
  success: 'Successful',
  failed: 'Failed',
  abandoned: 'Abandoned',
};

const auditActionLabels: Record<string, string> = {
  'user.adjust': 'Wallet adjustment',
  'user.role': 'Role change',
  'deposit.verify': 'Deposit verification',
  'withdrawal.approve': 'Withdrawal approved',
  'withdrawal.reject': 'Withdrawal rejected',
  'code.create': 'Booking code created',
  'code.update': 'Booking code edited',
  'code.delete': 'Booking code deleted',
  'code.settle': 'Booking code settled',
  'plan.create': 'Rollover plan created',
  'plan.update': 'Rollover plan edited',
  'plan.delete': 'Rollover plan deleted',
  'rollover-tip.create': 'Rollover tip posted',
  'rollover-tip.update': 'Rollover tip edited',
  'rollover-tip.delete': 'Rollover tip deleted',
  'rollover-tip.settle': 'Rollover tip settled',
  'rollover-tip.settle.correct': 'Rollover tip result corrected',
  'code.settle.correct': 'Booking code result corrected',
  'free-tip.create': 'Free tip posted',
  'free-tip.update': 'Free tip edited',
  'free-tip.delete': 'Free tip deleted',
  'free-tip.settle': 'Free tip settled',
  'free-tip.settle.correct': 'Free tip result corrected',
  'match.result': 'Match result recorded',
  'match.result.correct': 'Match result corrected',
  'site.update': 'Site settings changed',
};

/** Known actions get a sentence-case name; an action added later on the server still shows its code. */
export function auditActionLabel(action: AuditEntry['action']): string {
  return auditActionLabels[action] ?? action;
}

export const codeResultLabels: Record<CodeResult, string> = {
  pending: 'Pending',
  won: 'Won',
  lost: 'Lost',
  void: 'Void',
};

export const codeStatusLabels = { active: 'Active', expired: 'Expired' } as const;

/** The known bookmakers as their brands write them (the contract keys are lower case). */
export const bookmakerNames: Record<string, string> = {
  sportybet: 'SportyBet',
  bet9ja: 'Bet9ja',
  '1xbet': '1xBet',
  betking: 'BetKing',
  betway: 'Betway',
  msport: 'MSport',
  nairabet: 'NairaBet',
  merrybet: 'MerryBet',
  bangbet: 'BangBet',
  '22bet': '22Bet',
};

/** Odds as bookmakers print them: two decimals (1.5 → 1.50). */
export function formatOdds(odds: number | null | undefined): string {
  return typeof odds === 'number' && Number.isFinite(odds) ? odds.toFixed(2) : '—';
}

/** A plan in a select: 'Daily 2 odds', or 'Weekend 5 odds (inactive)' once off sale. */
export function planOptionLabel(plan: { name: string; active: boolean }): string {
  return plan.active ? plan.name : `${plan.name} (inactive)`;
}

export const matchStatusLabels: Record<MatchStatus, string> = {
  scheduled: 'No result yet',
  finished: 'Finished',
  void: 'Void',
};

/** The kinds of item with games on matches, as a filter lists them. */
export const itemKindPluralLabels: Record<ItemKind, string> = {
  code: 'Booking codes',
  rollover: 'Rollover tips',
  free: 'Free tips',
};

/** The server names items in running text ('free tip Arsenal vs Chelsea'); a heading starts with a capital. */
export function sentenceStart(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * An item's name beside its kind label: the server's title with a capital, less a leading 'free tip'
 * (the label already says it): 'Arsenal vs Chelsea', 'Weekend Banker tip for Tue 24 Nov'.
 */
export function itemName(kind: ItemKind, title: string): string {
  const name = kind === 'free' ? title.replace(/^free tip\s+/i, '') : title;
  return sentenceStart(name);
}
