import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { screenPaths } from '../config/screen-paths.ts';
import { useSession } from '../lib/session/session-context.ts';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { PageTitles } from './page-title.tsx';

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
const loadAppLayout = () => import('./routes/app-layout.tsx');
const loadDashboard = () => import('./routes/dashboard.tsx');
const AppLayoutRoute = lazy(loadAppLayout);
const DashboardRoute = lazy(loadDashboard);
const ProfileRoute = lazy(() => import('./routes/profile.tsx'));
const WalletRoute = lazy(() => import('./routes/wallet.tsx'));
const ReferralRoute = lazy(() => import('./routes/referral.tsx'));
const PaymentReturnRoute = lazy(() => import('./routes/payment-return.tsx'));
const PublicLayoutRoute = lazy(() => import('./routes/public-layout.tsx'));
const BookingCodesRoute = lazy(() => import('./routes/booking-codes.tsx'));
const BookingCodeDetailRoute = lazy(() => import('./routes/booking-code-detail.tsx'));
const MyCodesRoute = lazy(() => import('./routes/my-codes.tsx'));
const CheckCodeRoute = lazy(() => import('./routes/check-code.tsx'));
const BookingRoute = lazy(() => import('./routes/booking.tsx'));
const BuyCodesRoute = lazy(() => import('./routes/buy-codes.tsx'));
const SubscribeRoute = lazy(() => import('./routes/subscribe.tsx'));
const SubscribePlanRoute = lazy(() => import('./routes/subscribe-plan.tsx'));
const RolloverPlansRoute = lazy(() => import('./routes/rollover-plans.tsx'));
const RolloverRoute = lazy(() => import('./routes/rollover.tsx'));
const MyRolloverRoute = lazy(() => import('./routes/my-rollover.tsx'));
const FreeTipsRoute = lazy(() => import('./routes/free-tips.tsx'));
const PastTipsRoute = lazy(() => import('./routes/past-tips.tsx'));
const LiveRoute = lazy(() => import('./routes/live.tsx'));
const NotificationsRoute = lazy(() => import('./routes/notifications.tsx'));
const ActivityRoute = lazy(() => import('./routes/activity.tsx'));
const QuickActionsRoute = lazy(() => import('./routes/quick-actions.tsx'));
const NotFoundRoute = lazy(() => import('./routes/not-found.tsx'));
const TermsRoute = lazy(() => import('./routes/terms.tsx'));
const PrivacyRoute = lazy(() => import('./routes/privacy.tsx'));
const ResponsibleGamblingRoute = lazy(() => import('./routes/responsible-gambling.tsx'));
// The admin area: one chunk with its own layout and nested routes, downloaded only when /admin is opened.
const AdminRoutes = lazy(() => import('./admin/admin-routes.tsx'));

// Opened directly (after sign-in, from a bookmark or the home-screen icon), the dashboard's code
// starts downloading beside the layout's instead of after it has run: one round trip fewer before
// the first paint on a slow phone network.
if (typeof window !== 'undefined' && window.location.pathname === paths.dashboard) {
  void loadAppLayout();
  void loadDashboard();
}

/**
 * Screens anyone may open (the code list, the policies, a page that does not exist): the app
 * layout for a signed-in user, with its bars, the public shell for a visitor.
 */
function LayoutBySession() {
  const { token, user, loading } = useSession();
  if (loading) return <PageSpinner />;
  return token && user ? <AppLayoutRoute /> : <PublicLayoutRoute />;
}

export default function SessionRoutes() {
  return (
    <SessionProvider>
      <PageTitles>
        <Suspense fallback={<PageSpinner />}>
          <Routes>
            <Route path={paths.login} element={<LoginRoute />} />
            <Route path={paths.register} element={<RegisterRoute />} />
            <Route path={paths.forgotPassword} element={<ForgotPasswordRoute />} />
            <Route path={paths.resetPassword} element={<ResetPasswordRoute />} />
            <Route path={paths.verifyOtp} element={<VerifyOtpRoute />} />
            <Route element={<AppLayoutRoute />}>
              <Route path={paths.dashboard} element={<DashboardRoute />} />
              <Route path={paths.profile} element={<ProfileRoute />} />
              <Route path={paths.wallet} element={<WalletRoute />} />
              <Route path={paths.referral} element={<ReferralRoute />} />
              <Route path={paths.paymentReturn} element={<PaymentReturnRoute />} />
              <Route path={`${paths.bookingCodes}/:id`} element={<BookingCodeDetailRoute />} />
              <Route path={paths.myCodes} element={<MyCodesRoute />} />
              <Route path={paths.checkCode} element={<CheckCodeRoute />} />
              <Route path={`${paths.booking}/:id`} element={<BookingRoute />} />
              <Route path={paths.buyCodes} element={<BuyCodesRoute />} />
              <Route path={paths.subscribe} element={<SubscribeRoute />} />
              <Route path={`${paths.subscribe}/:id`} element={<SubscribePlanRoute />} />
              <Route path={paths.rolloverPlans} element={<RolloverPlansRoute />} />
              <Route path={paths.rollover} element={<RolloverRoute />} />
              <Route path={paths.myRollover} element={<MyRolloverRoute />} />
              <Route path={paths.notifications} element={<NotificationsRoute />} />
              <Route path={paths.activity} element={<ActivityRoute />} />
              <Route path={paths.quickActions} element={<QuickActionsRoute />} />
            </Route>
            <Route path={`${paths.admin}/*`} element={<AdminRoutes />} />
            <Route element={<LayoutBySession />}>
              <Route path={paths.bookingCodes} element={<BookingCodesRoute />} />
              {/* Free tips and the record behind the landing page's figures are public: anyone may check them. */}
              <Route path={paths.free} element={<FreeTipsRoute />} />
              <Route path={paths.freeTips} element={<FreeTipsRoute />} />
              <Route path={paths.pastTips} element={<PastTipsRoute />} />
              {/* Today's matches and scores are public; a user also sees which of them they hold. */}
              <Route path={screenPaths.live} element={<LiveRoute />} />
              <Route path={paths.terms} element={<TermsRoute />} />
              <Route path={paths.privacy} element={<PrivacyRoute />} />
              <Route path={paths.responsibleGambling} element={<ResponsibleGamblingRoute />} />
              <Route path="*" element={<NotFoundRoute />} />
            </Route>
          </Routes>
        </Suspense>
      </PageTitles>
    </SessionProvider>
  );
}
