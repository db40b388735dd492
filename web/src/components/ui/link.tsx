/**
 * The app's links: React Router's `Link` and `NavLink` without their framework-mode parts. The
 * router's own `Link` carries route-module prefetching (`<PrefetchPageLinks>` and its manifest
 * code) that this app, a component router with lazy screens, never uses but the landing page paid
 * ~3 KB gzip for (decision 003). Navigation itself is the router's: `useHref` for the address,
 * `useLinkClickHandler` for the click (modifier keys, other targets and right clicks stay the
 * browser's).
 */
import type { AnchorHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { type To, useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** History state handed to the next screen (`useLocation().state`). */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkState {
  isActive: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  /** Active only on this exact path, not below it. */
  end?: boolean;
  className?: string | ((state: NavLinkState) => string | undefined);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
}

/**
 * Active on its path and, unless `end`, on any path below it (`/admin` on `/admin/users`), as the
 * router's NavLink is, case-insensitively; an active link says so to screen readers
 * (`aria-current="page"`).
 */
export function isActivePath(locationPath: string, linkPath: string, end = false): boolean {
  const here = locationPath.toLowerCase();
  const target = linkPath.toLowerCase();
  if (here === target) return true;
  if (end) return false;
  const base = target !== '/' && target.endsWith('/') ? target.slice(0, -1) : target;
  return here.startsWith(base) && here.charAt(base.length) === '/';
}

export function NavLink({ end = false, className, children, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = useResolvedPath(rest.to);
  const state = { isActive: isActivePath(pathname, target.pathname, end) };
  return (
    <Link
      {...rest}
      aria-current={state.isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(state) : className}
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
}
