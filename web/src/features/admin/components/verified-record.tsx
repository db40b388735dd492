import { formatSuccessRate, MIN_SETTLED_FOR_PUBLIC_RATE } from '@cashtips/contract/success-rate';
import type { RecordWindow } from '@cashtips/contract/tips';
import { useId } from 'react';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { formatLagosDay } from '../../../lib/format.ts';
import { useTipRecord } from '../api/get-tip-record.ts';
import { ListError } from './list-states.tsx';

const wonLostText = ({ won, lost }: { won: number; lost: number }) =>
  `${formatCount(won)} won, ${formatCount(lost)} lost`;

function WindowFigure({ window }: { window: RecordWindow }) {
  return (
    <div className="rounded-xl border border-emerald-800/70 bg-emerald-950/40 p-3">
      <dt className="text-xs text-emerald-200/70">Last {window.days} days</dt>
      <dd className="text-2xl font-bold text-white tabular-nums">{formatSuccessRate(window.successRate)}</dd>
      <dd className="text-xs text-emerald-100/75">{wonLostText(window)}</dd>
    </div>
  );
}

/**
 * The free tips' verified record, which the landing page shows beside the figures: won ÷ settled over
 * 30 and 90 days, computed from settled results ('New' until there are enough of them).
 */
export function VerifiedRecord() {
  const query = useTipRecord();
  const titleId = useId();
  const data = query.data;
  return (
    <section aria-labelledby={titleId} className="card p-5">
      <h2 id={titleId} className="text-base font-bold text-white">
        Verified record
      </h2>
      <p className="mt-1 text-sm text-emerald-100/75">
        Shown on the landing page beside the figures. It is computed from settled free tips; void tips count
        in neither.
      </p>
      {query.isPending && (
        <div aria-hidden="true" className="mt-3 grid grid-cols-2 gap-3">
          <div className="h-24 animate-pulse rounded-xl bg-emerald-900/60" />
          <div className="h-24 animate-pulse rounded-xl bg-emerald-900/60" />
        </div>
      )}
      {query.isError && (
        <div className="mt-3">
          <ListError
            error={query.error}
            fallback="Could not load the record."
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </div>
      )}
      {data && (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            {data.windows.map((window) => (
              <WindowFigure key={window.days} window={window} />
            ))}
          </dl>
          <p className="mt-3 text-sm text-emerald-100/80">
            All time: {formatSuccessRate(data.record.successRate)} ({wonLostText(data.record)}
            {data.record.since ? ` since ${formatLagosDay(data.record.since)}` : ''}),{' '}
            {formatCount(data.record.pending)} pending.
          </p>
          {data.windows.some((window) => window.successRate === null) && (
            <p className="mt-2 text-xs text-emerald-200/70">
              New: fewer than {MIN_SETTLED_FOR_PUBLIC_RATE} free tips won or lost in that time.
            </p>
          )}
        </>
      )}
    </section>
  );
}
