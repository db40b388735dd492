import type { AuditEntry } from '@cashtips/contract/admin';
import { automaticActor } from '@cashtips/contract/football';
import { Fragment } from 'react';
import { Link } from '../../../components/ui/link.tsx';
import { adminPaths } from '../utils/admin-paths.ts';
import { auditFieldLabel, humaniseKey, shortId } from '../utils/audit-fields.ts';
import { auditActionLabel, formatDateTime } from '../utils/format.ts';
import { AuditDiff, AuditValue, contextFields } from './audit-diff.tsx';

/** The admin screen of each kind of target that has one. */
const targetPaths: Partial<Record<string, (id: string) => string>> = {
  user: adminPaths.user,
  'booking-code': adminPaths.bookingCode,
  'rollover-plan': adminPaths.rolloverPlan,
  'rollover-tip': adminPaths.rolloverTip,
  'free-tip': adminPaths.freeTip,
  match: adminPaths.match,
};

/** A free tip's name already starts with what it is ('free tip Arsenal vs Chelsea'). */
const withoutKind = (name: string, type: string) =>
  name.toLowerCase().startsWith(`${type.toLowerCase()} `) ? name.slice(type.length + 1) : name;

function Target({ entry }: { entry: AuditEntry }) {
  const type = humaniseKey(entry.targetType);
  if (!entry.targetId) return <>{type}</>;
  const label = entry.targetName ? (
    <span className="break-words">{withoutKind(entry.targetName, type)}</span>
  ) : (
    <span className="font-mono text-xs">{shortId(entry.targetId)}</span>
  );
  const path = targetPaths[entry.targetType];
  // A deleted item has no screen left to open.
  if (!path || entry.action.endsWith('.delete')) {
    return (
      <span title={entry.targetId}>
        {type}: {label}
      </span>
    );
  }
  return (
    <Link
      to={path(entry.targetId)}
      title={entry.targetId}
      className="rounded font-semibold text-lime-300 underline-offset-4 hover:underline"
    >
      {type}: {label}
    </Link>
  );
}

/** Audit entries newest first, as the server lists them: who did what to which item, when, why, and what changed. */
export function AuditLogList({ entries }: { entries: AuditEntry[] }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Audit log entries">
      {entries.map((entry) => (
        <li key={entry._id}>
          <article
            aria-label={`${auditActionLabel(entry.action)}, ${formatDateTime(entry.createdAt)}`}
            className="grid min-w-0 gap-4 rounded-2xl border border-emerald-800/70 bg-emerald-900/35 p-3 sm:p-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:p-5"
          >
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="font-bold text-white">{auditActionLabel(entry.action)}</h2>
                <span className="rounded-md bg-emerald-950/70 px-1.5 py-0.5 font-mono text-xs break-all text-emerald-200/70">
                  {entry.action}
                </span>
              </div>
              <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
                <dt className="text-emerald-200/60">When</dt>
                <dd className="text-emerald-50">
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                </dd>
                <dt className="text-emerald-200/60">Who</dt>
                <dd className="break-words text-emerald-50">
                  {entry.actor?.email ?? automaticActor(entry.after)}
                </dd>
                <dt className="text-emerald-200/60">Target</dt>
                <dd className="min-w-0 text-emerald-50">
                  <Target entry={entry} />
                </dd>
                {contextFields(entry.before, entry.after).map(({ key, value }) => (
                  <Fragment key={key}>
                    <dt className="text-emerald-200/60">{auditFieldLabel(key)}</dt>
                    <dd className="min-w-0 break-words text-emerald-50">
                      <AuditValue field={key} value={value} />
                    </dd>
                  </Fragment>
                ))}
                <dt className="text-emerald-200/60">Reason</dt>
                <dd className="break-words whitespace-pre-line text-emerald-50">{entry.reason || '—'}</dd>
              </dl>
            </div>
            <div className="min-w-0">
              <AuditDiff before={entry.before} after={entry.after} />
            </div>
          </article>
        </li>
      ))}
    </ol>
  );
}
