import type { OverviewDay } from '@cashtips/contract/admin';

/** The periods the overview sums over, in days; 30 unless the address asks for another. */
export const overviewPeriods = [7, 30, 90] as const;
export type OverviewPeriod = (typeof overviewPeriods)[number];
export const DEFAULT_OVERVIEW_PERIOD: OverviewPeriod = 30;

/** `?days=` as a period: only 7, 30 or 90 are read, anything else means the default. */
export function toOverviewPeriod(value: string): OverviewPeriod {
  return overviewPeriods.find((period) => String(period) === value) ?? DEFAULT_OVERVIEW_PERIOD;
}

/** The last `period` days of the series (it runs oldest first and ends today, Lagos time). */
export function periodDays(series: readonly OverviewDay[], period: OverviewPeriod): OverviewDay[] {
  return series.slice(-period);
}

/** Money summed to the kobo, so 0.1 + 0.2 naira stays 0.3 (the screen then shows whole naira). */
export function sumOf(days: readonly OverviewDay[], value: (day: OverviewDay) => number): number {
  return Math.round(days.reduce((total, day) => total + value(day), 0) * 100) / 100;
}

export interface PeriodTotals {
  signups: number;
  deposits: number;
  codeRevenue: number;
  planRevenue: number;
  revenue: number;
}

export function periodTotals(days: readonly OverviewDay[]): PeriodTotals {
  const codeRevenue = sumOf(days, (day) => day.codeRevenue);
  const planRevenue = sumOf(days, (day) => day.planRevenue);
  return {
    signups: sumOf(days, (day) => day.signups),
    deposits: sumOf(days, (day) => day.deposits),
    codeRevenue,
    planRevenue,
    revenue: Math.round((codeRevenue + planRevenue) * 100) / 100,
  };
}

/**
 * The 7 / 30 / 90 days switch: toggle buttons (aria-pressed), one pressed at a time, each a tab stop of
 * its own so a keyboard reaches them with Tab like any button.
 */
export function OverviewPeriodSwitch({
  value,
  onChange,
}: {
  value: OverviewPeriod;
  onChange: (period: OverviewPeriod) => void;
}) {
  return (
    <fieldset className="flex min-w-0 gap-1 self-start rounded-2xl border border-emerald-800/70 bg-emerald-900/35 p-1">
      <legend className="sr-only">Period</legend>
      {overviewPeriods.map((period) => {
        const pressed = period === value;
        return (
          <button
            key={period}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(period)}
            className={`min-h-11 min-w-20 flex-1 rounded-xl px-3 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-300/70 ${
              pressed
                ? 'bg-lime-400 text-emerald-950'
                : 'text-emerald-100/80 hover:bg-emerald-800/60 hover:text-white'
            }`}
          >
            {period} days
          </button>
        );
      })}
    </fieldset>
  );
}
