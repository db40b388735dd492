import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { SessionProvider } from '../lib/session/session-provider.tsx';

/*
 * Every screen but the landing page, under the session. This table lives in its own lazy chunk, not in
 * the entry: each lazy route adds its preload list to the chunk that imports it, so screens added
 * here never grow the JavaScript the landing page loads.
 */
const LoginRoute = lazy(() => import('./routes/login.tsx'));
const RegisterRoute = lazy(() => import('./routes/register.tsx'));
const ForgotPasswordRoute = lazy(() => import('./routes/forgot-password.tsx'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password.tsx'));
const VerifyOtpRoute = lazy(() => import('./routes/verify-otp.tsx'));
const AppLayoutRoute = lazy(() => import('./routes/app-layout.tsx'));
const DashboardRoute = lazy(() => import('./routes/dashboard.tsx'));
const NotFoundRoute = lazy(() => import('./routes/not-found.tsx'));

export default function SessionRoutes() {
  return (
    <SessionProvider>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route path={paths.login} element={<LoginRoute />} />
          <Route path={paths.register} element={<RegisterRoute />} />
          <Route path={paths.forgotPassword} element={<ForgotPasswordRoute />} />
          <Route path={paths.resetPassword} element={<ResetPasswordRoute />} />
          <Route path={paths.verifyOtp} element={<VerifyOtpRoute />} />
          <Route element={<AppLayoutRoute />}>
            <Route path={paths.dashboard} element={<DashboardRoute />} />
          </Route>
          <Route path="*" element={<NotFoundRoute />} />
        </Routes>
      </Suspense>
    </SessionProvider>
  );
}
