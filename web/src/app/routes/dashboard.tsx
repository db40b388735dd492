import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/ui/icons/arrow-right-icon.tsx';
import { paths } from '../../config/paths.ts';
import {
  MyCodesPreview,
  PremiumCodesWidget,
} from '../../features/booking-codes/components/dashboard-widgets.tsx';
import { CommunityWidget } from '../../features/dashboard/components/community-widget.tsx';
import { CompactViewToggle, useCompactView } from '../../features/dashboard/components/compact-view.tsx';
import { PerformanceStatsWidget } from '../../features/dashboard/components/performance-stats-widget.tsx';
import {
  QuickActionsWidget,
  quickActionTileClass,
} from '../../features/dashboard/components/quick-actions.tsx';
import { RecentActivityWidget } from '../../features/dashboard/components/recent-activity-widget.tsx';
import { StatsStrip } from '../../features/dashboard/components/stats-strip.tsx';
import { NotificationBanner } from '../../features/notifications/components/notification-banner.tsx';
import { NotificationsWidget } from '../../features/notifications/components/notifications-widget.tsx';
import { ReferralWidget } from '../../features/referrals/components/referral-widget.tsx';
import {
  RolloverPlansWidget,
  TodaysRolloverTipsWidget,
} from '../../features/rollover/components/dashboard-widgets.tsx';
import { TelegramTiles } from '../../features/telegram/components/telegram-tiles.tsx';
import { FreeTipsWidget } from '../../features/tips/components/free-tips-widget.tsx';
import { DepositButton } from '../../features/wallet/components/deposit-button.tsx';
import { WalletBalances } from '../../features/wallet/components/wallet-balances.tsx';
import { WithdrawBonusButton } from '../../features/wallet/components/withdraw-bonus-button.tsx';
import { useSession } from '../../lib/session/session-context.ts';

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
          <DepositButton className="flex-1 sm:flex-none" />
        </div>
      </header>
      <StatsStrip compact={compact} />
      <div className="flex flex-col gap-2">
        <WalletBalances />
        <Link
          to={paths.wallet}
          className="inline-flex min-h-11 items-center gap-1 self-end rounded-xl px-2 text-sm font-semibold text-lime-300 hover:text-lime-200"
        >
          Wallet and transaction history
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <QuickActionsWidget
          compact={compact}
          depositAction={
            <DepositButton variant="secondary" className={quickActionTileClass}>
              Deposit
            </DepositButton>
          }
        />
        <PerformanceStatsWidget compact={compact} />
        <TodaysRolloverTipsWidget compact={compact} />
        <RolloverPlansWidget compact={compact} />
        <FreeTipsWidget compact={compact} />
        <ReferralWidget compact={compact} withdrawAction={<WithdrawBonusButton />} />
        <RecentActivityWidget compact={compact} />
        <NotificationsWidget compact={compact} />
        <PremiumCodesWidget compact={compact} />
        <MyCodesPreview compact={compact} />
        <CommunityWidget compact={compact} />
        <TelegramTiles />
      </div>
    </div>
  );
}
