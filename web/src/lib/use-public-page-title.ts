import { publicPageTitle, SITE_TITLE } from '@cashtips/contract/plain/page-titles';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Gives a public page its own title when the app shows it after a move inside the app (the server's
 * HTML has it already on a first visit), and the site's title back when the app moves on to a screen
 * without one, unless that screen has set its own meanwhile (the admin area's do). Called by the
 * layouts of the public pages (the visitor's shell, the sign-in forms'), not the root layout: the
 * landing page's title is the site's, and its JavaScript has no room for the list.
 */
export function usePublicPageTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = publicPageTitle(pathname);
    if (!title) return;
    document.title = title;
    return () => {
      if (document.title === title) document.title = SITE_TITLE;
    };
  }, [pathname]);
}
