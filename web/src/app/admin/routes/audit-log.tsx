import { auditActions } from '@cashtips/contract/admin';
import { useAuditLog } from '../../../features/admin/api/get-audit-log.ts';
import { AuditLogList } from '../../../features/admin/components/audit-log-list.tsx';
import { ListEmpty, ResultsStatus, SkeletonRows } from '../../../features/admin/components/list-states.tsx';
import { listSummary, PagedResults, pickOption } from '../../../features/admin/components/paged-results.tsx';
import { SelectField } from '../../../features/admin/components/select-field.tsx';
import { useListParams } from '../../../features/admin/components/use-list-params.ts';
import { auditActionLabel } from '../../../features/admin/utils/format.ts';
import { AdminPage } from '../admin-page.tsx';

export default function AdminAuditLogRoute() {
  const { page, get, setFilter, setPage } = useListParams();
  const action = pickOption(auditActions, get('action'));
  const query = useAuditLog({ action, page });
  const data = query.data;
  const busy = query.isPlaceholderData;

  const summary = listSummary(query, 'Loading the audit log…', ['entry', 'entries'], ', newest first');
  const empty = data && !busy && data.entries.length === 0;

  return (
    <AdminPage
      title="Audit log"
      description="Every admin action, newest first: who did what to which item, when (Lagos time) and why."
    >
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
      <PagedResults
        query={query}
        hasRows={Boolean(data && data.entries.length > 0)}
        skeleton={<SkeletonRows rows={4} height="h-32" />}
        errorFallback="Could not load the audit log."
        pagesLabel="Audit log pages"
        page={page}
        onPageChange={setPage}
      >
        <AuditLogList entries={data?.entries ?? []} />
      </PagedResults>
    </AdminPage>
  );
}
