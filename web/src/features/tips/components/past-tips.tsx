import { priceRecordSentences } from '@cashtips/contract/plain/price-record';
import { formatSuccessRate } from '@cashtips/contract/success-rate';
import { tipMessages } from '@cashtips/contract/tips';
import { useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatLagosDay } from '../../../lib/format.ts';
import { usePastTips } from '../api/get-past-tips.ts';
import { useTipRecord } from '../api/get-tip-record.ts';
import { FreeTipCard } from './free-tip-card.tsx';
import { RecordChart } from './record-chart.tsx';

const PAGE_SIZE = 10;

function Figure({
  label,
  value,
  tone = 'text-white',
}: {
  label: string;
  value: string | number;
  tone?: string;
}) {
  return (
    <div className="flex flex-col-reverse rounded-xl bg-emerald-950/50 px-3 py-3 text-center">
      <dt className="text-xs text-emerald-200/75">{label}</dt>
      <dd className={`text-2xl font-extrabold tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
}

/**
 * The record and the chart, from settled results only; demo tips (`demo`) are listed below with their
 * badge and counted in none of it (PRODUCT 15).
 */
function RecordSummary({ demoListed }: { demoListed: boolean }) {
  const query = useTipRecord();
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading" className="flex flex-col gap-3">
        <Skeleton className="h-20 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Could not load the record"
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { record, windows, weeks } = query.data;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure
          label="Success rate"
          value={formatSuccessRate(record.successRate)}
          tone={record.successRate === null ? 'text-white' : 'text-lime-300'}
        />
        <Figure label="Won" value={record.won} tone="text-green-300" />
        <Figure label="Lost" value={record.lost} tone="text-red-300" />
        <Figure label="Pending" value={record.pending} tone="text-amber-200" />
      </dl>
      <p className="text-sm text-emerald-100/80">
        {record.since
          ? `${tipMessages.recordSince(formatLagosDay(record.since))}.`
          : tipMessages.noSettledTips}{' '}
        The rate is won ÷ (won + lost): a void tip counts in neither, and a rate shows once 5 tips are
        settled.{demoListed && ` ${tipMessages.demoNotCounted}`}
        {windows.map((window) => (
          <span key={window.days}>
            {' '}
            Last {window.days} days:{' '}
            <span className="font-semibold text-white">{formatSuccessRate(window.successRate)}</span> (
            {window.won} won, {window.lost} lost).
          </span>
        ))}
      </p>
      <p className="text-sm text-emerald-100/80">{priceRecordSentences(record, 'tip').join(' ')}</p>
      <RecordChart weeks={weeks} />
    </div>
  );
}

/** /past-tips: every free tip that has a result or whose day has passed, with the verified record. */
export function PastTips() {
  const [page, setPage] = useState(1);
  const query = usePastTips(page, PAGE_SIZE);
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Past Tips</h1>
        <p className="mt-1 text-emerald-100/75">
          Every free tip we posted and how it ended, worked out from the final scores.
        </p>
      </header>
      <section aria-labelledby="record-title" className="card gap-4">
        <h2 id="record-title" className="text-lg font-bold text-white">
          Our record
        </h2>
        <RecordSummary demoListed={query.data?.tips.some((tip) => tip.demo) === true} />
      </section>
      <section aria-labelledby="past-list-title" className="flex flex-col gap-3">
        <h2 id="past-list-title" className="text-lg font-bold text-white">
          Results
        </h2>
        {query.isPending ? (
          <div role="status" aria-label="Loading" className="grid gap-3 md:grid-cols-2">
            <Skeleton className="h-44 rounded-2xl" />
            <Skeleton className="h-44 rounded-2xl" />
          </div>
        ) : query.isError ? (
          <ErrorState
            title="Could not load past tips"
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : query.data.tips.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-emerald-700/70 px-4 py-8 text-center text-emerald-100/80">
            {tipMessages.noPastTips}
          </p>
        ) : (
          <>
            <ul className={`grid gap-3 md:grid-cols-2 ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
              {query.data.tips.map((tip) => (
                <li key={tip._id}>
                  <FreeTipCard tip={tip} showDate />
                </li>
              ))}
            </ul>
            <Pagination
              page={query.data.page}
              totalPages={query.data.totalPages}
              onPageChange={(next) => {
                setPage(next);
                window.scrollTo({ top: 0 });
              }}
              label="Past tips"
            />
          </>
        )}
      </section>
    </div>
  );
}
