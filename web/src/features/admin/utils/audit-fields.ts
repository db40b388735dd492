import { urgencyLabels } from '@cashtips/contract/booking-codes';
import { describeLagosDay, isLagosDay } from '@cashtips/contract/lagos-time';
import { groupDigits } from '@cashtips/contract/plain/format';
import {
  codeResultLabels,
  depositStatusLabels,
  formatAmount,
  formatDateTime,
  formatOdds,
  matchStatusLabels,
  roleLabels,
  walletLabels,
} from './format.ts';

/**
 * How the audit log shows the fields the server records (the `auditShape`s of codes, plans, tips,
 * free tips, wallet adjustments, deposits, results, notifications and site settings): a label
 * for people, and each value in the form the rest of the admin area uses (naira, Lagos time, odds
 * with two decimals, percentages, the words of a status). A field recorded later that is not
 * listed here still reads as a sentence-case label and a plain value.
 */
type Kind =
  | 'money'
  | 'signed-money'
  | 'instant'
  | 'day'
  | 'odds'
  | 'percent'
  | 'probability'
  | 'days'
  | 'limit'
  | 'id'
  | 'words';

interface Field {
  label: string;
  kind?: Kind;
  /** For `words`: the stored word → what people read. */
  words?: Record<string, string>;
}

const statusWords: Record<string, string> = { ...depositStatusLabels, ...matchStatusLabels };

const fields: Record<string, Field> = {
  // Money and wallets.
  amount: { label: 'Amount', kind: 'signed-money' },
  price: { label: 'Price', kind: 'money' },
  mainWallet: { label: 'Main wallet', kind: 'money' },
  bonusWallet: { label: 'Bonus wallet', kind: 'money' },
  wallet: { label: 'Wallet', kind: 'words', words: walletLabels },
  role: { label: 'Role', kind: 'words', words: roleLabels },
  status: { label: 'Status', kind: 'words', words: statusWords },
  result: { label: 'Result', kind: 'words', words: codeResultLabels },
  // Items.
  code: { label: 'Booking code' },
  bookingCode: { label: 'Booking code' },
  category: { label: 'Category', kind: 'words', words: {} },
  totalOdds: { label: 'Total odds', kind: 'odds' },
  odds: { label: 'Target odds', kind: 'odds' },
  confidence: { label: 'Confidence', kind: 'percent' },
  modelProbability: { label: 'Model probability', kind: 'probability' },
  urgency: { label: 'Urgency', kind: 'words', words: urgencyLabels },
  urgencyTag: { label: 'Urgency tag' },
  adminNote: { label: 'Admin note' },
  slotLimit: { label: 'Slot limit', kind: 'limit' },
  postLimit: { label: 'Tips a day' },
  duration: { label: 'Duration', kind: 'days' },
  // Fields removed by PRODUCT 15 (no invented counts): kept so older audit entries still read in words.
  fakeBuyerEnabled: { label: 'Fake buyers shown' },
  fakeBuyerCount: { label: 'Fake buyers' },
  fakeSubscriberEnabled: { label: 'Fake subscribers shown' },
  fakeSubscriberCount: { label: 'Fake subscribers' },
  expiresAt: { label: 'Expires', kind: 'instant' },
  kickoff: { label: 'Kickoff', kind: 'instant' },
  day: { label: 'Day', kind: 'day' },
  planId: { label: 'Plan', kind: 'id' },
  matchId: { label: 'Match', kind: 'id' },
  games: { label: 'Games' },
  score: { label: 'Score' },
  // Notifications and site settings.
  link: { label: 'Link' },
  to: { label: 'Sent to' },
  users: { label: 'Users figure' },
  accuracy: { label: 'Accuracy figure' },
  satisfaction: { label: 'Satisfaction figure' },
  telegram: { label: 'Telegram link' },
  whatsapp: { label: 'WhatsApp link' },
};

/** `mainWallet` → 'Main wallet', `failure_reason` → 'Failure reason'. */
export function humaniseKey(key: string): string {
  if (!key) return 'Value';
  const words = key
    .replace(/[_.-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function auditFieldLabel(key: string): string {
  return fields[key]?.label ?? humaniseKey(key);
}

const upToTwoDecimals = (value: number) => groupDigits(value, 0, 2);
const percent = (value: number) => `${upToTwoDecimals(value)}%`;

/** Ids are UUIDs: the first block tells them apart at a glance. */
export function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

/** A plain (non-object) value of a field as people read it; '—' for nothing recorded. */
export function formatAuditValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') {
    return fields[key]?.kind === 'limit' ? 'No limit' : '—';
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const kind = fields[key]?.kind;
  if (typeof value === 'number') {
    switch (kind) {
      case 'money':
        return formatAmount(value);
      case 'signed-money':
        return value > 0 ? `+${formatAmount(value)}` : formatAmount(value);
      case 'odds':
        return formatOdds(value);
      case 'percent':
        return percent(value);
      case 'probability':
        return percent(value * 100);
      case 'days':
        return value === 1 ? '1 day' : `${upToTwoDecimals(value)} days`;
      default:
        return upToTwoDecimals(value);
    }
  }
  if (typeof value !== 'string') return String(value);
  switch (kind) {
    case 'instant':
      return formatDateTime(value);
    case 'day':
      return isLagosDay(value) ? describeLagosDay(value) : value;
    case 'id':
      return shortId(value);
    case 'words': {
      const word = fields[key]?.words?.[value];
      return word ?? value.charAt(0).toUpperCase() + value.slice(1);
    }
    default:
      return value;
  }
}
