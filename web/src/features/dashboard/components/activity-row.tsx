import { relativeTime } from '@cashtips/contract/notifications';
import type { ActivityItem } from '@cashtips/contract/referrals';
import type { ComponentType } from 'react';
import { BellIcon } from '../../../components/ui/icons/bell-icon.tsx';
import { CalendarIcon } from '../../../components/ui/icons/calendar-icon.tsx';
import { GiftIcon } from '../../../components/ui/icons/gift-icon.tsx';
import type { IconProps } from '../../../components/ui/icons/outline.tsx';
import { ShieldIcon } from '../../../components/ui/icons/shield-icon.tsx';
import { TicketIcon } from '../../../components/ui/icons/ticket-icon.tsx';
import { TransferIcon } from '../../../components/ui/icons/transfer-icon.tsx';
import { WalletIcon } from '../../../components/ui/icons/wallet-icon.tsx';
import { formatDate } from '../../../lib/format.ts';

/** The icon names the server writes (deposits, bonuses, withdrawals, codes, plans, account changes). */
const activityIcons: Record<string, ComponentType<IconProps>> = {
  wallet: WalletIcon,
  gift: GiftIcon,
  arrow: TransferIcon,
  ticket: TicketIcon,
  calendar: CalendarIcon,
  shield: ShieldIcon,
};

/** The server's colour names; the title says what happened, the colour only echoes it. */
const activityTones: Record<string, string> = {
  green: 'bg-emerald-400/15 text-emerald-300',
  lime: 'bg-lime-300/15 text-lime-300',
  amber: 'bg-amber-400/15 text-amber-300',
  red: 'bg-red-400/15 text-red-300',
  blue: 'bg-sky-400/15 text-sky-300',
};

/** A name this screen does not know yet (a newer server) still shows, with a neutral icon. */
const fallbackTone = 'bg-lime-300/15 text-lime-300';

/** When it happened, as relative times read everywhere ('Just now', '3h ago', 'Yesterday', else the date). */
export function activityWhen(iso: string, now: Date): string {
  return relativeTime(iso, now, (date) => formatDate(date.toISOString()));
}

/** One activity item: its icon, title, description and when. */
export function ActivityRow({ item, now }: { item: ActivityItem; now: Date }) {
  const Icon = activityIcons[item.icon] ?? BellIcon;
  return (
    <li className="flex gap-3 rounded-xl bg-emerald-950/50 px-3 py-3">
      <span
        aria-hidden="true"
        className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${activityTones[item.color] ?? fallbackTone}`}
      >
        <Icon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="min-w-0 font-semibold break-words text-white">{item.title}</p>
          <time dateTime={item.time} className="shrink-0 text-xs text-emerald-100/75">
            {activityWhen(item.time, now)}
          </time>
        </div>
        <p className="text-sm break-words text-emerald-100/75">{item.description}</p>
      </div>
    </li>
  );
}
