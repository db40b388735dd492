import { isLagosDay } from '@cashtips/contract/lagos-time';
import { tipResults } from '@cashtips/contract/rollover';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { PlusIcon } from '../../../components/ui/icons/plus-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { useAdminRolloverPlans } from '../../../features/admin/api/get-admin-rollover-plans.ts';
import { useAdminRolloverTips } from '../../../features/admin/api/get-admin-rollover-tips.ts';
import { DateField } from '../../../features/admin/components/date-field.tsx';
import { ListEmpty, ResultsStatus, SkeletonRows } from '../../../features/admin/components/list-states.tsx';
import {
  listSummary,
  noResultsMessage,
  PagedResults,
  pickOption,
} from '../../../features/admin/components/paged-results.tsx';
import { ResultFilter } from '../../../features/admin/components/result-filter.tsx';
import { RolloverTipsList } from '../../../features/admin/components/rollover-tips-list.tsx';
import { SelectField } from '../../../features/admin/components/select-field.tsx';
import { useListParams } from '../../../features/admin/components/use-list-params.ts';
import { adminPaths } from '../../../features/admin/utils/admin-paths.ts';
import { planOptionLabel } from '../../../features/admin/utils/format.ts';
import { AdminPage } from '../admin-page.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** New tip, for the plan the list is filtered by if any. */
function NewTipLink({ planId }: { planId: string }) {
  const to = planId
    ? `${adminPaths.newRolloverTip}?planId=${encodeURIComponent(planId)}`
    : adminPaths.newRolloverTip;
  return (
    <Link to={to} className={`${buttonVariants.primary} gap-2`}>
      <PlusIcon className="size-5" />
      New tip
    </Link>
  );
}

/** /admin/rollover-tips: tips by plan, Lagos day and result, newest day first. */
export default function AdminRolloverTipsRoute() {
  const { page, get, setFilter, setPage } = useListParams();
  // Only values the server accepts reach the request; anything else in the address means 'all'.
  const planId = UUID.test(get('planId')) ? get('planId') : '';
  const day = isLagosDay(get('day')) ? get('day') : '';
  const result = pickOption(tipResults, get('result'));
  const plans = useAdminRolloverPlans();
  const query = useAdminRolloverTips({ planId, day, result, page });
  const data = query.data;
  const filtered = Boolean(planId || day || result);

  const summary = listSummary(query, 'Loading rollover tips…', ['tip', 'tips']);
  const empty = data && !query.isPlaceholderData && data.tips.length === 0;

  return (
    <AdminPage
      title="Rollover tips"
      description="The daily tips of each plan. Open a tip to edit, settle or delete it. Days are Lagos dates."
    >
      <div>
        <NewTipLink planId={planId} />
      </div>
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_11rem_9.5rem]">
        <SelectField
          label="Plan"
          value={planId}
          onChange={(event) => setFilter('planId', event.target.value)}
          hint={plans.isError ? 'Could not load the plans.' : undefined}
        >
          <option value="">All plans</option>
          {/* A plan in the address keeps its option while the plans load. */}
          {planId && !plans.data && <option value={planId}>Loading plans…</option>}
          {plans.data?.plans.map((plan) => (
            <option key={plan._id} value={plan._id}>
              {planOptionLabel(plan)}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-3 min-[26rem]:grid-cols-2 md:contents">
          <DateField
            label="Day (Lagos)"
            value={day}
            onChange={(event) => setFilter('day', isLagosDay(event.target.value) ? event.target.value : '')}
          />
          <ResultFilter value={result} onChange={(event) => setFilter('result', event.target.value)} />
        </div>
      </div>
      <ResultsStatus>
        {empty ? (
          <ListEmpty action={filtered ? undefined : <NewTipLink planId="" />}>
            {noResultsMessage('rollover tips', '', filtered)}
          </ListEmpty>
        ) : (
          summary
        )}
      </ResultsStatus>
      <PagedResults
        query={query}
        hasRows={Boolean(data && data.tips.length > 0)}
        skeleton={<SkeletonRows height="h-16" />}
        errorFallback="Could not load the rollover tips."
        pagesLabel="Rollover tips pages"
        page={page}
        onPageChange={setPage}
      >
        <RolloverTipsList tips={data?.tips ?? []} />
      </PagedResults>
    </AdminPage>
  );
}
