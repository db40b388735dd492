import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
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
  `flex min-h-11 flex-1 items-center justify-center border-b-2 px-2 text-sm font-semibold ${
    isActive ? 'border-amber-400 text-amber-200' : 'border-transparent text-emerald-100/75 hover:text-white'
  }`;

/** The admin sections as tabs under the phone header: one tap between screens. */
export function AdminNavTabs() {
  return (
    <ul className="flex">
      {adminNavItems.map(({ to, label, shortLabel }) => (
        <li key={to} className="flex flex-1">
          <NavLink to={to} className={tabClass} aria-label={shortLabel ? label : undefined}>
            {shortLabel ?? label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
