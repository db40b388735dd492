import { rolloverMessages } from '@cashtips/contract/rollover';
import { useLocation } from 'react-router';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { useAdminRolloverTip } from '../../../features/admin/api/get-admin-rollover-tip.ts';
import { CodeResultBadge } from '../../../features/admin/components/badge.tsx';
import {
  RolloverTipDelete,
  RolloverTipSettle,
  tipTitle,
} from '../../../features/admin/components/rollover-tip-actions.tsx';
import { RolloverTipForm } from '../../../features/admin/components/rollover-tip-form.tsx';
import { gamesCountText } from '../../../features/admin/components/rollover-tips-list.tsx';
import { adminPaths } from '../../../features/admin/utils/admin-paths.ts';
import { formatDateTime } from '../../../features/admin/utils/format.ts';
import { readModelGame } from '../../../features/admin/utils/model-game.ts';
import { formatLagosDay } from '../../../lib/format.ts';
import { usePathId } from '../../../lib/use-path-id.ts';
import { usePageName } from '../../page-title.tsx';
import { BackLink, DetailGrid, DetailHeader, DetailUnavailable, NewRecordPage } from '../admin-detail.tsx';

function BackToTips() {
  return <BackLink to={adminPaths.rolloverTips}>All rollover tips</BackLink>;
}

/**
 * /admin/rollover-tips/new, for the plan in `?planId=` if there is one (the filtered list passes it), and
 * with a model suggestion's pick as the first game when opened from one (router state).
 */
export function AdminNewRolloverTipRoute() {
  const location = useLocation();
  const planId = new URLSearchParams(location.search).get('planId') ?? '';
  const firstGame = readModelGame(location.state);
  return (
    <NewRecordPage
      back={<BackToTips />}
      title="New rollover tip"
      description="The plan's subscribers see it as soon as it is posted, on the day it is for."
    >
      <RolloverTipForm planId={planId} firstGame={firstGame} />
    </NewRecordPage>
  );
}

/** /admin/rollover-tips/:id: settle, edit and delete. */
export default function AdminRolloverTipRoute() {
  const id = usePathId(adminPaths.rolloverTips);
  const query = useAdminRolloverTip(id);
  usePageName(query.data ? tipTitle(query.data.tip) : undefined);

  if (query.isPending || query.isError) {
    return (
      <DetailUnavailable
        query={query}
        back={<BackToTips />}
        noun="Rollover tip"
        notFound="There is no rollover tip at this address. It may have been deleted."
      />
    );
  }

  const { tip } = query.data;
  return (
    <div className="flex flex-col gap-6">
      <BackToTips />
      <DetailHeader
        title={tip.planName}
        badges={
          <>
            <CodeResultBadge result={tip.result} />
            <DemoBadge demo={tip.demo} />
          </>
        }
      >
        {formatLagosDay(tip.day)} · {gamesCountText(tip.gameCount)}
        {tip.bookingCode && ` · ${tip.bookingCode}`}
        {tip.bookmaker && ` · ${tip.bookmaker}`} ·{' '}
        {tip.expiresAt ? `expires ${formatDateTime(tip.expiresAt)}` : rolloverMessages.noExpiry.toLowerCase()}
      </DetailHeader>
      <DetailGrid
        status={<RolloverTipSettle tip={tip} />}
        form={<RolloverTipForm key={tip._id} tip={tip} />}
        danger={<RolloverTipDelete tip={tip} />}
      />
    </div>
  );
}
