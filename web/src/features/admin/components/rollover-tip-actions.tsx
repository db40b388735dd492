import type { AdminRolloverTip } from '@cashtips/contract/rollover';
import { useNavigate } from 'react-router';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { formatLagosDay } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteRolloverTip } from '../api/delete-rollover-tip.ts';
import { useSettleRolloverTip } from '../api/settle-rollover-tip.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { formatDateTime, formatOdds } from '../utils/format.ts';
import { DeletePanel } from './delete-panel.tsx';
import { Figure, Figures } from './figure.tsx';
import { SettlePanel } from './settle-panel.tsx';

const tipSettleEffects = {
  won: 'Subscribers see it as won, and it counts as a win in the plan’s success rate.',
  lost: 'Subscribers see it as lost, and it counts as a loss in the plan’s success rate.',
  void: 'Subscribers see it as void; it counts neither as a win nor as a loss.',
} as const;

/** 'Daily 2 odds tip for 1 Mar 2025' */
export const tipTitle = (tip: Pick<AdminRolloverTip, 'planName' | 'day'>) =>
  `${tip.planName} tip for ${formatLagosDay(tip.day)}`;

/** Odds, confidence and the result; Won / Lost / Void after a confirmation (a correction needs a reason). */
export function RolloverTipSettle({ tip }: { tip: AdminRolloverTip }) {
  const mutation = useSettleRolloverTip(tip._id);
  const subscribers = tip.plan.subscriberCount;
  return (
    <SettlePanel
      subject={`the ${tipTitle(tip)}`}
      result={tip.result}
      settle={async (settlement) => (await mutation.mutateAsync(settlement)).tip.result}
      busy={mutation.isPending}
      effects={tipSettleEffects}
      affected={`${tip.planName} shows ${formatCount(subscribers)} ${subscribers === 1 ? 'subscriber' : 'subscribers'}; the result is on their tip and in the plan’s record.`}
      pendingHint="Settle the tip once its games are over."
      failure="The tip was not settled. Please try again."
    >
      <Figures>
        <Figure label="Total odds" emphasis="strong">
          {formatOdds(tip.totalOdds)}
        </Figure>
        <Figure label="Confidence" emphasis="strong">
          {tip.confidence}%
        </Figure>
        <Figure label="Plan">{tip.planName}</Figure>
        <Figure label="Day">{formatLagosDay(tip.day)}</Figure>
        {tip.settledAt && (
          <Figure label="Settled" wide>
            {formatDateTime(tip.settledAt)}
          </Figure>
        )}
      </Figures>
    </SettlePanel>
  );
}

export function RolloverTipDelete({ tip }: { tip: AdminRolloverTip }) {
  const mutation = useDeleteRolloverTip(tip._id);
  const navigate = useNavigate();
  return (
    <DeletePanel
      label="Delete tip"
      description="Removes the tip from its plan; subscribers no longer see it."
      confirmTitle={`Delete the ${tipTitle(tip)}?`}
      remove={mutation.mutateAsync}
      busy={mutation.isPending}
      onDeleted={() => {
        toast.success(`The ${tipTitle(tip)} deleted.`);
        navigate(adminPaths.rolloverTips);
      }}
      failure="The tip was not deleted. Please try again."
    >
      <p>It disappears from its subscribers’ screens at once. This cannot be undone.</p>
    </DeletePanel>
  );
}
