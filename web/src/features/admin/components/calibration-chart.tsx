import type { CalibrationResponse } from '@cashtips/contract/predictions';
import { useId } from 'react';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { percentText } from '../utils/model-game.ts';

export type CalibrationBucket = CalibrationResponse['buckets'][number];

/** 0.583 → '58.3%'; '—' for an empty bucket. */
const percent = (value: number | null) => (value === null ? '—' : percentText(value));
/** A bucket's edges as whole percents: '50–60%'. */
export const bucketLabel = (bucket: Pick<CalibrationBucket, 'from' | 'to'>) =>
  `${Math.round(bucket.from * 100)}–${Math.round(bucket.to * 100)}%`;

export const settledPicks = (buckets: readonly CalibrationBucket[]) =>
  buckets.reduce((total, bucket) => total + bucket.settled, 0);

// The drawing's own units: a square plot 96 wide and high, with room on the left and below for the ticks.
// The SVG keeps its proportions (a calibration chart is read against its diagonal, which must stay 45°).
const LEFT = 18;
const TOP = 4;
const SIZE = 96;
const WIDTH = LEFT + SIZE + 4;
const HEIGHT = TOP + SIZE + 10;
const ticks = [0, 0.25, 0.5, 0.75, 1];
const x = (probability: number) => LEFT + probability * SIZE;
const y = (frequency: number) => TOP + (1 - frequency) * SIZE;

interface Point {
  bucket: CalibrationBucket;
  predicted: number;
  observed: number;
}

/** The buckets that have settled picks, placed at their mean posted probability (else their middle). */
function pointsOf(buckets: readonly CalibrationBucket[]): Point[] {
  return buckets.flatMap((bucket) =>
    bucket.settled > 0 && bucket.observedFrequency !== null
      ? [
          {
            bucket,
            predicted: bucket.meanProbability ?? (bucket.from + bucket.to) / 2,
            observed: bucket.observedFrequency,
          },
        ]
      : [],
  );
}

/** What a screen reader hears for the chart; the table beside it has every figure. */
export function calibrationSummary(buckets: readonly CalibrationBucket[]): string {
  const points = pointsOf(buckets);
  const settled = settledPicks(buckets);
  const parts = points.map(
    ({ bucket, observed }) =>
      `${bucketLabel(bucket)} predicted: ${percent(observed)} won of ${formatCount(bucket.settled)}`,
  );
  return `Calibration of ${formatCount(settled)} settled model ${settled === 1 ? 'pick' : 'picks'}: ${parts.join('; ')}. Perfect calibration lies on the diagonal.`;
}

function Plot({ buckets }: { buckets: readonly CalibrationBucket[] }) {
  const points = pointsOf(buckets);
  const largest = Math.max(1, ...points.map((point) => point.bucket.settled));
  // Area, not radius, grows with the count, so a bucket of 40 does not look sixteen times one of 10.
  const radius = (settled: number) => 1.6 + 3.4 * Math.sqrt(settled / largest);
  return (
    <svg
      role="img"
      aria-label={calibrationSummary(buckets)}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="block h-auto w-full overflow-visible"
    >
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={x(0)}
            x2={x(1)}
            y1={y(tick)}
            y2={y(tick)}
            className="stroke-emerald-800"
            strokeWidth={0.4}
          />
          <line
            x1={x(tick)}
            x2={x(tick)}
            y1={y(0)}
            y2={y(1)}
            className="stroke-emerald-800"
            strokeWidth={0.4}
          />
          <text
            x={LEFT - 2}
            y={y(tick) + 1.5}
            textAnchor="end"
            fontSize={4.2}
            className="fill-emerald-200/80"
          >
            {tick * 100}%
          </text>
          <text
            x={x(tick)}
            y={TOP + SIZE + 6}
            textAnchor="middle"
            fontSize={4.2}
            className="fill-emerald-200/80"
          >
            {tick * 100}%
          </text>
        </g>
      ))}
      {/* Perfect calibration: what was given a 60% chance won 60% of the time. */}
      <line
        x1={x(0)}
        y1={y(0)}
        x2={x(1)}
        y2={y(1)}
        className="stroke-emerald-300/70"
        strokeWidth={0.6}
        strokeDasharray="2 2"
      />
      {points.length > 1 && (
        <polyline
          points={points.map((point) => `${x(point.predicted)},${y(point.observed)}`).join(' ')}
          fill="none"
          className="stroke-lime-300/80"
          strokeWidth={0.7}
        />
      )}
      {points.map(({ bucket, predicted, observed }) => {
        const r = radius(bucket.settled);
        return (
          // The count goes below and right of its point: the curve climbs, so the next point is up and right.
          <g key={bucket.from} className="hover:opacity-80">
            <title>{`${bucketLabel(bucket)}: ${formatCount(bucket.settled)} settled, ${percent(predicted)} predicted on average, ${percent(observed)} won`}</title>
            <circle
              cx={x(predicted)}
              cy={y(observed)}
              r={r}
              className="fill-lime-400 stroke-emerald-950"
              strokeWidth={0.5}
            />
            <text
              x={x(predicted) + r + 0.5}
              y={y(observed) + r + 2.5}
              fontSize={4.2}
              className="fill-white font-semibold"
            >
              {formatCount(bucket.settled)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Every bucket, empty ones included, with the figures the chart draws. */
export function CalibrationTable({ buckets }: { buckets: readonly CalibrationBucket[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs tabular-nums sm:text-sm">
        <caption className="sr-only">Calibration of settled model picks by posted probability</caption>
        <thead className="text-xs text-emerald-200/75">
          <tr>
            <th scope="col" className="py-1.5 pr-2 font-medium sm:pr-3">
              Posted probability
            </th>
            <th scope="col" className="py-1.5 pr-2 text-right font-medium sm:pr-3">
              Settled
            </th>
            <th scope="col" className="py-1.5 pr-2 text-right font-medium sm:pr-3">
              Won
            </th>
            <th scope="col" className="py-1.5 pr-2 text-right font-medium sm:pr-3">
              Mean predicted
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Observed
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-emerald-800/60 text-emerald-50">
          {buckets.map((bucket) => (
            <tr key={bucket.from} className={bucket.settled === 0 ? 'text-emerald-100/55' : undefined}>
              <th scope="row" className="py-1.5 pr-2 font-normal whitespace-nowrap sm:pr-3">
                {bucketLabel(bucket)}
              </th>
              <td className="py-1.5 pr-2 text-right sm:pr-3">{formatCount(bucket.settled)}</td>
              <td className="py-1.5 pr-2 text-right sm:pr-3">{formatCount(bucket.won)}</td>
              <td className="py-1.5 pr-2 text-right sm:pr-3">{percent(bucket.meanProbability)}</td>
              <td className="py-1.5 text-right font-semibold">{percent(bucket.observedFrequency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The calibration chart, drawn by hand in SVG like the overview's charts: posted probability across, how
 * often those picks won up the side, the diagonal where they would lie if every probability were exact, and
 * a point per bucket sized by (and labelled with) its settled picks. The table beside it has the figures.
 */
export function CalibrationChart({ buckets }: { buckets: readonly CalibrationBucket[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card min-w-0 gap-4 p-4 sm:p-5">
      <h2 id={headingId} className="text-base font-bold text-white">
        Calibration
      </h2>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:items-start">
        <figure className="flex min-w-0 flex-col gap-1">
          <p aria-hidden="true" className="text-xs text-emerald-200/75">
            Won (share of settled picks)
          </p>
          <div className="mx-auto w-full max-w-md">
            <Plot buckets={buckets} />
          </div>
          <figcaption className="text-center text-xs text-emerald-200/75">
            Probability at posting · dashed: perfect calibration · labels: settled picks
          </figcaption>
        </figure>
        <CalibrationTable buckets={buckets} />
      </div>
    </section>
  );
}
