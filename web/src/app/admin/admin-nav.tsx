import { type ComponentType, useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ClipboardIcon } from '../../components/ui/icons/clipboard-icon.tsx';
import { type IconProps, Outline } from '../../components/ui/icons/outline.tsx';
import { UsersIcon } from '../../components/ui/icons/users-icon.tsx';
import { WalletIcon } from '../../components/ui/icons/wallet-icon.tsx';
import { adminPaths } from '../../features/admin/utils/admin-paths.ts';

/*
 * Drawn here rather than with TicketIcon: the landing page loads that icon, and sharing it with this chunk
 * would split it into one more file the landing page downloads (the landing budget is tight).
 */
function CodesIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 8a2 2 0 0 0 2-2h12a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H6a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4V8ZM14 6v12" />
    </Outline>
  );
}

/** Stacked days of a rollover plan (drawn here for the same reason as CodesIcon). */
function PlansIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="m12 4 9 5-9 5-9-5 9-5ZM3 14l9 5 9-5" />
    </Outline>
  );
}

/** A day's tip: a calendar page with a tick. */
function TipsIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M5 6h14a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1ZM8 3v4M16 3v4M9 14l2 2 4-4" />
    </Outline>
  );
}

interface AdminNavItem {
  to: string;
  label: string;
  /** The phone tabs have a quarter of the width each. */
  shortLabel?: string;
  icon: ComponentType<IconProps>;
}

export const adminNavItems: readonly AdminNavItem[] = [
  { to: adminPaths.users, label: 'Users', icon: UsersIcon },
  { to: adminPaths.bookingCodes, label: 'Booking codes', shortLabel: 'Codes', icon: CodesIcon },
  { to: adminPaths.rolloverPlans, label: 'Rollover plans', shortLabel: 'Plans', icon: PlansIcon },
  { to: adminPaths.rolloverTips, label: 'Rollover tips', shortLabel: 'Tips', icon: TipsIcon },
  { to: adminPaths.deposits, label: 'Deposits', icon: WalletIcon },
  { to: adminPaths.audit, label: 'Audit log', icon: ClipboardIcon },
];

const listLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-semibold ${
    isActive
      ? 'bg-amber-400/15 text-amber-200'
      : 'text-emerald-100/85 hover:bg-emerald-900/70 hover:text-white'
  }`;

/** The admin sections as a vertical list (desktop side bar, phone drawer). */
export function AdminNavList({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {adminNavItems.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink to={to} className={listLinkClass} onClick={onNavigate}>
            <Icon className="size-5" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 flex-1 items-center justify-center border-b-2 px-2 text-sm font-semibold whitespace-nowrap ${
    isActive ? 'border-amber-400 text-amber-200' : 'border-transparent text-emerald-100/75 hover:text-white'
  }`;

/**
 * The admin sections as tabs under the phone header: one tap between screens. On the narrowest phones
 * they scroll sideways within their strip, and the current one is scrolled into view.
 */
export function AdminNavTabs() {
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current tab changes with the path.
  useEffect(() => {
    const current = listRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <ul ref={listRef} className="flex overflow-x-auto [scrollbar-width:none]">
      {adminNavItems.map(({ to, label, shortLabel }) => (
        <li key={to} className="flex flex-1 shrink-0">
          <NavLink to={to} className={tabClass} aria-label={shortLabel ? label : undefined}>
            {shortLabel ?? label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
