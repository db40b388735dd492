import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';
import { CloseIcon } from '../../components/ui/icons/close-icon.tsx';
import { LogoutIcon } from '../../components/ui/icons/logout-icon.tsx';
import { ShieldIcon } from '../../components/ui/icons/shield-icon.tsx';
import { Link, NavLink } from '../../components/ui/link.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { navItems } from '../nav-items.ts';
import { NavIcon } from './nav-icon.tsx';

interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  /** Focus goes back here when the menu closes. */
  returnFocusRef: RefObject<HTMLElement | null>;
}

const focusableSelector = 'a[href], button:not([disabled])';

/** Mobile navigation drawer: a modal dialog with a focus trap, closed by its button, Escape or the backdrop. */
export function SideMenu({ open, onClose, returnFocusRef }: SideMenuProps) {
  const { user, logout } = useSession();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const returnTo = returnFocusRef.current;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeRef.current?.focus();
    return () => {
      document.body.style.overflow = previousOverflow;
      returnTo?.focus();
    };
  }, [open, returnFocusRef]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(panelRef.current?.querySelectorAll<HTMLElement>(focusableSelector) ?? []);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-12 items-center gap-3 rounded-xl px-3 text-base font-medium ${
      isActive ? 'bg-lime-400/15 text-lime-300' : 'text-emerald-50 hover:bg-emerald-800/60'
    }`;

  return (
    <div className="fixed inset-0 z-50 xl:hidden">
      <div aria-hidden="true" className="absolute inset-0 bg-black/60 backdrop-blur-sm" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onKeyDown={onKeyDown}
        className="absolute inset-y-0 left-0 flex w-[85%] max-w-xs flex-col border-r border-emerald-800 bg-emerald-950 shadow-2xl"
      >
        <div className="flex h-16 items-center justify-between border-b border-emerald-800/70 px-4">
          <Link to={paths.dashboard} onClick={onClose} className="rounded-lg">
            <Logo />
          </Link>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="flex size-11 items-center justify-center rounded-xl text-emerald-50 hover:bg-emerald-900"
          >
            <CloseIcon className="size-6" />
          </button>
        </div>
        {user && (
          <div className="border-b border-emerald-800/70 px-4 py-4">
            <p className="font-semibold text-white">
              {user.firstName} {user.lastName}
            </p>
            <p className="text-sm wrap-anywhere text-emerald-200/70">{user.email}</p>
          </div>
        )}
        <nav aria-label="Menu links" className="flex-1 overflow-y-auto p-3">
          <ul className="flex flex-col gap-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} onClick={onClose} className={linkClass}>
                  <NavIcon name={item.icon} />
                  {item.label}
                </NavLink>
              </li>
            ))}
            {user?.role === 'admin' && (
              <li>
                <NavLink to={paths.admin} onClick={onClose} className={linkClass}>
                  <ShieldIcon className="size-5" />
                  Admin
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
        <div className="border-t border-emerald-800/70 p-3">
          <button
            type="button"
            onClick={() => {
              onClose();
              logout();
            }}
            className="flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-base font-medium text-rose-200 hover:bg-rose-500/10"
          >
            <LogoutIcon className="size-5" />
            Logout
          </button>
        </div>
      </div>
    </div>
  );
}
