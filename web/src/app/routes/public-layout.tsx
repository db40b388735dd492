import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useContext, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from '../../components/layout/offline-banner.tsx';
import { SiteFooter } from '../../components/layout/site-footer.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Link } from '../../components/ui/link.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { CurrencyProvider } from '../../lib/currency/currency-provider.tsx';
import { registerServiceWorker } from '../../lib/offline/register-service-worker.ts';
import {
  createPublicQueryClient,
  ServerQueryClientContext,
  serverStateUsed,
} from '../../lib/server-render/public-query-client.ts';
import { preloadToasts } from '../../lib/toast.ts';

/**
 * Renders nothing; its effect runs once the screen beside it is on screen (hydrated, when the server
 * rendered it), which ends the server-rendered state's use: the screen's lazy code may arrive after
 * this layout has hydrated, and until then it must render with the server's data and clock.
 */
function ServerStateUsed() {
  useEffect(serverStateUsed, []);
  return null;
}

/**
 * Shell of the public screens a visitor can open (the booking-code list). Its own query cache, so what a
 * visitor was shown (masked codes) never carries over into a signed-in session; on a server-rendered
 * first page, it starts with the data the server rendered it from.
 */
export default function PublicLayoutRoute() {
  useEffect(preloadToasts, []);
  useEffect(registerServiceWorker, []);
  // On the server, the client the page is being rendered with (it holds the data); in the browser, a new one.
  const serverClient = useContext(ServerQueryClientContext);
  const [client] = useState(() => serverClient ?? createPublicQueryClient());
  return (
    <QueryClientProvider client={client}>
      <CurrencyProvider>
        <div className="min-h-dvh bg-emerald-950">
          <header className="sticky top-0 z-30 border-b border-emerald-800/60 bg-emerald-950/90 backdrop-blur">
            <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
              <Link to={paths.landing} className="rounded-lg max-[359px]:[&_span_span]:sr-only">
                <Logo />
              </Link>
              {/* Sized to fit beside the logo and its name at 360 px (the most common phone width)
                  on one line; below 360 the name is left to screen readers. */}
              <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
                <Link to={paths.login} className={`${buttonVariants.ghost} px-2 whitespace-nowrap sm:px-3`}>
                  Login
                </Link>
                <Link to={paths.register} className={`${buttonVariants.primary} px-4 whitespace-nowrap`}>
                  Get Started
                </Link>
              </nav>
            </div>
          </header>
          <main className="mx-auto max-w-6xl px-4 pt-6 pb-12 sm:px-6 md:pt-10 md:pb-16">
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
              <ServerStateUsed />
            </Suspense>
          </main>
          {/* The bottom padding lets the links scroll clear of the Telegram button. */}
          <SiteFooter className="pb-24" />
          <OfflineBanner />
        </div>
      </CurrencyProvider>
    </QueryClientProvider>
  );
}
