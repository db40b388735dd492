import { paths } from '../../../config/paths.ts';

/** Screens of the admin area; the route table in app/admin mounts them under `paths.admin`. */
export const adminPaths = {
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
  deposits: `${paths.admin}/deposits`,
  audit: `${paths.admin}/audit`,
} as const;
