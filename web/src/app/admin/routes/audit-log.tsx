import { auditActions } from '@cashtips/contract/admin';
import { useAuditLog } from '../../../features/admin/api/get-audit-log.ts';
import { AuditLogList } from '../../../features/admin/components/audit-log-list.tsx';
import {
  ListEmpty,
  ListError,
  ResultsStatus,
  SkeletonRows,
} from '../../../features/admin/components/list-states.tsx';
import { Pagination } from '../../../features/admin/components/pagination.tsx';
import { SelectField } from '../../../features/admin/components/select-field.tsx';
import { useListParams } from '../../../features/admin/components/use-list-params.ts';
import { auditActionLabel } from '../../../features/admin/utils/format.ts';
import { AdminPage } from '../admin-page.tsx';

export default function AdminAuditLogRoute() {
  const { page, get, setFilter, setPage } = useListParams();
  const action = auditActions.find((value) => value === get('action')) ?? '';
  const query = useAuditLog({ action, page });
  const data = query.data;
  const busy = query.isPlaceholderData;

  let summary = '';
  if (query.isPending || busy) summary = 'Loading the audit log…';
  else if (data && data.total > 0) {
    summary = `${data.total.toLocaleString('en-NG')} ${data.total === 1 ? 'entry' : 'entries'}, newest first${
      data.totalPages > 1 ? ` · page ${data.page} of ${data.totalPages}` : ''
    }`;
  }
  const empty = data && !busy && data.entries.length === 0;

  return (
    <AdminPage title="Audit log" description="Every admin action: who did what, to whom, when and why.">
      <SelectField
        label="Action"
        value={action}
        onChange={(event) => setFilter('action', event.target.value)}
        className="max-w-xs"
      >
        <option value="">All actions</option>
        {auditActions.map((value) => (
          <option key={value} value={value}>
            {auditActionLabel(value)}
          </option>
        ))}
      </SelectField>
      <ResultsStatus>
        {empty ? (
          <ListEmpty>
            {action ? 'No entries for this action yet.' : 'No admin actions recorded yet.'}
          </ListEmpty>
        ) : (
          summary
        )}
      </ResultsStatus>
      {query.isPending && <SkeletonRows rows={4} height="h-32" />}
      {query.isError && (
        <ListError
          error={query.error}
          fallback="Could not load the audit log."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {data && data.entries.length > 0 && (
        <div aria-busy={busy} className={`transition-opacity ${busy ? 'opacity-60' : ''}`}>
          <AuditLogList entries={data.entries} />
        </div>
      )}
      {data && (
        <Pagination
          label="Audit log pages"
          page={page}
          totalPages={data.totalPages}
          onPageChange={setPage}
          disabled={busy}
        />
      )}
    </AdminPage>
  );
}
