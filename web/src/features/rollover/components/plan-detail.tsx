import { type RolloverPlan, rolloverMessages, STAKE_CALCULATOR } from '@cashtips/contract/rollover';
import type { WalletType } from '@cashtips/contract/wallet';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmPaymentDialog, walletNames } from '../../../components/payment/confirm-payment-dialog.tsx';
import { RestrictionNotice } from '../../../components/restriction-notice.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ArrowLeftIcon } from '../../../components/ui/icons/arrow-left-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { useRefreshOnRestriction, useRestriction } from '../../../lib/session/use-restriction.ts';
import { toast } from '../../../lib/toast.ts';
import { payingWallet, useWalletBalances } from '../../../lib/wallets/get-wallet-balance.ts';
import { activePlanIds, useMySubscriptions } from '../api/get-my-subscriptions.ts';
import { useRolloverPlan } from '../api/get-rollover-plans.ts';
import { useSubscribeToPlan } from '../api/subscribe-to-plan.ts';
import { useLiveSubscriberCounts } from '../api/use-live-subscriber-counts.ts';
import { isPlanFull, PlanBadge, PlanFigures, RiskBadge, SlotFullnessBadge } from './plan-badges.tsx';
import { RolloverProjection } from './stake-calculator.tsx';

/** /subscribe/:id: the plan's terms and the Subscribe button. */
export function PlanDetail({ id }: { id: string }) {
  const plan = useRolloverPlan(id);
  useLiveSubscriberCounts();
  return (
    <div className="flex flex-col gap-5">
      <Link
        to={paths.subscribe}
        className="inline-flex min-h-11 items-center gap-1 self-start rounded-xl pr-2 text-sm font-semibold text-lime-300 hover:text-lime-200"
      >
        <ArrowLeftIcon className="size-4" />
        All plans
      </Link>
      {plan.isPending ? (
        <div role="status" aria-label="Loading plan" className="card gap-4 p-5">
          <Skeleton className="h-8 w-56" />
          <Skeleton className="h-24 rounded-xl" />
          <Skeleton className="h-12 rounded-xl" />
        </div>
      ) : plan.isError ? (
        plan.error instanceof ApiError && plan.error.status === 404 ? (
          <ErrorStateNotFound />
        ) : (
          <ErrorState
            title="Could not load this plan"
            message={errorMessage(plan.error, 'Please try again.')}
            onRetry={() => void plan.refetch()}
            retrying={plan.isFetching}
          />
        )
      ) : (
        <PlanTerms plan={plan.data} />
      )}
    </div>
  );
}

function ErrorStateNotFound() {
  return (
    <div role="alert" className="card items-center gap-3 p-8 text-center">
      <p className="text-lg font-semibold text-white">{rolloverMessages.planNotFound}</p>
      <p className="text-sm text-emerald-100/75">It may have ended. Pick another plan.</p>
      <Link to={paths.subscribe} className="btn btn-primary">
        See the plans
      </Link>
    </div>
  );
}

function PlanTerms({ plan }: { plan: RolloverPlan }) {
  const money = useMoney();
  const navigate = useNavigate();
  const balances = useWalletBalances();
  const subscriptions = useMySubscriptions();
  const subscribe = useSubscribeToPlan(plan._id);
  const subscribed = activePlanIds(subscriptions.data).has(plan._id);
  const full = isPlanFull(plan);
  const wallet = payingWallet(plan.price, balances);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const restricted = useRestriction() !== null;
  const refreshOnRestriction = useRefreshOnRestriction();

  const close = () => {
    setConfirming(false);
    setFailure(null);
  };

  const pay = (chosen: WalletType) => {
    setFailure(null);
    subscribe.mutate(chosen, {
      onSuccess: (response) => {
        toast.success(response.message);
        navigate(paths.myRollover);
      },
      onError: (error) => {
        const message = errorMessage(error, rolloverMessages.subscribeFailed);
        // Spec: a refusal saying "Already subscribed" means the user has the plan (the list refreshes).
        if (message.includes('Already subscribed')) {
          toast.success(message);
          close();
          return;
        }
        setFailure(message);
        toast.error(message);
        refreshOnRestriction(error);
      },
    });
  };

  return (
    <article aria-labelledby="plan-title" className="card gap-5 p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <PlanBadge odds={plan.odds} />
        <RiskBadge odds={plan.odds} />
        <DemoBadge demo={plan.demo} />
        <SlotFullnessBadge plan={plan} />
      </div>
      <div>
        <h1 id="plan-title" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
          {plan.name}
        </h1>
        {plan.description && <p className="mt-2 text-emerald-100/80">{plan.description}</p>}
      </div>
      <PlanFigures plan={plan} large />
      <section aria-labelledby="projection-title" className="flex flex-col gap-2">
        <h2 id="projection-title" className="text-sm font-semibold text-white">
          A {money.format(STAKE_CALCULATOR.default)} rollover on this plan
        </h2>
        <RolloverProjection stake={STAKE_CALCULATOR.default} odds={plan.odds} duration={plan.duration} />
      </section>
      <div className="flex flex-col gap-2 border-t border-emerald-800/60 pt-4">
        {subscribed ? (
          <Button variant="secondary" disabled>
            {rolloverMessages.alreadySubscribedButton}
          </Button>
        ) : full ? (
          <Button variant="secondary" disabled>
            {rolloverMessages.planFull}
          </Button>
        ) : !plan.active ? (
          <Button variant="secondary" disabled>
            {rolloverMessages.planNotAvailable}
          </Button>
        ) : restricted ? (
          <RestrictionNotice />
        ) : (
          <>
            <Button className="btn-lg" disabled={!wallet} onClick={() => setConfirming(true)}>
              Subscribe for {money.format(plan.price)}
            </Button>
            <p className="text-sm text-emerald-100/75" aria-live="polite">
              {wallet ? (
                <>
                  Paid from your {walletNames[wallet]} (balance{' '}
                  {money.format(wallet === 'main' ? balances.mainWallet : balances.bonusWallet)}). You
                  confirm, and may change the wallet, before paying.
                </>
              ) : (
                <>
                  {rolloverMessages.cannotAfford}{' '}
                  <Link to={paths.wallet} className="font-semibold text-lime-300 hover:text-lime-200">
                    Deposit
                  </Link>
                </>
              )}
            </p>
            <ConfirmPaymentDialog
              open={confirming}
              onClose={close}
              title={`Subscribe to ${plan.name}`}
              item={`${plan.duration} ${plan.duration === 1 ? 'day' : 'days'} of tips at ${plan.odds.toFixed(2)} odds a day`}
              price={plan.price}
              onConfirm={pay}
              pending={subscribe.isPending}
              failure={failure}
              insufficientMessage={rolloverMessages.insufficientBalance}
            />
          </>
        )}
        {subscribed && (
          <Link to={paths.myRollover} className="text-sm font-semibold text-lime-300 hover:text-lime-200">
            Today's tips are on My Rollover
          </Link>
        )}
      </div>
    </article>
  );
}
