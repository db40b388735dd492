import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/ui/icons/arrow-right-icon.tsx';
import { paths } from '../../config/paths.ts';
import {
  MyCodesPreview,
  PremiumCodesWidget,
} from '../../features/booking-codes/components/dashboard-widgets.tsx';
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

export default function DashboardRoute() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <NotificationBanner />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            Welcome back, {user.firstName}
          </h1>
          <p className="mt-1 text-emerald-100/75">Here are your wallet balances.</p>
        </div>
        <DepositButton className="w-full sm:w-auto" />
      </header>
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
        <TodaysRolloverTipsWidget />
        <RolloverPlansWidget />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <FreeTipsWidget />
        <ReferralWidget withdrawAction={<WithdrawBonusButton />} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <PremiumCodesWidget />
        <MyCodesPreview />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <NotificationsWidget />
        <TelegramTiles />
      </div>
    </div>
  );
}
