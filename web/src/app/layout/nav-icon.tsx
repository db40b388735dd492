import type { SVGProps } from 'react';
import { BookmarkIcon } from '../../components/ui/icons/bookmark-icon.tsx';
import { CalendarIcon } from '../../components/ui/icons/calendar-icon.tsx';
import { GiftIcon } from '../../components/ui/icons/gift-icon.tsx';
import { HomeIcon } from '../../components/ui/icons/home-icon.tsx';
import { LayersIcon } from '../../components/ui/icons/layers-icon.tsx';
import { LiveIcon } from '../../components/ui/icons/live-icon.tsx';
import { SparkIcon } from '../../components/ui/icons/spark-icon.tsx';
import { TicketIcon } from '../../components/ui/icons/ticket-icon.tsx';
import { TrendingIcon } from '../../components/ui/icons/trending-icon.tsx';
import { UserIcon } from '../../components/ui/icons/user-icon.tsx';
import { WalletIcon } from '../../components/ui/icons/wallet-icon.tsx';
import type { NavIcon as NavIconName } from '../nav-items.ts';

const icons = {
  dashboard: HomeIcon,
  codes: TicketIcon,
  'my-codes': BookmarkIcon,
  rollover: TrendingIcon,
  'todays-tips': CalendarIcon,
  plans: LayersIcon,
  profile: UserIcon,
  wallet: WalletIcon,
  referral: GiftIcon,
  'free-tips': SparkIcon,
  live: LiveIcon,
} satisfies Record<NavIconName, (props: SVGProps<SVGSVGElement>) => unknown>;

export function NavIcon({ name, className = 'size-5' }: { name: NavIconName; className?: string }) {
  const Icon = icons[name];
  return <Icon className={className} />;
}
