import type { AdminRolloverPlan } from '@cashtips/contract/rollover';
import { formatSuccessRate } from '@cashtips/contract/success-rate';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatNaira } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteRolloverPlan } from '../api/delete-rollover-plan.ts';
import { useSetRolloverPlanActive } from '../api/save-rollover-plan.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DeletePanel } from './delete-panel.tsx';
import { Figure, Figures } from './figure.tsx';
import {
  activeSubscribersText,
  PlanStatusBadge,
  planSlotsText,
  resultsText,
} from './rollover-plans-list.tsx';

/**
 * The plan's figures and its sale switch. Taking a plan off sale asks first (running subscriptions go on;
 * nobody new can subscribe); putting it back on sale does not.
 */
export function RolloverPlanStatus({ plan }: { plan: AdminRolloverPlan }) {
  const mutation = useSetRolloverPlanActive(plan._id);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const titleId = useId();

  const setActive = async (active: boolean) => {
    setMessage(null);
    try {
      await mutation.mutateAsync(active);
      setMessage({ tone: 'success', text: active ? 'The plan is on sale.' : 'The plan is off sale.' });
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error, 'The plan was not changed. Please try again.') });
    }
    setConfirming(false);
  };

  const running = plan.activeSubscribers;
  return (
    <section aria-labelledby={titleId} className="card p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-base font-bold text-white">
          Status
        </h2>
        <PlanStatusBadge active={plan.active} />
      </div>
      <Figures>
        <Figure label="Active subscribers" emphasis="strong">
          {activeSubscribersText(plan)}
        </Figure>
        <Figure label="Revenue" emphasis="strong">
          {formatNaira(plan.revenue)}
        </Figure>
        <Figure label="Subscriptions sold">{formatCount(plan.totalSubscriptions)}</Figure>
        <Figure label="Slots">{planSlotsText(plan)}</Figure>
        <Figure label="Success rate">{formatSuccessRate(plan.successRate)}</Figure>
        <Figure label="Results">{resultsText(plan)}</Figure>
      </Figures>
      <p className="mt-4 text-sm text-emerald-100/75">
        {plan.active
          ? 'On sale: users can subscribe.'
          : 'Off sale: hidden from users; running subscriptions go on until they end.'}
      </p>
      <Button
        variant="secondary"
        className="mt-3 w-full"
        loading={mutation.isPending && !confirming}
        disabled={mutation.isPending}
        onClick={() => (plan.active ? setConfirming(true) : void setActive(true))}
      >
        {plan.active ? 'Deactivate plan' : 'Activate plan'}
      </Button>
      <div className="mt-3">
        <FormAlert message={message?.tone === 'error' ? message.text : null} />
        <FormAlert tone="success" message={message?.tone === 'success' ? message.text : null} />
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Take ${plan.name} off sale?`}
        confirmLabel="Deactivate"
        busy={mutation.isPending}
        onConfirm={() => void setActive(false)}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Users can no longer subscribe to it. Tips can still be posted for the people already subscribed.
        </p>
        <p className="mt-2">
          {running === 0
            ? 'Nobody is subscribed at the moment.'
            : `${formatCount(running)} running ${running === 1 ? 'subscription goes' : 'subscriptions go'} on until ${running === 1 ? 'it ends' : 'they end'}.`}
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** Delete after a confirmation; the server refuses a plan anyone has subscribed to, and its reason is shown. */
export function RolloverPlanDelete({ plan }: { plan: AdminRolloverPlan }) {
  const mutation = useDeleteRolloverPlan(plan._id);
  const navigate = useNavigate();
  return (
    <DeletePanel
      label="Delete plan"
      description="Removes the plan and its tips. A plan anyone has subscribed to cannot be deleted; deactivate it instead."
      confirmTitle={`Delete rollover plan ${plan.name}?`}
      remove={mutation.mutateAsync}
      busy={mutation.isPending}
      onDeleted={() => {
        toast.success(`Plan ${plan.name} deleted.`);
        navigate(adminPaths.rolloverPlans);
      }}
      failure="The plan was not deleted. Please try again."
    >
      <p>Its tips are deleted with it. This cannot be undone.</p>
    </DeletePanel>
  );
}
