import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from '../../components/layout/offline-banner.tsx';
import { SiteFooter } from '../../components/layout/site-footer.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useLiveNotifications } from '../../features/notifications/api/notifications.ts';
import { useTelegramSync } from '../../features/telegram/api/telegram.ts';
import { CurrencyProvider } from '../../lib/currency/currency-provider.tsx';
import { useSavedCurrency } from '../../lib/currency/use-saved-currency.ts';
import { registerServiceWorker } from '../../lib/offline/register-service-worker.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { preloadToasts } from '../../lib/toast.ts';
import { useSocketLifecycle } from '../../lib/use-socket-event.ts';
import { useWalletSync } from '../../lib/wallets/use-wallet-sync.ts';
import { BottomBar } from '../layout/bottom-bar.tsx';
import { TopBar } from '../layout/top-bar.tsx';
import { ProtectedRoute } from '../protected-route.tsx';

/** The session whose data the query cache holds; another one must never see it. */
let cacheOwner: string | null = null;

function useCacheForSession(token: string | null): void {
  // During render, before any screen reads the cache: a different session starts from an empty one.
  if (token && cacheOwner !== token) {
    if (cacheOwner !== null) queryClient.clear();
    cacheOwner = token;
  }
}

/**
 * What runs for the whole signed-in visit: live wallets (poll and socket), live notifications, the
 * Telegram link, and the socket's lifetime.
 */
function SessionSync() {
  useSavedCurrency();
  useWalletSync();
  useLiveNotifications();
  useTelegramSync();
  useSocketLifecycle();
  return null;
}

/** Shell of every signed-in screen. TanStack Query is provided here only, never to public pages. */
export default function AppLayoutRoute() {
  useEffect(preloadToasts, []);
  useEffect(registerServiceWorker, []);
  const { token } = useSession();
  useCacheForSession(token);
  useEffect(() => {
    if (!token) queryClient.clear();
  }, [token]);
  return (
    <ProtectedRoute>
      <QueryClientProvider client={queryClient}>
        <CurrencyProvider>
          <SessionSync />
          <div className="min-h-dvh bg-emerald-950">
            <TopBar />
            <main className="mx-auto max-w-6xl px-4 pt-6 pb-12 sm:px-6 md:pt-10 md:pb-16">
              <Suspense fallback={<PageSpinner />}>
                <Outlet />
              </Suspense>
            </main>
            {/* Its bottom padding lets the links scroll clear of the bottom bar and the Telegram button. */}
            <SiteFooter className="pb-40 md:pb-24" />
            <BottomBar />
            <OfflineBanner />
          </div>
        </CurrencyProvider>
      </QueryClientProvider>
    </ProtectedRoute>
  );
}
