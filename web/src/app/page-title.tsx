import { SITE_TITLE } from '@cashtips/contract/plain/page-titles';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { pageTitle } from './page-titles.ts';

type Named = { pathname: string; name: string } | null;

const PageNameContext = createContext<(named: Named) => void>(() => {});

/**
 * Names the browser's tab after the screen shown (`pageTitle`), on every screen under it: mounted once
 * around the route table of every screen but the landing page. Leaving for the landing page gives the
 * tab the site's title back.
 */
export function PageTitles({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [named, setNamed] = useState<Named>(null);
  // A name given for another address is stale: the screen that gave it is on its way out.
  const title = pageTitle(pathname, named?.pathname === pathname ? named.name : undefined);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      document.title = SITE_TITLE;
    },
    [],
  );
  return <PageNameContext.Provider value={setNamed}>{children}</PageNameContext.Provider>;
}

/**
 * A screen that shows one item names it in the tab instead of the kind of screen ("Ada Obi · Admin ·
 * CashTips" rather than "User · Admin · CashTips"); undefined (while it loads) keeps the table's word.
 */
export function usePageName(name: string | undefined): void {
  const setNamed = useContext(PageNameContext);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!name) return;
    setNamed({ pathname, name });
    return () => setNamed(null);
  }, [name, pathname, setNamed]);
}
