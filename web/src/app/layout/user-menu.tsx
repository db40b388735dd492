import { ChevronDownIcon } from '../../components/ui/icons/chevron-down-icon.tsx';
import { LogoutIcon } from '../../components/ui/icons/logout-icon.tsx';
import { ShieldIcon } from '../../components/ui/icons/shield-icon.tsx';
import { NavLink } from '../../components/ui/link.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { userMenuItems } from '../nav-items.ts';
import { NavIcon } from './nav-icon.tsx';
import { useMenu } from './use-menu.ts';

export function initials(firstName: string, lastName?: string): string {
  return `${firstName.trim().charAt(0)}${lastName?.trim().charAt(0) ?? ''}`.toUpperCase() || '?';
}

const itemClass =
  'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-sm font-medium text-emerald-50 hover:bg-emerald-800/70 focus:bg-emerald-800/70 focus:outline-none';

export function UserMenu() {
  const { user, logout } = useSession();
  const { open, close, buttonProps, menuProps } = useMenu();
  if (!user) return null;

  return (
    <div className="relative">
      {/* Named by its content, not aria-label: an aria-label must contain the text shown (WCAG 2.5.3,
          label in name), and the initials shown beside the name are not part of it. */}
      <button
        {...buttonProps}
        className="flex min-h-11 items-center gap-2 rounded-xl px-1.5 text-sm font-semibold text-emerald-50 hover:bg-emerald-900/70 sm:px-2"
      >
        <span
          aria-hidden="true"
          className="flex size-9 items-center justify-center rounded-full bg-lime-400 text-sm font-bold text-emerald-950"
        >
          {initials(user.firstName, user.lastName)}
        </span>
        <span className="sr-only">Account menu for {user.firstName}</span>
        {/* The first name where the bar has room for it: not from 1024 px, where the top bar's links
            take the row, until 1536 px (a long name pushed the bar past 1280 px). */}
        <span aria-hidden="true" className="hidden max-w-32 truncate sm:inline lg:hidden 2xl:inline">
          {user.firstName}
        </span>
        {/* On phones the avatar alone is the button: the bar has no room for the arrow. */}
        <ChevronDownIcon
          className={`hidden size-4 transition-transform sm:block ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <div
        {...menuProps}
        role="menu"
        aria-label="Account"
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-64 rounded-2xl border border-emerald-700 bg-emerald-900 p-2 shadow-2xl shadow-black/50"
      >
        <div className="border-b border-emerald-800 px-3 pt-2 pb-3">
          <p className="text-sm font-semibold text-white">
            {user.firstName} {user.lastName}
          </p>
          <p className="text-xs wrap-anywhere text-emerald-200/70">{user.email}</p>
        </div>
        <div className="pt-2">
          {userMenuItems.map((item) => (
            <NavLink key={item.to} to={item.to} role="menuitem" className={itemClass} onClick={() => close()}>
              <NavIcon name={item.icon} />
              {item.label}
            </NavLink>
          ))}
          {user.role === 'admin' && (
            <NavLink to={paths.admin} role="menuitem" className={itemClass} onClick={() => close()}>
              <ShieldIcon className="size-5" />
              Admin
            </NavLink>
          )}
          <button
            type="button"
            role="menuitem"
            className={itemClass}
            onClick={() => {
              close();
              logout();
            }}
          >
            <LogoutIcon className="size-5" />
            Logout
          </button>
        </div>
      </div>
    </div>
  );
}
