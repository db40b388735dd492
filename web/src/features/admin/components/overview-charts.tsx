import type { OverviewDay } from '@cashtips/contract/admin';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { type ChartSeries, OverviewBarChart } from './overview-bar-chart.tsx';
import type { OverviewPeriod } from './overview-period.tsx';

// Colours told apart by hue and lightness alike: lime beside sky stays two colours for red-green
// colour blindness, and every fill stands out against the dark card (non-text contrast above 3:1).
const revenueSeries: readonly ChartSeries[] = [
  {
    label: 'Booking codes',
    value: (day) => day.codeRevenue,
    fillClass: 'fill-lime-400',
    swatchClass: 'bg-lime-400',
  },
  {
    label: 'Rollover plans',
    value: (day) => day.planRevenue,
    fillClass: 'fill-sky-400',
    swatchClass: 'bg-sky-400',
  },
];
const signupSeries: readonly ChartSeries[] = [
  {
    label: 'Sign-ups',
    value: (day) => day.signups,
    fillClass: 'fill-violet-300',
    swatchClass: 'bg-violet-300',
  },
];
const depositSeries: readonly ChartSeries[] = [
  {
    label: 'Deposits',
    value: (day) => day.deposits,
    fillClass: 'fill-amber-300',
    swatchClass: 'bg-amber-300',
  },
];

/**
 * The period day by day: revenue (booking codes and rollover plans stacked) across the width, then sign-ups
 * and deposits side by side from large screens. `days` is undefined while the overview loads.
 */
export function OverviewCharts({
  period,
  days,
}: {
  period: OverviewPeriod;
  days: OverviewDay[] | undefined;
}) {
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <div className="min-w-0 lg:col-span-2">
        <OverviewBarChart
          title="Revenue per day"
          period={period}
          days={days}
          series={revenueSeries}
          format={formatNaira}
          emptyText="No revenue in this period"
        />
      </div>
      <OverviewBarChart
        title="Sign-ups per day"
        period={period}
        days={days}
        series={signupSeries}
        format={formatCount}
        emptyText="No sign-ups in this period"
      />
      <OverviewBarChart
        title="Deposits per day"
        period={period}
        days={days}
        series={depositSeries}
        format={formatNaira}
        emptyText="No deposits in this period"
      />
    </div>
  );
}
