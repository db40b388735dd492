import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { useAdminRolloverPlan } from '../../../features/admin/api/get-admin-rollover-plan.ts';
import {
  RolloverPlanDelete,
  RolloverPlanStatus,
} from '../../../features/admin/components/rollover-plan-actions.tsx';
import { RolloverPlanForm } from '../../../features/admin/components/rollover-plan-form.tsx';
import {
  durationText,
  PlanStatusBadge,
  postLimitText,
} from '../../../features/admin/components/rollover-plans-list.tsx';
import { adminPaths } from '../../../features/admin/utils/admin-paths.ts';
import { formatOdds } from '../../../features/admin/utils/format.ts';
import { formatNaira } from '../../../lib/format.ts';
import { usePathId } from '../../../lib/use-path-id.ts';
import { usePageName } from '../../page-title.tsx';
import { BackLink, DetailGrid, DetailHeader, DetailUnavailable, NewRecordPage } from '../admin-detail.tsx';

function BackToPlans() {
  return <BackLink to={adminPaths.rolloverPlans}>All rollover plans</BackLink>;
}

/** /admin/rollover-plans/new */
export function AdminNewRolloverPlanRoute() {
  return (
    <NewRecordPage
      back={<BackToPlans />}
      title="New rollover plan"
      description="Users can subscribe as soon as it is saved, if it is on sale."
    >
      <RolloverPlanForm />
    </NewRecordPage>
  );
}

/** /admin/rollover-plans/:id: figures, sale switch, edit and delete. */
export default function AdminRolloverPlanRoute() {
  const id = usePathId(adminPaths.rolloverPlans);
  const query = useAdminRolloverPlan(id);
  usePageName(query.data ? `Plan ${query.data.plan.name}` : undefined);

  if (query.isPending || query.isError) {
    return (
      <DetailUnavailable
        query={query}
        back={<BackToPlans />}
        noun="Rollover plan"
        notFound="There is no rollover plan at this address. It may have been deleted."
      />
    );
  }

  const { plan } = query.data;
  return (
    <div className="flex flex-col gap-6">
      <BackToPlans />
      <DetailHeader
        title={plan.name}
        badges={
          <>
            <PlanStatusBadge active={plan.active} />
            <DemoBadge demo={plan.demo} />
          </>
        }
      >
        {formatNaira(plan.price)} · {durationText(plan.duration)} · {formatOdds(plan.odds)} odds a day ·{' '}
        {postLimitText(plan.postLimit)}
      </DetailHeader>
      <DetailGrid
        status={<RolloverPlanStatus plan={plan} />}
        form={<RolloverPlanForm key={plan._id} plan={plan} />}
        danger={<RolloverPlanDelete plan={plan} />}
      />
    </div>
  );
}
