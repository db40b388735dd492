import { withdrawalStatuses, withdrawalStatusLabels } from '@cashtips/contract/payouts';
import { Link } from '../../../components/ui/link.tsx';
import { useAdminWithdrawals } from '../../../features/admin/api/get-admin-withdrawals.ts';
import { ListEmpty, ResultsStatus, SkeletonRows } from '../../../features/admin/components/list-states.tsx';
import { listSummary, PagedResults, pickOption } from '../../../features/admin/components/paged-results.tsx';
import { SelectField } from '../../../features/admin/components/select-field.tsx';
import { useListParams } from '../../../features/admin/components/use-list-params.ts';
import { WithdrawalsList } from '../../../features/admin/components/withdrawals-list.tsx';
import { adminPaths } from '../../../features/admin/utils/admin-paths.ts';
import { AdminPage } from '../admin-page.tsx';

/** The queue opens on what waits for an admin; `?status=all` lists every status. */
const DEFAULT_STATUS = 'review';
const ALL = 'all';

const emptyMessages: Record<string, string> = {
  review: 'No withdrawals wait for review.',
  processing: 'No withdrawals are with the provider.',
};

/**
 * /admin/withdrawals: the review queue (first withdrawals and large amounts wait for an admin), and every
 * other status through the filter, kept in the address. `?userId=` narrows it to one user (their page links
 * here).
 */
export default function AdminWithdrawalsRoute() {
  const { page, get, setFilter, setPage } = useListParams();
  const chosen = get('status');
  const status = chosen === ALL ? '' : pickOption(withdrawalStatuses, chosen) || DEFAULT_STATUS;
  const userId = get('userId');
  const query = useAdminWithdrawals({ status, userId, page });
  const data = query.data;
  const busy = query.isPlaceholderData;
  const empty = data && !busy && data.withdrawals.length === 0;
  const summary = listSummary(query, 'Loading withdrawals…', ['withdrawal', 'withdrawals']);
  const oneUser = data?.withdrawals[0]?.user;

  return (
    <AdminPage
      title="Withdrawals"
      description="Money users take out to their banks. Approve or reject those in review; times are Lagos time."
    >
      <div className="grid gap-3 sm:grid-cols-[14rem_minmax(0,1fr)] sm:items-end">
        <SelectField
          label="Status"
          value={status || ALL}
          onChange={(event) =>
            setFilter('status', event.target.value === DEFAULT_STATUS ? '' : event.target.value)
          }
        >
          {withdrawalStatuses.map((value) => (
            <option key={value} value={value}>
              {withdrawalStatusLabels[value]}
            </option>
          ))}
          <option value={ALL}>All statuses</option>
        </SelectField>
        {userId && (
          <p className="flex min-h-12 flex-wrap items-center gap-x-3 text-sm text-emerald-100/80">
            <span>
              Withdrawals of{' '}
              {oneUser ? (
                <Link
                  to={adminPaths.user(userId)}
                  className="font-semibold text-white underline-offset-4 hover:underline"
                >
                  {oneUser.name || oneUser.email}
                </Link>
              ) : (
                'one user'
              )}
            </span>
            <button
              type="button"
              className="min-h-11 rounded font-semibold text-lime-300 underline-offset-4 hover:underline"
              onClick={() => setFilter('userId', '')}
            >
              Show everyone’s
            </button>
          </p>
        )}
      </div>
      <ResultsStatus>
        {empty ? (
          <ListEmpty>
            {(status && emptyMessages[status]) ||
              (status
                ? `No ${withdrawalStatusLabels[status].toLowerCase()} withdrawals.`
                : 'No withdrawals yet.')}
          </ListEmpty>
        ) : (
          summary
        )}
      </ResultsStatus>
      <PagedResults
        query={query}
        hasRows={Boolean(data && data.withdrawals.length > 0)}
        skeleton={<SkeletonRows height="h-20" />}
        errorFallback="Could not load the withdrawals."
        pagesLabel="Withdrawals pages"
        page={page}
        onPageChange={setPage}
      >
        <WithdrawalsList withdrawals={data?.withdrawals ?? []} caption="Withdrawals" />
      </PagedResults>
    </AdminPage>
  );
}
