import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

/*
 * Declarative routes with React.lazy rather than createBrowserRouter: the data router costs ~17 KB gzip
 * more, which the landing page's 90 KB budget cannot carry next to react-dom (~64 KB). Each screen is
 * its own chunk; React Router wraps navigations in startTransition, so the old screen stays up while
 * the next chunk loads.
 */
const LandingRoute = lazy(() => import('./routes/landing.tsx'));
// Everything else, with its own route table (see session-routes.tsx for why it is not here).
const SessionRoutes = lazy(() => import('./session-routes.tsx'));

/** The whole app below the router; main.tsx supplies a BrowserRouter, tests a MemoryRouter. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RootLayout>
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageSpinner />}>
          <Routes>
            {/* paths.landing rather than `index`: using paths here keeps that module in this entry chunk
                instead of a file of its own that the landing page would fetch beside it. */}
            <Route path={paths.landing} element={<LandingRoute />} />
            <Route path="*" element={<SessionRoutes />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </RootLayout>
  );
}
