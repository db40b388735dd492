import { scoreText } from '@cashtips/contract/matches';
import { auditFieldLabel, formatAuditValue } from '../utils/audit-fields.ts';
import { formatDateTime, formatOdds } from '../utils/format.ts';

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

const isScore = (value: Record<string, unknown>) =>
  typeof value.home === 'number' && typeof value.away === 'number' && Object.keys(value).length === 2;

const isGame = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) && typeof value.teamA === 'string' && typeof value.teamB === 'string';

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** One game of a code or tip as a bettor would write it down: teams; league and kickoff; pick, odds, bookmaker. */
function GameLine({ game }: { game: Record<string, unknown> }) {
  const kickoff = text(game.kickoff);
  const where = [text(game.league), kickoff && formatDateTime(kickoff)].filter(Boolean).join(' · ');
  const pick = [
    text(game.prediction),
    typeof game.odds === 'number' ? `@ ${formatOdds(game.odds)}` : null,
    text(game.bookmaker),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="min-w-0">
      <span className="block font-medium break-words text-emerald-50">
        {String(game.teamA)} vs {String(game.teamB)}
      </span>
      {where && <span className="block text-xs break-words text-emerald-200/70">{where}</span>}
      {pick && <span className="block text-xs break-words">{pick}</span>}
    </li>
  );
}

/**
 * A recorded value for people: plain values through the field's format (naira, Lagos time, odds,
 * percentages, status words), a score as '2-1', games one under another, any other object as its
 * fields. Never the JSON the server stored.
 */
export function AuditValue({ field, value }: { field: string; value: unknown }) {
  if (Array.isArray(value)) {
    if (value.length === 0) return <>None</>;
    if (value.every(isGame)) {
      return (
        <ol className="flex flex-col gap-2">
          {value.map((game, index) => (
            // Games have no id of their own in a record; their position is what they are.
            // biome-ignore lint/suspicious/noArrayIndexKey: a recorded list never reorders while shown.
            <GameLine key={index} game={game} />
          ))}
        </ol>
      );
    }
    return (
      <ul className="flex flex-col gap-1">
        {value.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a recorded list never reorders while shown.
          <li key={index}>
            <AuditValue field={field} value={item} />
          </li>
        ))}
      </ul>
    );
  }
  if (isRecord(value)) {
    if (isScore(value)) return <>{scoreText({ home: Number(value.home), away: Number(value.away) })}</>;
    return (
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5">
        {Object.entries(value).map(([key, item]) => (
          <div key={key} className="contents">
            <dt className="text-emerald-200/60">{auditFieldLabel(key)}</dt>
            <dd className="min-w-0 break-words">
              <AuditValue field={key} value={item} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <>{formatAuditValue(field, value)}</>;
}

const cell = 'px-3 py-2 align-top break-words whitespace-pre-line';

/**
 * The changed fields, one row each: label, value before, value after. A creation shows only what was
 * set, a deletion only what was there. On phones each row puts its label above its values, so the
 * values get the full width (laid out as blocks and grids, the table keeps its roles for screen
 * readers).
 */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const rows = diffSnapshots(before, after);
  if (rows.length === 0) return <p className="text-sm text-emerald-100/60">No recorded change.</p>;
  const columns = [
    ...(before == null ? [] : [{ side: 'before' as const, title: after == null ? 'Was' : 'Before' }]),
    ...(after == null ? [] : [{ side: 'after' as const, title: before == null ? 'Set to' : 'After' }]),
  ];
  const row = `grid ${columns.length === 1 ? 'grid-cols-1' : 'grid-cols-2'} sm:table-row`;
  return (
    <div className="rounded-xl border border-emerald-800/70">
      <table className="block w-full table-fixed border-collapse text-left text-xs sm:table sm:text-sm">
        <caption className="sr-only">Changes</caption>
        <colgroup className="hidden sm:table-column-group">
          <col className="sm:w-[22%]" />
          {columns.map(({ side }) => (
            <col key={side} />
          ))}
        </colgroup>
        <thead className="block bg-emerald-900/60 sm:table-header-group">
          <tr className={row}>
            <th scope="col" className="hidden px-3 py-2 font-semibold text-emerald-200/80 sm:table-cell">
              Field
            </th>
            {columns.map(({ side, title }) => (
              <th key={side} scope="col" className="px-3 py-2 font-semibold text-emerald-200/80">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block sm:table-row-group">
          {rows.map((diff) => (
            <tr key={diff.key || 'value'} className={`${row} border-t border-emerald-800/50`}>
              <th scope="row" className={`${cell} col-span-full pb-0 font-medium text-emerald-50 sm:pb-2`}>
                {auditFieldLabel(diff.key)}
              </th>
              {columns.map(({ side }) => (
                <td
                  key={side}
                  className={`${cell} tabular-nums ${side === 'after' ? 'text-lime-200' : after == null ? 'text-emerald-50' : 'text-rose-200/90'}`}
                >
                  <AuditValue field={diff.key} value={diff[side]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
