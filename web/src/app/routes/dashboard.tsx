import { lazy, Suspense } from 'react';
import { RestrictionNotice } from '../../components/restriction-notice.tsx';
import { ArrowRightIcon } from '../../components/ui/icons/arrow-right-icon.tsx';
import { Link } from '../../components/ui/link.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { paths } from '../../config/paths.ts';
import { CompactViewToggle, useCompactView } from '../../features/dashboard/components/compact-view.tsx';
import { StatsStrip } from '../../features/dashboard/components/stats-strip.tsx';
import { NotificationBanner } from '../../features/notifications/components/notification-banner.tsx';
import { DepositButton } from '../../features/wallet/components/deposit-button.tsx';
import { WalletBalances } from '../../features/wallet/components/wallet-balances.tsx';
import { WithdrawButton } from '../../features/wallet/components/withdraw-button.tsx';
import { useSession } from '../../lib/session/session-context.ts';

// The widgets are a chunk of their own: the greeting, figures and wallets paint first on a slow
// phone instead of waiting for every widget's code (the dashboard's first render, issue 15).
const DashboardWidgets = lazy(() => import('../../features/dashboard/components/dashboard-widgets.tsx'));

/**
 * /dashboard: greeting, wallets and the widgets (one column on phones, two from lg). Every widget has
 * a compact variant; the header's switch picks it for all of them and is remembered on this device.
 * The push switch is in the Notifications widget.
 */
export default function DashboardRoute() {
  const { user } = useSession();
  const [compact, toggleCompact] = useCompactView();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <NotificationBanner />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            Welcome back, {user.firstName}
          </h1>
          <p className="mt-1 text-emerald-100/75">Your wallets, tips and activity at a glance.</p>
        </div>
        <div className="flex w-full flex-wrap gap-3 sm:w-auto">
          <CompactViewToggle compact={compact} onToggle={toggleCompact} />
          <DepositButton className="flex-1 sm:flex-none" whenRestricted="hide" />
        </div>
      </header>
      <StatsStrip compact={compact} />
      <div className="flex flex-col gap-2">
        {/* Deposit is the header's first action; the main wallet's own action takes money out. While
            deposits are closed the header has no Deposit and the main wallet says why. */}
        <WalletBalances
          mainAction={
            <>
              <RestrictionNotice />
              <WithdrawButton />
            </>
          }
        />
        <Link
          to={paths.wallet}
          className="inline-flex min-h-11 items-center gap-1 self-end rounded-xl px-2 text-sm font-semibold text-lime-300 hover:text-lime-200"
        >
          Wallet and transaction history
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
      <Suspense fallback={<WidgetsLoading />}>
        <DashboardWidgets compact={compact} />
      </Suspense>
    </div>
  );
}

/** Two widget-sized placeholders while the widgets' code arrives. */
function WidgetsLoading() {
  return (
    <div role="status" aria-label="Loading" className="grid gap-6 lg:grid-cols-2">
      <Skeleton className="h-72 rounded-2xl" />
      <Skeleton className="h-72 rounded-2xl" />
    </div>
  );
}
