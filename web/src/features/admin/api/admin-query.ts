import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';

/** Rows per page of every admin table. */
export const ADMIN_PAGE_SIZE = 20;

/**
 * Query keys of the admin area. Mutations invalidate through these prefixes: `users()` covers the list,
 * each user's detail and ledger; `auditLog()` every page of the audit log.
 */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (params: object) => [...adminKeys.users(), 'list', params] as const,
  user: (id: string) => [...adminKeys.users(), 'detail', id] as const,
  userTransactions: (id: string, params: object) =>
    [...adminKeys.users(), 'transactions', id, params] as const,
  bookingCodes: () => [...adminKeys.all, 'booking-codes'] as const,
  bookingCodeList: (params: object) => [...adminKeys.bookingCodes(), 'list', params] as const,
  bookingCode: (id: string) => [...adminKeys.bookingCodes(), 'detail', id] as const,
  bookingCodeBuyers: (id: string) => [...adminKeys.bookingCodes(), 'buyers', id] as const,
  rolloverPlans: () => [...adminKeys.all, 'rollover-plans'] as const,
  rolloverPlanList: () => [...adminKeys.rolloverPlans(), 'list'] as const,
  rolloverPlan: (id: string) => [...adminKeys.rolloverPlans(), 'detail', id] as const,
  rolloverTips: () => [...adminKeys.all, 'rollover-tips'] as const,
  rolloverTipList: (params: object) => [...adminKeys.rolloverTips(), 'list', params] as const,
  rolloverTip: (id: string) => [...adminKeys.rolloverTips(), 'detail', id] as const,
  freeTips: () => [...adminKeys.all, 'free-tips'] as const,
  freeTipList: (params: object) => [...adminKeys.freeTips(), 'list', params] as const,
  freeTip: (id: string) => [...adminKeys.freeTips(), 'detail', id] as const,
  matches: () => [...adminKeys.all, 'matches'] as const,
  matchList: (params: object) => [...adminKeys.matches(), 'list', params] as const,
  match: (id: string) => [...adminKeys.matches(), 'detail', id] as const,
  /** The game editor's match picker: registered matches not yet played, by text. */
  matchSearch: (q: string) => [...adminKeys.matches(), 'search', q] as const,
  /** The football data provider's standing (calls left, last sync, errors, counts). */
  footballStatus: () => [...adminKeys.all, 'football', 'status'] as const,
  /** Provider fixtures waiting to be linked to a registered match or registered as their own. */
  linkQuestions: () => [...adminKeys.all, 'football', 'link-questions'] as const,
  toSettle: () => [...adminKeys.all, 'to-settle'] as const,
  toSettleList: (params: object) => [...adminKeys.toSettle(), 'list', params] as const,
  siteSettings: () => [...adminKeys.all, 'site-settings'] as const,
  tipRecord: () => [...adminKeys.all, 'tip-record'] as const,
  deposits: () => [...adminKeys.all, 'deposits'] as const,
  depositList: (params: object) => [...adminKeys.deposits(), 'list', params] as const,
  /** The withdrawals queue (every status and user filter) and each user's withdrawals on their page. */
  withdrawals: () => [...adminKeys.all, 'withdrawals'] as const,
  withdrawalList: (params: object) => [...adminKeys.withdrawals(), 'list', params] as const,
  auditLog: () => [...adminKeys.all, 'audit-log'] as const,
  auditLogList: (params: object) => [...adminKeys.auditLog(), 'list', params] as const,
  /** The match model's views: suggestions (every page and filter) and the calibration; a refit touches both. */
  predictions: () => [...adminKeys.all, 'predictions'] as const,
  suggestionList: (params: object) => [...adminKeys.predictions(), 'suggestions', params] as const,
  calibration: () => [...adminKeys.predictions(), 'calibration'] as const,
};

/**
 * After a result changed anywhere (a score recorded, an item settled by hand): every screen that shows
 * results refetches — matches and their waiting items, the to-settle queue, the items of every kind (a
 * score settles codes, rollover tips and free tips at once), plan records, the free tips' record and
 * the audit log.
 */
export function resultsChanged(queryClient: QueryClient): void {
  for (const queryKey of [
    adminKeys.matches(),
    adminKeys.toSettle(),
    adminKeys.bookingCodes(),
    adminKeys.rolloverTips(),
    adminKeys.rolloverPlans(),
    adminKeys.freeTips(),
    adminKeys.tipRecord(),
    adminKeys.auditLog(),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** A 4xx answer (forbidden, not found, invalid filter) will not change on a second try; outages might. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

/** `?a=1&b=x` from the defined, non-empty values; '' when nothing is left. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
