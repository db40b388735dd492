import { groupDigits } from '@cashtips/contract/plain/format';
import { Skeleton } from './skeleton.tsx';

/** What a figure shows once its load has failed: an empty value, never a made-up zero (spec 8). */
export const UNKNOWN_FIGURE = '—';

/** A count with thousands separators: 1,204. */
export function formatCount(value: number): string {
  return groupDigits(value, 0, 3);
}

interface StatFigureProps {
  label: string;
  /** `undefined` while loading: a placeholder of the value's height, so nothing moves when it arrives. */
  value: string | undefined;
  /**
   * A line under the value. Pass `null` to keep its room without text (the line comes and goes with
   * the data); leave it out when the figure never has one.
   */
  hint?: string | null;
  compact?: boolean;
  valueClassName?: string;
  /** Classes of the figure's box (its grid span). */
  className?: string;
}

/** One labelled figure of a `<dl>`: label, value and an optional hint. */
export function StatFigure({
  label,
  value,
  hint,
  compact = false,
  valueClassName = 'text-white',
  className = '',
}: StatFigureProps) {
  return (
    <div className={`rounded-xl bg-emerald-950/50 px-3 ${compact ? 'py-2' : 'py-3'} ${className}`}>
      <dt className="text-xs font-medium text-emerald-200/75">{label}</dt>
      <dd className="mt-1">
        <span
          className={`block font-bold tabular-nums ${compact ? 'h-6 text-base' : 'h-7 text-lg'} ${valueClassName}`}
        >
          {value ?? <Skeleton className="mt-1 h-5 w-16" />}
        </span>
        {hint !== undefined && <span className="block min-h-4 text-xs text-emerald-100/75">{hint}</span>}
      </dd>
    </div>
  );
}
