import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Link } from '../../components/ui/link.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { adminPaths } from '../../features/admin/utils/admin-paths.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { preloadToasts } from '../../lib/toast.ts';
import { AdminForbidden } from './admin-forbidden.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { AdminPage } from './admin-page.tsx';
import AdminAuditLogRoute from './routes/audit-log.tsx';
import AdminBookingCodeRoute, { AdminNewBookingCodeRoute } from './routes/booking-code-edit.tsx';
import AdminBookingCodesRoute from './routes/booking-codes.tsx';
import AdminDepositsRoute from './routes/deposits.tsx';
import AdminFreeTipRoute, { AdminNewFreeTipRoute } from './routes/free-tip-edit.tsx';
import AdminFreeTipsRoute from './routes/free-tips.tsx';
import AdminMatchRoute from './routes/match.tsx';
import AdminMatchesRoute from './routes/matches.tsx';
import AdminModelRoute from './routes/model.tsx';
import AdminNotificationsRoute from './routes/notifications.tsx';
import AdminOverviewRoute from './routes/overview.tsx';
import AdminRolloverPlanRoute, { AdminNewRolloverPlanRoute } from './routes/rollover-plan-edit.tsx';
import AdminRolloverPlansRoute from './routes/rollover-plans.tsx';
import AdminRolloverTipRoute, { AdminNewRolloverTipRoute } from './routes/rollover-tip-edit.tsx';
import AdminRolloverTipsRoute from './routes/rollover-tips.tsx';
import AdminSiteSettingsRoute from './routes/site-settings.tsx';
import AdminSuggestionsRoute from './routes/suggestions.tsx';
import AdminToSettleRoute from './routes/to-settle.tsx';
import AdminUserDetailRoute from './routes/user-detail.tsx';
import AdminUsersRoute from './routes/users.tsx';
import AdminWithdrawalsRoute from './routes/withdrawals.tsx';

/*
 * The admin area: mounted at /admin/* by session-routes.tsx through one lazy import, so all of it (these
 * screens, their queries and the admin contract) is a chunk of its own, loaded only when /admin is opened.
 * Its screens are plain imports: once an admin is here, moving between them should not wait for the network.
 */
export default function AdminRoutes() {
  const { token, user, loading } = useSession();
  useEffect(preloadToasts, []);

  // The stored session is confirmed with the server first, so a role taken away since is respected.
  if (loading) return <PageSpinner label="Authenticating..." />;
  if (!token || !user) return <Navigate to={paths.login} replace />;
  if (user.role !== 'admin') return <AdminForbidden email={user.email} />;

  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<AdminOverviewRoute />} />
          <Route path="users" element={<AdminUsersRoute />} />
          <Route path="users/:id" element={<AdminUserDetailRoute />} />
          <Route path="booking-codes" element={<AdminBookingCodesRoute />} />
          <Route path="booking-codes/new" element={<AdminNewBookingCodeRoute />} />
          <Route path="booking-codes/:id" element={<AdminBookingCodeRoute />} />
          <Route path="rollover-plans" element={<AdminRolloverPlansRoute />} />
          <Route path="rollover-plans/new" element={<AdminNewRolloverPlanRoute />} />
          <Route path="rollover-plans/:id" element={<AdminRolloverPlanRoute />} />
          <Route path="rollover-tips" element={<AdminRolloverTipsRoute />} />
          <Route path="rollover-tips/new" element={<AdminNewRolloverTipRoute />} />
          <Route path="rollover-tips/:id" element={<AdminRolloverTipRoute />} />
          <Route path="free-tips" element={<AdminFreeTipsRoute />} />
          <Route path="free-tips/new" element={<AdminNewFreeTipRoute />} />
          <Route path="free-tips/:id" element={<AdminFreeTipRoute />} />
          <Route path="matches" element={<AdminMatchesRoute />} />
          <Route path="matches/:id" element={<AdminMatchRoute />} />
          <Route path="suggestions" element={<AdminSuggestionsRoute />} />
          <Route path="model" element={<AdminModelRoute />} />
          <Route path="to-settle" element={<AdminToSettleRoute />} />
          <Route path="settings" element={<AdminSiteSettingsRoute />} />
          <Route path="deposits" element={<AdminDepositsRoute />} />
          <Route path="withdrawals" element={<AdminWithdrawalsRoute />} />
          <Route path="notifications" element={<AdminNotificationsRoute />} />
          <Route path="audit" element={<AdminAuditLogRoute />} />
          <Route path="*" element={<AdminNotFound />} />
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}

function AdminNotFound() {
  return (
    <AdminPage title="Page not found" description="There is no admin screen at this address.">
      <div>
        <Link to={adminPaths.overview} className={buttonVariants.primary}>
          Go to the overview
        </Link>
      </div>
    </AdminPage>
  );
}
