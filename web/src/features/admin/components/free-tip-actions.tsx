import { scoreText } from '@cashtips/contract/matches';
import type { AdminFreeTip } from '@cashtips/contract/tips';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDeleteFreeTip } from '../api/delete-free-tip.ts';
import { useSettleFreeTip } from '../api/settle-free-tip.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { formatDateTime, formatOdds } from '../utils/format.ts';
import { DeletePanel } from './delete-panel.tsx';
import { Figure, Figures } from './figure.tsx';
import { freeTipTitle } from './free-tip-form.tsx';
import { readMarket } from './market-hint.tsx';
import { SettlePanel } from './settle-panel.tsx';

const freeTipSettleEffects = {
  won: 'Everyone sees it as won, and it counts as a win in the free tips’ record.',
  lost: 'Everyone sees it as lost, and it counts as a loss in the free tips’ record.',
  void: 'It counts neither as a win nor as a loss in the free tips’ record.',
} as const;

/** Odds, confidence, the score and the result; Won / Lost / Void after a confirmation (a correction needs a reason). */
export function FreeTipSettle({ tip }: { tip: AdminFreeTip }) {
  const mutation = useSettleFreeTip(tip._id);
  const market = readMarket(tip.prediction, { home: tip.teamA, away: tip.teamB });
  return (
    <SettlePanel
      subject={`the ${freeTipTitle(tip)}`}
      result={tip.result}
      settle={async (settlement) => (await mutation.mutateAsync(settlement)).tip.result}
      busy={mutation.isPending}
      effects={freeTipSettleEffects}
      affected="Free tips are public: the result shows on the past tips and in the record on the landing page."
      pendingHint={
        market
          ? 'It settles itself once its match’s score is entered; settle it here only to overrule that.'
          : 'Its prediction is not read from the score: settle it here once the match is over.'
      }
      failure="The tip was not settled. Please try again."
    >
      <Figures>
        <Figure label="Odds" emphasis="strong">
          {formatOdds(tip.totalOdds)}
        </Figure>
        <Figure label="Confidence" emphasis="strong">
          {tip.confidence === null ? '—' : `${tip.confidence}%`}
        </Figure>
        <Figure label="Score">{scoreText(tip.score) ?? 'Not yet'}</Figure>
        <Figure label="Read as">{market ?? 'By hand'}</Figure>
        <Figure label="Match" wide>
          <Link
            to={adminPaths.match(tip.matchId)}
            className="rounded font-semibold text-lime-300 underline-offset-4 hover:underline"
          >
            {tip.teamA} vs {tip.teamB}
          </Link>
        </Figure>
        {tip.settledAt && (
          <Figure label="Settled" wide>
            {formatDateTime(tip.settledAt)}
          </Figure>
        )}
      </Figures>
    </SettlePanel>
  );
}

export function FreeTipDelete({ tip }: { tip: AdminFreeTip }) {
  const mutation = useDeleteFreeTip(tip._id);
  const navigate = useNavigate();
  return (
    <DeletePanel
      label="Delete tip"
      description="Removes the tip from the free tips, the past tips and the record."
      confirmTitle={`Delete the ${freeTipTitle(tip)}?`}
      remove={mutation.mutateAsync}
      busy={mutation.isPending}
      onDeleted={() => {
        toast.success(`The ${freeTipTitle(tip)} deleted.`);
        navigate(adminPaths.freeTips);
      }}
      failure="The tip was not deleted. Please try again."
    >
      <p>It disappears from the site at once, and its result leaves the record. This cannot be undone.</p>
    </DeletePanel>
  );
}
