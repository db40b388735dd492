import { rolloverMessages, STAKE_CALCULATOR } from '@cashtips/contract/rollover';
import { useState } from 'react';
import { RestrictionNotice } from '../../../components/restriction-notice.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LayersIcon } from '../../../components/ui/icons/layers-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { activePlanIds, useMySubscriptions } from '../api/get-my-subscriptions.ts';
import { useRolloverPlans } from '../api/get-rollover-plans.ts';
import { useLiveSubscriberCounts } from '../api/use-live-subscriber-counts.ts';
import { PlanCard, PlanCardSkeleton } from './plan-card.tsx';
import { normaliseStake, StakeInput } from './stake-calculator.tsx';

interface PlanGridProps {
  /** The stake calculator and its arithmetic on each card (/subscribe), or the plain list (/rollover-plans). */
  withCalculator: boolean;
}

/** The active plans as cards, with loading, failure (Retry) and 'No plans available' states. */
export function PlanGrid({ withCalculator }: PlanGridProps) {
  const plans = useRolloverPlans();
  useLiveSubscriberCounts();
  const subscriptions = useMySubscriptions();
  const subscribed = activePlanIds(subscriptions.data);
  const [stakeText, setStakeText] = useState(String(STAKE_CALCULATOR.default));
  const stake = normaliseStake(Number(stakeText));

  return (
    <div className="flex flex-col gap-5">
      <RestrictionNotice />
      {withCalculator && (
        <section aria-labelledby="calculator-title" className="card gap-3 p-5">
          <h2 id="calculator-title" className="text-lg font-bold text-white">
            Rollover calculator
          </h2>
          <p className="text-sm text-emerald-100/80">
            Each day the whole stake is bet at the plan's odds. After day 1 your first stake comes back out;
            the rest is the next day's stake. One lost day ends the run.
          </p>
          <StakeInput value={stakeText} onChange={setStakeText} />
        </section>
      )}
      {plans.isPending ? (
        <div role="status" aria-label="Loading plans" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <PlanCardSkeleton />
          <PlanCardSkeleton />
          <PlanCardSkeleton />
        </div>
      ) : plans.isError ? (
        <ErrorState
          title="Could not load the plans"
          message={errorMessage(plans.error, 'Please try again.')}
          onRetry={() => void plans.refetch()}
          retrying={plans.isFetching}
        />
      ) : plans.data.length === 0 ? (
        <EmptyState
          icon={<LayersIcon className="size-6" />}
          title={rolloverMessages.noPlans}
          message="New rollover plans are announced on the dashboard and on Telegram."
          action={
            <Link to="/booking-codes" className="btn btn-secondary">
              Browse booking codes
            </Link>
          }
        />
      ) : (
        <>
          {/* Each card's title is an h3 under this heading (the calculator has its own h2). */}
          <h2 className="sr-only">{plans.data.length === 1 ? '1 plan' : `${plans.data.length} plans`}</h2>
          <ul aria-label="Rollover plans" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {plans.data.map((plan) => (
              <li key={plan._id} className="flex flex-col *:flex-1">
                <PlanCard
                  plan={plan}
                  subscribed={subscribed.has(plan._id)}
                  {...(withCalculator ? { stake } : { actionLabel: 'Subscribe' })}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
