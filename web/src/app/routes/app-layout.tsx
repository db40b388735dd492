import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { preloadToasts } from '../../lib/toast.ts';
import { BottomBar } from '../layout/bottom-bar.tsx';
import { TopBar } from '../layout/top-bar.tsx';
import { ProtectedRoute } from '../protected-route.tsx';

/** Shell of every signed-in screen. TanStack Query is provided here only, never to public pages. */
export default function AppLayoutRoute() {
  useEffect(preloadToasts, []);
  return (
    <ProtectedRoute>
      <QueryClientProvider client={queryClient}>
        <div className="min-h-dvh bg-emerald-950">
          <TopBar />
          <main className="mx-auto max-w-6xl px-4 pt-6 pb-28 sm:px-6 md:pt-10 md:pb-12">
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </main>
          <BottomBar />
        </div>
      </QueryClientProvider>
    </ProtectedRoute>
  );
}
