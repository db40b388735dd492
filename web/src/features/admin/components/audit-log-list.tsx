import type { AuditEntry } from '@cashtips/contract/admin';
import { Fragment } from 'react';
import { Link } from '../../../components/ui/link.tsx';
import { adminPaths } from '../utils/admin-paths.ts';
import { auditActionLabel, formatDateTime } from '../utils/format.ts';
import { AuditDiff, contextFields, formatValue, humaniseKey } from './audit-diff.tsx';

/** Ids are UUIDs: the first block tells entries apart at a glance; the full id is in the title. */
function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

function Target({ entry }: { entry: AuditEntry }) {
  const type = humaniseKey(entry.targetType);
  if (!entry.targetId) return <>{type}</>;
  const id = (
    <span className="font-mono text-xs" title={entry.targetId}>
      {shortId(entry.targetId)}
    </span>
  );
  if (entry.targetType === 'user') {
    return (
      <Link
        to={adminPaths.user(entry.targetId)}
        className="rounded font-semibold text-lime-300 underline-offset-4 hover:underline"
      >
        {type} {id}
      </Link>
    );
  }
  return (
    <>
      {type} {id}
    </>
  );
}

/** Audit entries as they come (newest first): who did what to which target, when, why, and what changed. */
export function AuditLogList({ entries }: { entries: AuditEntry[] }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Audit log entries">
      {entries.map((entry) => (
        <li key={entry._id}>
          <article
            aria-label={`${auditActionLabel(entry.action)}, ${formatDateTime(entry.createdAt)}`}
            className="grid gap-4 rounded-2xl border border-emerald-800/70 bg-emerald-900/35 p-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:p-5"
          >
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="font-bold text-white">{auditActionLabel(entry.action)}</h2>
                <span className="rounded-md bg-emerald-950/70 px-1.5 py-0.5 font-mono text-xs text-emerald-200/70">
                  {entry.action}
                </span>
              </div>
              <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
                <dt className="text-emerald-200/60">When</dt>
                <dd className="text-emerald-50">
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                </dd>
                <dt className="text-emerald-200/60">Who</dt>
                <dd className="break-words text-emerald-50">{entry.actor?.email ?? 'System'}</dd>
                <dt className="text-emerald-200/60">Target</dt>
                <dd className="text-emerald-50">
                  <Target entry={entry} />
                </dd>
                {contextFields(entry.before, entry.after).map(({ key, value }) => (
                  <Fragment key={key}>
                    <dt className="text-emerald-200/60">{humaniseKey(key)}</dt>
                    <dd className="font-mono text-xs leading-5 break-all text-emerald-50">
                      {formatValue(value)}
                    </dd>
                  </Fragment>
                ))}
                <dt className="text-emerald-200/60">Reason</dt>
                <dd className="break-words text-emerald-50">{entry.reason || '—'}</dd>
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
