import { paths } from '../config/paths.ts';
import { screenPaths } from '../config/screen-paths.ts';

export type NavIcon =
  | 'dashboard'
  | 'codes'
  | 'my-codes'
  | 'rollover'
  | 'todays-tips'
  | 'plans'
  | 'profile'
  | 'wallet'
  | 'referral'
  | 'free-tips'
  | 'live';

export interface NavItem {
  to: string;
  label: string;
  icon: NavIcon;
  /**
   * Where the item shows besides the side menu, which lists everything: the top bar from 1024 px
   * ('always') or only from 1280 px ('wide'), so that each label keeps to one line.
   */
  topBar?: 'always' | 'wide';
  userMenu?: boolean;
  /** Mobile bottom bar: a main slot (with a short label) or the More menu. */
  bottomBar?: { slot: 'main'; label: string } | { slot: 'more' };
}

/**
 * The one list of signed-in navigation. A screen that ships adds its line here, e.g.
 * `{ to: '/booking-codes', label: 'Booking Codes', icon: 'codes', topBar: 'always', bottomBar: { slot: 'main', label: 'Codes' } }`.
 * Only routes that exist are listed, so no bar ever shows a dead link.
 */
export const navItems: readonly NavItem[] = [
  {
    to: paths.dashboard,
    label: 'Dashboard',
    icon: 'dashboard',
    topBar: 'always',
    bottomBar: { slot: 'main', label: 'Dashboard' },
  },
  {
    to: paths.bookingCodes,
    label: 'Booking Codes',
    icon: 'codes',
    topBar: 'always',
    bottomBar: { slot: 'main', label: 'Codes' },
  },
  {
    to: paths.rollover,
    label: 'Rollover Tips',
    icon: 'todays-tips',
    topBar: 'always',
    bottomBar: { slot: 'main', label: 'Rollover' },
  },
  {
    to: paths.myCodes,
    label: 'My Codes',
    icon: 'my-codes',
    topBar: 'always',
    bottomBar: { slot: 'main', label: 'My Codes' },
  },
  // Spec part 1 names /my-rollover "Today's Tips": today's tip of each plan the user subscribes to.
  {
    to: paths.myRollover,
    label: "Today's Tips",
    icon: 'rollover',
    topBar: 'wide',
    bottomBar: { slot: 'more' },
  },
  {
    to: paths.subscribe,
    label: 'Rollover Plans',
    icon: 'plans',
    topBar: 'wide',
    bottomBar: { slot: 'more' },
  },
  { to: paths.free, label: 'Free Tips', icon: 'free-tips', topBar: 'wide', bottomBar: { slot: 'more' } },
  { to: paths.profile, label: 'Profile', icon: 'profile', userMenu: true, bottomBar: { slot: 'more' } },
  { to: paths.wallet, label: 'Wallet', icon: 'wallet', userMenu: true, bottomBar: { slot: 'more' } },
  { to: paths.referral, label: 'Referrals', icon: 'referral', userMenu: true, bottomBar: { slot: 'more' } },
  // Not among the top bar's links: at 1280 px its seven links fill the row (an eighth ran 60 px past
  // the edge). The top bar's account menu lists it at every width, as do the drawer and the bottom
  // bar's More.
  { to: screenPaths.live, label: 'Live Scores', icon: 'live', userMenu: true, bottomBar: { slot: 'more' } },
];

export const topBarItems = navItems.filter((item) => item.topBar);
export const userMenuItems = navItems.filter((item) => item.userMenu);
export const bottomBarItems = navItems.filter((item) => item.bottomBar?.slot === 'main');
export const moreMenuItems = navItems.filter((item) => item.bottomBar?.slot === 'more');
