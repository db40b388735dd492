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
const LoginRoute = lazy(() => import('./routes/login.tsx'));
const RegisterRoute = lazy(() => import('./routes/register.tsx'));
const ForgotPasswordRoute = lazy(() => import('./routes/forgot-password.tsx'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password.tsx'));
const VerifyOtpRoute = lazy(() => import('./routes/verify-otp.tsx'));
const SessionLayoutRoute = lazy(() => import('./routes/session-layout.tsx'));
const AppLayoutRoute = lazy(() => import('./routes/app-layout.tsx'));
const DashboardRoute = lazy(() => import('./routes/dashboard.tsx'));
const NotFoundRoute = lazy(() => import('./routes/not-found.tsx'));

/** The whole app below the router; main.tsx supplies a BrowserRouter, tests a MemoryRouter. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RootLayout>
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageSpinner />}>
          <Routes>
            <Route index element={<LandingRoute />} />
            <Route element={<SessionLayoutRoute />}>
              <Route path={paths.login} element={<LoginRoute />} />
              <Route path={paths.register} element={<RegisterRoute />} />
              <Route path={paths.forgotPassword} element={<ForgotPasswordRoute />} />
              <Route path={paths.resetPassword} element={<ResetPasswordRoute />} />
              <Route path={paths.verifyOtp} element={<VerifyOtpRoute />} />
              <Route element={<AppLayoutRoute />}>
                <Route path={paths.dashboard} element={<DashboardRoute />} />
              </Route>
            </Route>
            <Route path="*" element={<NotFoundRoute />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </RootLayout>
  );
}
