import type { ItemKind } from '@cashtips/contract/matches';
import { paths } from '../../../config/paths.ts';

/** Screens of the admin area; the route table in app/admin mounts them under `paths.admin`. */
export const adminPaths = {
  /** The admin's first screen: figures, charts and what waits. */
  overview: paths.admin,
  users: `${paths.admin}/users`,
  user: (id: string) => `${paths.admin}/users/${encodeURIComponent(id)}`,
  bookingCodes: `${paths.admin}/booking-codes`,
  newBookingCode: `${paths.admin}/booking-codes/new`,
  bookingCode: (id: string) => `${paths.admin}/booking-codes/${encodeURIComponent(id)}`,
  rolloverPlans: `${paths.admin}/rollover-plans`,
  newRolloverPlan: `${paths.admin}/rollover-plans/new`,
  rolloverPlan: (id: string) => `${paths.admin}/rollover-plans/${encodeURIComponent(id)}`,
  rolloverTips: `${paths.admin}/rollover-tips`,
  newRolloverTip: `${paths.admin}/rollover-tips/new`,
  rolloverTip: (id: string) => `${paths.admin}/rollover-tips/${encodeURIComponent(id)}`,
  freeTips: `${paths.admin}/free-tips`,
  newFreeTip: `${paths.admin}/free-tips/new`,
  freeTip: (id: string) => `${paths.admin}/free-tips/${encodeURIComponent(id)}`,
  matches: `${paths.admin}/matches`,
  match: (id: string) => `${paths.admin}/matches/${encodeURIComponent(id)}`,
  /** Matches whose result waits for an admin: the provider's figures disagree, or a held match is over. */
  waitingMatches: `${paths.admin}/matches?view=waiting-admin`,
  /** The match model's priced upcoming matches, and its calibration and running RPS. */
  suggestions: `${paths.admin}/suggestions`,
  model: `${paths.admin}/model`,
  toSettle: `${paths.admin}/to-settle`,
  settings: `${paths.admin}/settings`,
  deposits: `${paths.admin}/deposits`,
  /** Withdrawals to banks: the review queue by default (PRODUCT 11). */
  withdrawals: `${paths.admin}/withdrawals`,
  notifications: `${paths.admin}/notifications`,
  audit: `${paths.admin}/audit`,
} as const;

/** The admin screen of an item that has games on matches: a booking code, a rollover tip or a free tip. */
export function itemPath(kind: ItemKind, id: string): string {
  if (kind === 'code') return adminPaths.bookingCode(id);
  if (kind === 'rollover') return adminPaths.rolloverTip(id);
  return adminPaths.freeTip(id);
}
