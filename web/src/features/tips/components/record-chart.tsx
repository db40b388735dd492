import type { RecordWeek } from '@cashtips/contract/tips';
import { formatLagosDay } from '../../../lib/format.ts';

/* A phone-sized drawing (text stays readable at 320 px), never stretched wider than max-w-lg. */
const WIDTH = 360;
const HEIGHT = 200;
const PAD = { left: 42, right: 8, top: 10, bottom: 24 };
const GRID = [0, 25, 50, 75, 100];

const weekRate = (week: RecordWeek) =>
  week.won + week.lost ? Math.round((week.won / (week.won + week.lost)) * 100) : null;

/**
 * The free tips' running success rate, week by week (won ÷ settled of every tip up to that week's
 * end), over columns of each week's own rate. Drawn as SVG here: no chart library is worth its
 * weight for one line. The numbers are also in a table for screen readers and the curious.
 */
export function RecordChart({ weeks }: { weeks: RecordWeek[] }) {
  const points = weeks.filter((week) => week.runningRate !== null);
  if (points.length < 2) return null;
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = innerWidth / weeks.length;
  const x = (index: number) => PAD.left + step * (index + 0.5);
  const y = (rate: number) => PAD.top + innerHeight * (1 - rate / 100);
  const line = weeks
    .map((week, index) =>
      week.runningRate === null ? null : `${x(index).toFixed(1)},${y(week.runningRate).toFixed(1)}`,
    )
    .filter(Boolean)
    .join(' ');
  const first = points[0] as RecordWeek;
  const last = points.at(-1) as RecordWeek;
  const summary = `Running success rate by week: ${first.runningRate}% in the week of ${formatLagosDay(first.week)}, ${last.runningRate}% in the week of ${formatLagosDay(last.week)}.`;
  return (
    <figure className="flex max-w-lg flex-col gap-2">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="h-auto w-full">
        {GRID.map((rate) => (
          <g key={rate}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(rate)}
              y2={y(rate)}
              className="stroke-emerald-800"
              strokeDasharray={rate === 0 || rate === 100 ? undefined : '3 4'}
            />
            <text
              x={PAD.left - 6}
              y={y(rate) + 4}
              textAnchor="end"
              className="fill-emerald-200/80 text-[12px]"
            >
              {rate}%
            </text>
          </g>
        ))}
        {weeks.map((week, index) => {
          const rate = weekRate(week);
          if (rate === null) return null;
          const barWidth = Math.max(2, step * 0.6);
          return (
            <rect
              key={week.week}
              x={x(index) - barWidth / 2}
              y={y(rate)}
              width={barWidth}
              height={y(0) - y(rate)}
              rx={2}
              className="fill-emerald-700/50"
            />
          );
        })}
        <polyline
          points={line}
          fill="none"
          className="stroke-lime-300"
          strokeWidth={2}
          strokeLinejoin="round"
        />
        {weeks.map((week, index) =>
          week.runningRate === null ? null : (
            <circle key={week.week} cx={x(index)} cy={y(week.runningRate)} r={3} className="fill-lime-300" />
          ),
        )}
        <text x={PAD.left} y={HEIGHT - 8} className="fill-emerald-200/80 text-[12px]">
          {formatLagosDay(first.week)}
        </text>
        <text
          x={WIDTH - PAD.right}
          y={HEIGHT - 8}
          textAnchor="end"
          className="fill-emerald-200/80 text-[12px]"
        >
          {formatLagosDay(last.week)}
        </text>
      </svg>
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-emerald-100/75">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-0.5 w-5 rounded bg-lime-300" />
          Running success rate
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-emerald-700/50" />
          That week’s own rate
        </span>
      </figcaption>
      <details className="text-sm text-emerald-100/85">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-lime-300">
          Show the numbers
        </summary>
        <div className="overflow-x-auto">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">Free tips settled each week</caption>
            <thead className="text-xs text-emerald-200/70">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Week of
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Won
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Lost
                </th>
                <th scope="col" className="py-1 font-medium">
                  Running rate
                </th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.week} className="border-t border-emerald-800/70">
                  <td className="py-1 pr-3">{formatLagosDay(week.week)}</td>
                  <td className="py-1 pr-3">{week.won}</td>
                  <td className="py-1 pr-3">{week.lost}</td>
                  <td className="py-1">{week.runningRate === null ? '—' : `${week.runningRate}%`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
