import { formatDate, formatTime } from '../utils/format.ts';

/** Date over time, for narrow table columns; '—' when there is none (e.g. not confirmed yet). */
export function DateTime({ iso }: { iso: string | null }) {
  if (!iso) return <span className="text-emerald-100/50">—</span>;
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      <span className="block">{formatDate(iso)}</span>
      <span className="block text-xs text-emerald-200/60">{formatTime(iso)}</span>
    </time>
  );
}
