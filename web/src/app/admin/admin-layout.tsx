import { useState } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from '../../components/layout/site-footer.tsx';
import { MenuIcon } from '../../components/ui/icons/menu-icon.tsx';
import { Link } from '../../components/ui/link.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { adminPaths } from '../../features/admin/utils/admin-paths.ts';
import { AdminAccount } from './admin-account.tsx';
import { AdminBadge } from './admin-badge.tsx';
import { AdminDrawer } from './admin-drawer.tsx';
import { AdminNavList, AdminNavTabs } from './admin-nav.tsx';

/**
 * Shell of the admin area, separate from the user app's: a side bar on desktop; on phones a header with
 * section tabs and a drawer. The amber accent and the Admin badge set it apart from the user app.
 */
export function AdminLayout() {
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    // The admin area: the floating Telegram button steps aside here (index.css).
    <div data-admin-area className="min-h-dvh bg-emerald-950">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-t-4 border-r border-t-amber-400 border-r-emerald-800/70 bg-[#01261d] md:flex">
        <div className="flex h-16 items-center gap-2 border-b border-emerald-800/70 px-5">
          <Link to={adminPaths.overview} className="rounded-lg">
            <Logo />
          </Link>
          <AdminBadge />
        </div>
        <nav aria-label="Admin sections" className="flex-1 overflow-y-auto p-3">
          <AdminNavList />
        </nav>
        <div className="border-t border-emerald-800/70 p-3">
          <AdminAccount />
        </div>
      </aside>

      <header className="sticky top-0 z-30 border-t-4 border-b border-t-amber-400 border-b-emerald-800/70 bg-[#01261d] md:hidden">
        <div className="flex h-14 items-center gap-2 px-2">
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-label="Open admin menu"
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            className="flex size-11 items-center justify-center rounded-xl text-emerald-50 hover:bg-emerald-900"
          >
            <MenuIcon className="size-6" />
          </button>
          <Link to={adminPaths.overview} className="rounded-lg">
            <Logo />
          </Link>
          <AdminBadge />
        </div>
        <nav aria-label="Admin sections" className="px-2">
          <AdminNavTabs />
        </nav>
      </header>
      <AdminDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />

      <main className="md:pl-64">
        <div className="mx-auto max-w-6xl px-4 pt-6 pb-12 sm:px-6 md:pt-8 md:pb-16">
          <Outlet />
        </div>
      </main>
      <SiteFooter className="pb-12 md:pl-64" />
    </div>
  );
}
