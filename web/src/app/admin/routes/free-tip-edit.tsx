import { scoreText } from '@cashtips/contract/matches';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { useAdminFreeTip } from '../../../features/admin/api/get-admin-free-tip.ts';
import { CodeResultBadge } from '../../../features/admin/components/badge.tsx';
import { FreeTipDelete, FreeTipSettle } from '../../../features/admin/components/free-tip-actions.tsx';
import { FreeTipForm } from '../../../features/admin/components/free-tip-form.tsx';
import { kickoffText } from '../../../features/admin/components/free-tips-list.tsx';
import { adminPaths } from '../../../features/admin/utils/admin-paths.ts';
import { usePathId } from '../../../lib/use-path-id.ts';
import { usePageName } from '../../page-title.tsx';
import { BackLink, DetailGrid, DetailHeader, DetailUnavailable, NewRecordPage } from '../admin-detail.tsx';

function BackToTips() {
  return <BackLink to={adminPaths.freeTips}>All free tips</BackLink>;
}

/** /admin/free-tips/new */
export function AdminNewFreeTipRoute() {
  return (
    <NewRecordPage
      back={<BackToTips />}
      title="New free tip"
      description="Everyone sees it as soon as it is posted, on the free tips of its kickoff’s day."
    >
      <FreeTipForm />
    </NewRecordPage>
  );
}

/** /admin/free-tips/:id: settle, edit and delete. */
export default function AdminFreeTipRoute() {
  const id = usePathId(adminPaths.freeTips);
  const query = useAdminFreeTip(id);
  const tip = query.data?.tip;
  usePageName(tip ? `Free tip ${tip.teamA} vs ${tip.teamB}` : undefined);

  if (query.isPending || query.isError) {
    return (
      <DetailUnavailable
        query={query}
        back={<BackToTips />}
        noun="Free tip"
        notFound="There is no free tip at this address. It may have been deleted."
      />
    );
  }

  const { tip: loaded } = query.data;
  const score = scoreText(loaded.score);
  return (
    <div className="flex flex-col gap-6">
      <BackToTips />
      <DetailHeader
        title={`${loaded.teamA} vs ${loaded.teamB}`}
        badges={
          <>
            <CodeResultBadge result={loaded.result} />
            <DemoBadge demo={loaded.demo} />
          </>
        }
      >
        {loaded.league} · {kickoffText(loaded)} · {loaded.prediction}
        {score && ` · final score ${score}`}
      </DetailHeader>
      <DetailGrid
        status={<FreeTipSettle tip={loaded} />}
        form={<FreeTipForm key={loaded._id} tip={loaded} />}
        danger={<FreeTipDelete tip={loaded} />}
      />
    </div>
  );
}
