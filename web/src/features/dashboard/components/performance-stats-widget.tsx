import { type DashboardStats, NO_SETTLED_CODES, PERFORMANCE_WINDOW_DAYS } from '@cashtips/contract/dashboard';
import { formatSuccessRate } from '@cashtips/contract/success-rate';
import { TrendingIcon } from '../../../components/ui/icons/trending-icon.tsx';
import { formatCount, StatFigure, UNKNOWN_FIGURE } from '../../../components/ui/stat-figure.tsx';
import { WidgetFrame } from '../../../components/ui/widget.tsx';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { useDashboardStats } from '../../../lib/dashboard-stats.ts';

type Performance = DashboardStats['performance'];

/**
 * Dashboard (spec): the user's own booking-code purchases of the last 30 days — purchases, spending,
 * how many of their settled codes won, average odds; active and expired codes when not compact.
 */
export function PerformanceStatsWidget({ compact = false }: { compact?: boolean }) {
  const stats = useDashboardStats();
  const money = useMoney();
  const performance = stats?.performance;
  /** A figure of the answer; the placeholder while loading; an empty value once the load failed. */
  const figure = (show: (value: Performance) => string) =>
    performance ? show(performance) : stats === null ? UNKNOWN_FIGURE : undefined;
  // The contract's null rate means none of these purchases is settled yet (not 'New' as for a plan).
  const rateHint = performance && performance.successRate === null ? NO_SETTLED_CODES : null;
  return (
    <WidgetFrame
      id="performance-stats-title"
      title={`Performance Stats (Last ${PERFORMANCE_WINDOW_DAYS} days)`}
      icon={<TrendingIcon className="size-5" />}
    >
      <dl className="grid grid-cols-2 gap-3">
        <StatFigure label="Total purchases" value={figure((p) => formatCount(p.totalPurchases))} />
        <StatFigure label="Total spent" value={figure((p) => money.format(p.totalSpent))} />
        <StatFigure
          label="Success rate"
          value={figure((p) => (p.successRate === null ? UNKNOWN_FIGURE : formatSuccessRate(p.successRate)))}
          hint={rateHint}
          valueClassName="text-lime-300"
        />
        <StatFigure
          label="Average odds"
          value={figure((p) => (p.avgOdds === null ? UNKNOWN_FIGURE : p.avgOdds.toFixed(2)))}
          hint={null}
        />
        {!compact && (
          <>
            <StatFigure label="Active codes" value={figure((p) => formatCount(p.activeCodes))} />
            <StatFigure label="Expired codes" value={figure((p) => formatCount(p.expiredCodes))} />
          </>
        )}
      </dl>
    </WidgetFrame>
  );
}
