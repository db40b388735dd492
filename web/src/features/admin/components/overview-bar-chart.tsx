import type { OverviewDay } from '@cashtips/contract/admin';
import { useId } from 'react';
import { formatLagosDay } from '../../../lib/format.ts';
import { type OverviewPeriod, sumOf } from './overview-period.tsx';

type Format = (value: number) => string;

/** One kind of bar: a single one per day, or a segment of a stacked bar (the first at the bottom). */
export interface ChartSeries {
  label: string;
  value: (day: OverviewDay) => number;
  /** The bar's fill (an SVG `fill-*` class) and its swatch in the legend (a `bg-*` class). */
  fillClass: string;
  swatchClass: string;
}

interface OverviewBarChartProps {
  /** 'Revenue per day': the heading, and the start of the chart's spoken summary. */
  title: string;
  period: OverviewPeriod;
  /** The period's days, oldest first; undefined while the overview loads. */
  days: OverviewDay[] | undefined;
  series: readonly ChartSeries[];
  format: Format;
  /** Shown instead of the bars when every day of the period is zero: 'No revenue in this period'. */
  emptyText: string;
}

// The drawing's own units: each day is 10 wide (a bar of 8 and a gap), the tallest bar 100 high. The SVG
// stretches to the card's width and the plot's height, so 7 days get wide bars and 90 days thin ones.
const DAY_WIDTH = 10;
const BAR_WIDTH = 8;
const HEIGHT = 100;

const clamp = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);
const dayTotal = (series: readonly ChartSeries[], day: OverviewDay) =>
  series.reduce((total, item) => total + clamp(item.value(day)), 0);

/**
 * What a screen reader hears for the chart: 'Revenue per day, last 30 days: total ₦12,000 (booking codes
 * ₦8,000, rollover plans ₦4,000); highest ₦3,000 on 5 Mar 2025'.
 */
export function chartSummary({
  title,
  period,
  days,
  series,
  format,
}: Pick<OverviewBarChartProps, 'title' | 'period' | 'series' | 'format'> & { days: OverviewDay[] }): string {
  const total = sumOf(days, (day) => dayTotal(series, day));
  const parts =
    series.length > 1
      ? ` (${series.map((item) => `${item.label.toLowerCase()} ${format(sumOf(days, item.value))}`).join(', ')})`
      : '';
  let peak: OverviewDay | undefined;
  for (const day of days) {
    if (!peak || dayTotal(series, day) > dayTotal(series, peak)) peak = day;
  }
  const highest =
    peak && total > 0 ? `; highest ${format(dayTotal(series, peak))} on ${formatLagosDay(peak.date)}` : '';
  return `${title}, last ${period} days: total ${format(total)}${parts}${highest}`;
}

/** The plot's fixed height (labels, bars, dates), which the empty state and the placeholder keep too. */
const PLOT_HEIGHT = 'h-50';

function Bars({
  days,
  series,
  format,
  max,
}: {
  days: OverviewDay[];
  series: readonly ChartSeries[];
  format: Format;
  max: number;
}) {
  // A day with a little is still a visible sliver (1% of the height), not nothing.
  const barHeight = (value: number) => (value > 0 ? Math.max((value / max) * HEIGHT, 1) : 0);
  return days.map((day, index) => {
    let top = HEIGHT;
    const detail =
      series.length > 1
        ? ` (${series.map((item) => `${item.label} ${format(clamp(item.value(day)))}`).join(', ')})`
        : '';
    return (
      <g key={day.date} className="hover:opacity-80">
        {/* A pointer's tooltip; screen readers have the table. */}
        <title>{`${formatLagosDay(day.date)}: ${format(dayTotal(series, day))}${detail}`}</title>
        {/* The day's whole column catches the pointer, so a thin bar still shows its figures. */}
        <rect x={index * DAY_WIDTH} y={0} width={DAY_WIDTH} height={HEIGHT} fill="transparent" />
        {series.map((item) => {
          const height = Math.min(barHeight(clamp(item.value(day))), top);
          top -= height;
          return height > 0 ? (
            <rect
              key={item.label}
              x={index * DAY_WIDTH + (DAY_WIDTH - BAR_WIDTH) / 2}
              y={top}
              width={BAR_WIDTH}
              height={height}
              className={item.fillClass}
            />
          ) : null;
        })}
      </g>
    );
  });
}

function Plot({
  days,
  series,
  format,
  summary,
}: {
  days: OverviewDay[];
  series: readonly ChartSeries[];
  format: Format;
  summary: string;
}) {
  const max = Math.max(...days.map((day) => dayTotal(series, day)));
  const width = days.length * DAY_WIDTH;
  const first = days[0];
  const last = days[days.length - 1];
  const rule = (y: number, className: string, dashed: boolean) => (
    <line
      key={y}
      x1={0}
      x2={width}
      y1={y}
      y2={y}
      className={className}
      strokeDasharray={dashed ? '3 3' : undefined}
      vectorEffect="non-scaling-stroke"
    />
  );
  return (
    <div className={`flex ${PLOT_HEIGHT} flex-col`}>
      <p aria-hidden="true" className="mb-1 h-4 text-xs leading-4 text-emerald-200/70 tabular-nums">
        {format(max)}
      </p>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="block min-h-0 w-full flex-1 overflow-visible"
      >
        {/* Guides at the highest day and half way, under the bars; the baseline over them. */}
        {rule(0, 'stroke-emerald-800', true)}
        {rule(HEIGHT / 2, 'stroke-emerald-800', true)}
        <Bars days={days} series={series} format={format} max={max} />
        {rule(HEIGHT, 'stroke-emerald-600', false)}
      </svg>
      <p aria-hidden="true" className="mt-1 flex h-4 justify-between text-xs leading-4 text-emerald-200/70">
        <span>{first && formatLagosDay(first.date)}</span>
        <span>{last && formatLagosDay(last.date)}</span>
      </p>
    </div>
  );
}

/** The chart's figures as a table, behind a disclosure: for screen readers, keyboards and exact numbers. */
function FiguresTable({
  title,
  period,
  days,
  series,
  format,
}: Omit<OverviewBarChartProps, 'emptyText' | 'days'> & { days: OverviewDay[] }) {
  const stacked = series.length > 1;
  return (
    <details className="group mt-2 text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center rounded-lg font-semibold text-lime-300 underline-offset-4 hover:underline">
        Show the figures<span className="sr-only"> of {title.toLowerCase()}</span>
      </summary>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-xs tabular-nums sm:text-sm">
          <caption className="sr-only">
            {title}, last {period} days
          </caption>
          <thead className="text-xs text-emerald-200/75">
            <tr>
              <th scope="col" className="py-1.5 pr-2 sm:pr-3 font-medium">
                Day
              </th>
              {series.map((item) => (
                <th key={item.label} scope="col" className="py-1.5 pr-2 sm:pr-3 text-right font-medium">
                  {item.label}
                </th>
              ))}
              {stacked && (
                <th scope="col" className="py-1.5 text-right font-medium">
                  Total
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-emerald-800/60 text-emerald-50">
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row" className="py-1.5 pr-2 sm:pr-3 font-normal whitespace-nowrap">
                  {formatLagosDay(day.date)}
                </th>
                {series.map((item) => (
                  <td key={item.label} className="py-1.5 pr-2 sm:pr-3 text-right">
                    {format(clamp(item.value(day)))}
                  </td>
                ))}
                {stacked && (
                  <td className="py-1.5 text-right font-semibold">{format(dayTotal(series, day))}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/**
 * A bar per day of the period, drawn by hand in SVG (no chart library in the bundle): the bars scale to
 * the highest day; several series stack, with a legend. The SVG is one image whose name sums it up; the
 * exact figures are in a table behind 'Show the figures'. A period of zeros says so instead of drawing.
 */
export function OverviewBarChart({ title, period, days, series, format, emptyText }: OverviewBarChartProps) {
  const headingId = useId();
  const empty = days?.every((day) => dayTotal(series, day) === 0) ?? false;
  return (
    <section aria-labelledby={headingId} className="card min-w-0 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="text-base font-bold text-white">
          {title}
        </h3>
        {series.length > 1 && (
          <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-emerald-100/80">
            {series.map((item) => (
              <li key={item.label} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={`size-2.5 rounded-sm ${item.swatchClass}`} />
                {item.label}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="mt-3">
        {days === undefined ? (
          <div aria-hidden="true" className={`${PLOT_HEIGHT} animate-pulse rounded-xl bg-emerald-900/60`} />
        ) : empty ? (
          <p
            className={`flex ${PLOT_HEIGHT} items-center justify-center rounded-xl border border-dashed border-emerald-700 px-4 text-center text-sm text-emerald-100/80`}
          >
            {emptyText}
          </p>
        ) : (
          <Plot
            days={days}
            series={series}
            format={format}
            summary={chartSummary({ title, period, days, series, format })}
          />
        )}
      </div>
      {days === undefined ? (
        // The place of 'Show the figures', so the card does not grow when the figures come.
        <div aria-hidden="true" className="mt-2 h-11" />
      ) : (
        !empty && <FiguresTable title={title} period={period} days={days} series={series} format={format} />
      )}
    </section>
  );
}
