import { useLocation } from 'react-router';
import { MoreIcon } from '../../components/ui/icons/more-icon.tsx';
import { isActivePath, NavLink } from '../../components/ui/link.tsx';
import { bottomBarItems, moreMenuItems } from '../nav-items.ts';
import { NavIcon } from './nav-icon.tsx';
import { useMenu } from './use-menu.ts';

const slotClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-[11px] font-medium ${
    isActive ? 'text-lime-300' : 'text-emerald-100/75 hover:text-white'
  }`;

/** Mobile-only tab bar; its More menu appears only when some item is placed there. */
export function BottomBar() {
  if (bottomBarItems.length === 0 && moreMenuItems.length === 0) return null;
  return (
    <nav
      aria-label="Bottom navigation"
      data-bottom-bar=""
      className="fixed inset-x-0 bottom-0 z-30 border-t border-emerald-800/70 bg-emerald-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto flex max-w-md">
        {bottomBarItems.map((item) => (
          <li key={item.to} className="flex flex-1">
            <NavLink to={item.to} className={slotClass}>
              <NavIcon name={item.icon} className="size-6" />
              {item.bottomBar?.slot === 'main' ? item.bottomBar.label : item.label}
            </NavLink>
          </li>
        ))}
        {moreMenuItems.length > 0 && (
          <li className="flex flex-1">
            <MoreMenu />
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The More slot; lit while open or while one of its screens is the current one. */
function MoreMenu() {
  const { open, close, buttonProps, menuProps } = useMenu();
  const { pathname } = useLocation();
  const inside = moreMenuItems.some((item) => isActivePath(pathname, item.to));
  return (
    <div className="relative flex flex-1">
      <button {...buttonProps} className={slotClass({ isActive: open || inside })}>
        <MoreIcon className="size-6" />
        More
      </button>
      <div
        {...menuProps}
        role="menu"
        aria-label="More"
        hidden={!open}
        className="absolute right-2 bottom-full mb-2 w-56 rounded-2xl border border-emerald-700 bg-emerald-900 p-2 shadow-2xl shadow-black/50"
      >
        {moreMenuItems.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            role="menuitem"
            onClick={() => close()}
            className="flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium text-emerald-50 hover:bg-emerald-800/70 focus:bg-emerald-800/70 focus:outline-none"
          >
            <NavIcon name={item.icon} />
            {item.label}
          </NavLink>
        ))}
      </div>
    </div>
  );
}
