import { type ComponentType, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ClipboardIcon } from '../../components/ui/icons/clipboard-icon.tsx';
import { type IconProps, Outline } from '../../components/ui/icons/outline.tsx';
import { UsersIcon } from '../../components/ui/icons/users-icon.tsx';
import { WalletIcon } from '../../components/ui/icons/wallet-icon.tsx';
import { NavLink } from '../../components/ui/link.tsx';
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

/** The overview: bars of a chart on a baseline. */
function OverviewIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 20h16M7 16v-5M12 16V6M17 16v-8" />
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

/** A free tip: a star, given away. */
function FreeTipsIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z" />
    </Outline>
  );
}

/** Match results: a scoreboard. */
function ResultsIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 6h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1ZM12 6v12M7 10v4M15.5 10h2v4h-2z" />
    </Outline>
  );
}

/** The model's suggestions: a spark of ideas over a baseline. */
function SuggestionsIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M12 3v3M5.6 5.6l2.1 2.1M18.4 5.6l-2.1 2.1M3 12h3M18 12h3M9 17a3 3 0 1 1 6 0M4 21h16" />
    </Outline>
  );
}

/** The model's calibration: points along the diagonal of a chart. */
function ModelIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 4v16h16M8 16l8-8M9 12.5h.01M12.5 9.5h.01M16 13h.01" />
    </Outline>
  );
}

/** Items waiting to be settled: a clock. */
function QueueIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM12 7v5l3.5 2" />
    </Outline>
  );
}

/** Withdrawals: money leaving to a bank (an arrow out of a tray). */
function PayoutsIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M12 14V3M8 7l4-4 4 4M4 13v5a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-5" />
    </Outline>
  );
}

/** Site settings: two sliders. */
function SettingsIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 8h9M17 8h3M4 16h3M11 16h9M15 6v4M9 14v4" />
    </Outline>
  );
}

/** Notifications sent to users: a bell (drawn here for the same reason as CodesIcon). */
function NotificationsIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
    </Outline>
  );
}

interface AdminNavItem {
  to: string;
  label: string;
  /** The phone tabs have a quarter of the width each. */
  shortLabel?: string;
  icon: ComponentType<IconProps>;
  /** Current only at its own address: the overview's (/admin) starts every other one. */
  end?: boolean;
}

export const adminNavItems: readonly AdminNavItem[] = [
  { to: adminPaths.overview, label: 'Overview', icon: OverviewIcon, end: true },
  { to: adminPaths.users, label: 'Users', icon: UsersIcon },
  { to: adminPaths.bookingCodes, label: 'Booking codes', shortLabel: 'Codes', icon: CodesIcon },
  { to: adminPaths.rolloverPlans, label: 'Rollover plans', shortLabel: 'Plans', icon: PlansIcon },
  { to: adminPaths.rolloverTips, label: 'Rollover tips', shortLabel: 'Tips', icon: TipsIcon },
  { to: adminPaths.freeTips, label: 'Free tips', icon: FreeTipsIcon },
  { to: adminPaths.matches, label: 'Match results', shortLabel: 'Results', icon: ResultsIcon },
  { to: adminPaths.suggestions, label: 'Suggestions', icon: SuggestionsIcon },
  { to: adminPaths.model, label: 'Model', icon: ModelIcon },
  { to: adminPaths.toSettle, label: 'To settle', icon: QueueIcon },
  { to: adminPaths.deposits, label: 'Deposits', icon: WalletIcon },
  { to: adminPaths.withdrawals, label: 'Withdrawals', icon: PayoutsIcon },
  { to: adminPaths.notifications, label: 'Notifications', icon: NotificationsIcon },
  { to: adminPaths.settings, label: 'Site settings', shortLabel: 'Settings', icon: SettingsIcon },
  { to: adminPaths.audit, label: 'Audit log', icon: ClipboardIcon },
];

/** A ref for a list of section links whose scrolling container keeps the current one in view. */
function useCurrentInView<T extends HTMLElement>() {
  const listRef = useRef<T>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current link changes with the path.
  useEffect(() => {
    const current = listRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return listRef;
}

const listLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center gap-3 md:min-h-10 rounded-xl px-3 text-sm font-semibold ${
    isActive
      ? 'bg-amber-400/15 text-amber-200'
      : 'text-emerald-100/85 hover:bg-emerald-900/70 hover:text-white'
  }`;

/**
 * The admin sections as a vertical list (desktop side bar, phone drawer). Where the list is taller
 * than the window it scrolls, and the current section is scrolled into view.
 */
export function AdminNavList({ onNavigate }: { onNavigate?: () => void }) {
  const currentInView = useCurrentInView<HTMLUListElement>();
  return (
    <ul ref={currentInView} className="flex flex-col gap-1">
      {adminNavItems.map(({ to, label, icon: Icon, end }) => (
        <li key={to}>
          <NavLink to={to} end={end} className={listLinkClass} onClick={onNavigate}>
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
  const currentInView = useCurrentInView<HTMLUListElement>();
  return (
    <ul ref={currentInView} className="flex overflow-x-auto [scrollbar-width:none]">
      {adminNavItems.map(({ to, label, shortLabel, end }) => (
        <li key={to} className="flex flex-1 shrink-0">
          <NavLink to={to} end={end} className={tabClass} aria-label={shortLabel ? label : undefined}>
            {shortLabel ?? label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
