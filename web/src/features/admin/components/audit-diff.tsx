export interface DiffRow {
  key: string;
  before: unknown;
  after: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Absent and null both mean 'nothing recorded'. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The keys whose value changed between two snapshots. A missing side (a creation, a deletion) counts as
 * every key changed; two plain values compare as one row named ''. A key recorded only before, next to an
 * `after` object, is context (e.g. the deposit's reference), not a removal: see `contextFields`.
 */
export function diffSnapshots(before: unknown, after: unknown): DiffRow[] {
  const beforeRecord = isRecord(before) ? before : before == null ? {} : null;
  const afterRecord = isRecord(after) ? after : after == null ? {} : null;
  if (!beforeRecord || !afterRecord) return same(before, after) ? [] : [{ key: '', before, after }];
  const keys = [...new Set([...Object.keys(beforeRecord), ...Object.keys(afterRecord)])];
  return keys
    .filter((key) => !isRecord(after) || key in after)
    .filter((key) => !same(beforeRecord[key], afterRecord[key]))
    .map((key) => ({ key, before: beforeRecord[key], after: afterRecord[key] }));
}

/** Keys recorded only in `before` while `after` is also a record: they identify, they did not change. */
export function contextFields(before: unknown, after: unknown): { key: string; value: unknown }[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  return Object.keys(before)
    .filter((key) => !(key in after))
    .map((key) => ({ key, value: before[key] }));
}

/** `mainWallet` → 'Main wallet', `failure_reason` → 'Failure reason'. */
export function humaniseKey(key: string): string {
  if (!key) return 'Value';
  const words = key
    .replace(/[_.-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const numberFormat = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2 });

export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return numberFormat.format(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Before and after side by side, only the changed keys. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const rows = diffSnapshots(before, after);
  if (rows.length === 0) return <p className="text-sm text-emerald-100/60">No recorded change.</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-emerald-800/70">
      <table className="w-full border-collapse text-left text-xs sm:text-sm">
        <caption className="sr-only">Changes</caption>
        <thead className="bg-emerald-900/60">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold text-emerald-200/80">
              Field
            </th>
            <th scope="col" className="px-3 py-2 font-semibold text-emerald-200/80">
              Before
            </th>
            <th scope="col" className="px-3 py-2 font-semibold text-emerald-200/80">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key || 'value'} className="border-t border-emerald-800/50">
              <th scope="row" className="px-3 py-2 align-top font-medium text-emerald-50">
                {humaniseKey(row.key)}
              </th>
              <td className="px-3 py-2 align-top break-words text-rose-200/90 tabular-nums">
                {formatValue(row.before)}
              </td>
              <td className="px-3 py-2 align-top break-words text-lime-200 tabular-nums">
                {formatValue(row.after)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
