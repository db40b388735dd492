import { buttonVariants } from '../../../components/ui/button.tsx';
import { PlusIcon } from '../../../components/ui/icons/plus-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { useAdminRolloverPlans } from '../../../features/admin/api/get-admin-rollover-plans.ts';
import { ListEmpty, ResultsStatus, SkeletonRows } from '../../../features/admin/components/list-states.tsx';
import { ListResults } from '../../../features/admin/components/paged-results.tsx';
import { RolloverPlansList } from '../../../features/admin/components/rollover-plans-list.tsx';
import { adminPaths } from '../../../features/admin/utils/admin-paths.ts';
import { AdminPage } from '../admin-page.tsx';

function NewPlanLink() {
  return (
    <Link to={adminPaths.newRolloverPlan} className={`${buttonVariants.primary} gap-2`}>
      <PlusIcon className="size-5" />
      New plan
    </Link>
  );
}

/** /admin/rollover-plans: every plan, on sale first (the server sends them all, up to 500, unpaged). */
export default function AdminRolloverPlansRoute() {
  const query = useAdminRolloverPlans();
  const plans = query.data?.plans ?? [];
  const active = plans.filter((plan) => plan.active).length;

  let summary = '';
  if (query.isPending) summary = 'Loading rollover plans…';
  else if (plans.length > 0) {
    summary = `${formatCount(plans.length)} ${plans.length === 1 ? 'plan' : 'plans'} · ${formatCount(active)} on sale`;
  }

  return (
    <AdminPage
      title="Rollover plans"
      description="Plans users subscribe to for daily tips. Open a plan to edit it, take it off sale or delete it."
    >
      <div>
        <NewPlanLink />
      </div>
      <ResultsStatus>
        {query.data && plans.length === 0 ? (
          <ListEmpty action={<NewPlanLink />}>No rollover plans yet.</ListEmpty>
        ) : (
          summary
        )}
      </ResultsStatus>
      <ListResults
        query={query}
        hasRows={plans.length > 0}
        skeleton={<SkeletonRows height="h-16" />}
        errorFallback="Could not load the rollover plans."
      >
        <RolloverPlansList plans={plans} />
      </ListResults>
    </AdminPage>
  );
}
