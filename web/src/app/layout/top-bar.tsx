import { useRef, useState } from 'react';
import { MenuIcon } from '../../components/ui/icons/menu-icon.tsx';
import { Link, NavLink } from '../../components/ui/link.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { paths } from '../../config/paths.ts';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { topBarItems } from '../nav-items.ts';
import { CurrencySelect } from './currency-select.tsx';
import { SideMenu } from './side-menu.tsx';
import { UserMenu } from './user-menu.tsx';

const linkClass =
  (wide: boolean) =>
  ({ isActive }: { isActive: boolean }) =>
    `${wide ? 'hidden xl:inline-flex' : 'inline-flex'} min-h-11 items-center rounded-xl px-2.5 text-sm font-semibold whitespace-nowrap ${
      isActive
        ? 'bg-lime-400/15 text-lime-300'
        : 'text-emerald-100/85 hover:bg-emerald-900/70 hover:text-white'
    }`;

export function TopBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const hamburgerRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <header className="sticky top-0 z-30 border-b border-emerald-800/60 bg-emerald-950/90 backdrop-blur">
        {/* Wider than the page's content from 1280 px, where all seven links share the row with the
            logo, the currency selector, the bell and the account menu. */}
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-6 xl:max-w-7xl 2xl:max-w-[90rem]">
          <button
            ref={hamburgerRef}
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            className="flex size-11 items-center justify-center rounded-xl text-emerald-50 hover:bg-emerald-900 xl:hidden"
          >
            <MenuIcon className="size-6" />
          </button>
          {/* Below 420 px the name gives way to the currency selector and the bell; it stays the link's
              accessible text. */}
          <Link to={paths.dashboard} className="rounded-lg max-[419px]:[&_span_span]:sr-only">
            <Logo />
          </Link>
          {/* Each label on one line: from 1024 px the main four, from 1280 px all (the menu lists all). */}
          <nav aria-label="Main" className="ml-4 hidden flex-1 items-center gap-0.5 lg:flex xl:ml-6">
            {topBarItems.map((item) => (
              <NavLink key={item.to} to={item.to} className={linkClass(item.topBar === 'wide')}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <CurrencySelect />
            <NotificationBell />
            <UserMenu />
          </div>
        </div>
      </header>
      {/* Outside the header: its backdrop filter would otherwise become the drawer's containing block. */}
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} returnFocusRef={hamburgerRef} />
    </>
  );
}
