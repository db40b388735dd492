import { publicPageTitle, SITE_NAME, SITE_TITLE } from '@cashtips/contract/plain/page-titles';
import { paths } from '../config/paths.ts';

/*
 * The one table of tab titles (what the browser's tab, its history and screen readers name on moving to a
 * screen). The public pages' titles are the contract's (`plain/page-titles.ts`), which the server also
 * writes into their HTML; every other screen is named here, by the route patterns of session-routes.tsx
 * and admin-routes.tsx. `usePageTitle` (page-title.tsx) applies it on every screen but the landing page,
 * whose title is the site's and whose JavaScript has no room for this table (decision 003).
 */

/** Signed-in screens and the sign-in steps that are not public pages: "Wallet · CashTips". */
const screenNames: readonly (readonly [pattern: string, name: string])[] = [
  [paths.resetPassword, 'Reset your password'],
  [paths.verifyOtp, 'Verify your email'],
  [paths.dashboard, 'Dashboard'],
  [paths.profile, 'Profile'],
  [paths.wallet, 'Wallet'],
  [paths.referral, 'Referrals'],
  [paths.paymentReturn, 'Payment'],
  [`${paths.bookingCodes}/:id`, 'Booking code'],
  [paths.myCodes, 'My Codes'],
  [paths.checkCode, 'Check a booking code'],
  [`${paths.booking}/:id`, 'Your booking code'],
  [paths.buyCodes, 'Booking Code Market'],
  [paths.subscribe, 'Rollover Plans'],
  [`${paths.subscribe}/:id`, 'Rollover plan'],
  [paths.rolloverPlans, 'All Rollover Plans'],
  [paths.rollover, 'Rollover Tips'],
  [paths.myRollover, "Today's Tips"],
  [paths.notifications, 'Notifications'],
  [paths.activity, 'Activity'],
  [paths.quickActions, 'Quick Actions'],
];

/**
 * The admin area's screens (the same words as their headings), by their paths under /admin as
 * admin-routes.tsx mounts them: "Users · Admin · CashTips".
 */
const adminScreenNames: readonly (readonly [pattern: string, name: string])[] = (
  [
    ['', 'Overview'],
    ['users', 'Users'],
    ['users/:id', 'User'],
    ['booking-codes', 'Booking codes'],
    ['booking-codes/new', 'New booking code'],
    ['booking-codes/:id', 'Booking code'],
    ['rollover-plans', 'Rollover plans'],
    ['rollover-plans/new', 'New rollover plan'],
    ['rollover-plans/:id', 'Rollover plan'],
    ['rollover-tips', 'Rollover tips'],
    ['rollover-tips/new', 'New rollover tip'],
    ['rollover-tips/:id', 'Rollover tip'],
    ['free-tips', 'Free tips'],
    ['free-tips/new', 'New free tip'],
    ['free-tips/:id', 'Free tip'],
    ['matches', 'Match results'],
    ['matches/:id', 'Match'],
    ['suggestions', 'Suggestions'],
    ['model', 'Model'],
    ['to-settle', 'To settle'],
    ['settings', 'Site settings'],
    ['deposits', 'Deposits'],
    ['withdrawals', 'Withdrawals'],
    ['notifications', 'Notifications'],
    ['audit', 'Audit log'],
  ] as const
).map(([relative, name]) => [relative ? `${paths.admin}/${relative}` : paths.admin, name] as const);

const NOT_FOUND = 'Page not found';

/**
 * Whether `pathname` is the route `pattern` ('/booking-codes/:id'), a trailing slash allowed, letters in
 * any case (as the router matches). Written
 * here, not the router's `matchPath`: importing that exports it from the `react` chunk, which the
 * landing page loads (decision 003).
 */
function matches(pattern: string, pathname: string): boolean {
  const expected = pattern.split('/');
  const actual = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).split('/');
  return (
    expected.length === actual.length &&
    expected.every((part, index) =>
      part.startsWith(':') ? actual[index] !== '' : part === actual[index]?.toLowerCase(),
    )
  );
}

const nameOf = (table: typeof screenNames, pathname: string) =>
  table.find(([pattern]) => matches(pattern, pathname))?.[1];

const inAdminArea = (pathname: string) => pathname === paths.admin || pathname.startsWith(`${paths.admin}/`);

/**
 * The tab title of the screen at `pathname`. `name` is what a screen showing one item calls it (an
 * admin's user by their name), in place of the table's word for the kind of screen; public pages keep
 * their own title (their HTML's).
 */
export function pageTitle(pathname: string, name?: string): string {
  if (pathname === paths.landing) return SITE_TITLE;
  if (inAdminArea(pathname))
    return `${name ?? nameOf(adminScreenNames, pathname) ?? NOT_FOUND} · Admin · ${SITE_NAME}`;
  const publicTitle = publicPageTitle(pathname);
  if (publicTitle && !name) return publicTitle;
  return `${name ?? nameOf(screenNames, pathname) ?? NOT_FOUND} · ${SITE_NAME}`;
}
