import { LiveMatchUpdates } from '../../../components/ui/game-live-state.tsx';
import { MyCodesPreview, PremiumCodesWidget } from '../../booking-codes/components/dashboard-widgets.tsx';
import { NotificationsWidget } from '../../notifications/components/notifications-widget.tsx';
import { ReferralWidget } from '../../referrals/components/referral-widget.tsx';
import {
  RolloverPlansWidget,
  TodaysRolloverTipsWidget,
} from '../../rollover/components/dashboard-widgets.tsx';
import { TelegramTiles } from '../../telegram/components/telegram-tiles.tsx';
import { FreeTipsWidget } from '../../tips/components/free-tips-widget.tsx';
import { DepositButton } from '../../wallet/components/deposit-button.tsx';
import { WithdrawBonusButton } from '../../wallet/components/withdraw-bonus-button.tsx';
import { AiInsightsWidget } from './ai-insights-widget.tsx';
import { CommunityWidget } from './community-widget.tsx';
import { PerformanceStatsWidget } from './performance-stats-widget.tsx';
import { QuickActionsWidget, quickActionTileClass } from './quick-actions.tsx';
import { RecentActivityWidget } from './recent-activity-widget.tsx';

/** The dashboard's widgets, in the order the spec lists them; loaded after the greeting and wallets. */
export default function DashboardWidgets({ compact }: { compact: boolean }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <LiveMatchUpdates />
      <QuickActionsWidget
        compact={compact}
        depositAction={
          <DepositButton variant="secondary" className={quickActionTileClass} whenRestricted="disable">
            Deposit
          </DepositButton>
        }
      />
      <PerformanceStatsWidget compact={compact} />
      <TodaysRolloverTipsWidget compact={compact} />
      <RolloverPlansWidget compact={compact} />
      <FreeTipsWidget compact={compact} />
      <AiInsightsWidget compact={compact} />
      <ReferralWidget compact={compact} withdrawAction={<WithdrawBonusButton />} />
      <RecentActivityWidget compact={compact} />
      <NotificationsWidget compact={compact} />
      <PremiumCodesWidget compact={compact} />
      <MyCodesPreview compact={compact} />
      <CommunityWidget compact={compact} />
      <TelegramTiles />
    </div>
  );
}
