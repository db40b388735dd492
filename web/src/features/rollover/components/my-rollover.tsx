import { lagosDay, nextLagosMidnight } from '@cashtips/contract/lagos-time';
import { type RolloverSubscription, type RolloverTip, rolloverMessages } from '@cashtips/contract/rollover';
import { useMemo } from 'react';
import { Countdown } from '../../../components/ui/countdown.tsx';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LiveMatchUpdates } from '../../../components/ui/game-live-state.tsx';
import { ChevronDownIcon } from '../../../components/ui/icons/chevron-down-icon.tsx';
import { LayersIcon } from '../../../components/ui/icons/layers-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatLagosDay } from '../../../lib/format.ts';
import { useMySubscriptions } from '../api/get-my-subscriptions.ts';
import { useTodaysRolloverTips } from '../api/get-rollover-tips.ts';
import { RiskBadge } from './plan-badges.tsx';
import { TipBody, TipExpiry } from './tip-card.tsx';

/** /my-rollover: each running plan's day, today's tip unlocked, and the plans that ended. */
export function MyRollover() {
  const subscriptions = useMySubscriptions();
  const today = useTodaysRolloverTips();
  const tipsByPlan = useMemo(() => {
    const map = new Map<string, RolloverTip[]>();
    for (const tip of today.data ?? []) {
      if (tip.locked) continue;
      map.set(tip.planId, [...(map.get(tip.planId) ?? []), tip]);
    }
    return map;
  }, [today.data]);

  if (subscriptions.isError) {
    return (
      <ErrorState
        title="Could not load your subscriptions"
        message={errorMessage(subscriptions.error, 'Please try again.')}
        onRetry={() => void subscriptions.refetch()}
        retrying={subscriptions.isFetching}
      />
    );
  }
  if (subscriptions.isPending) {
    return (
      <div role="status" aria-label="Loading your subscriptions" className="flex flex-col gap-4">
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }
  const active = subscriptions.data.filter((item) => item.status === 'active');
  const expired = subscriptions.data.filter((item) => item.status === 'expired');
  return (
    <div className="flex flex-col gap-5">
      <LiveMatchUpdates />
      {active.length === 0 ? (
        <EmptyState
          icon={<LayersIcon className="size-6" />}
          title={rolloverMessages.noActiveSubscriptions}
          message="Subscribe to a rollover plan to get its tip here every day."
          action={
            <Link to={paths.rollover} className="btn btn-primary">
              See today's rollover tips
            </Link>
          }
        />
      ) : (
        <ul aria-label="Active subscriptions" className="flex flex-col gap-4">
          {active.map((subscription) => (
            <li key={subscription._id}>
              <ActiveSubscription
                subscription={subscription}
                tips={tipsByPlan.get(subscription.planId) ?? []}
                tipsLoading={today.isPending}
              />
            </li>
          ))}
        </ul>
      )}
      {expired.length > 0 && <ExpiredPlans subscriptions={expired} />}
    </div>
  );
}

interface ActiveSubscriptionProps {
  subscription: RolloverSubscription;
  tips: RolloverTip[];
  tipsLoading: boolean;
}

function ActiveSubscription({ subscription, tips, tipsLoading }: ActiveSubscriptionProps) {
  const titleId = `subscription-${subscription._id}-title`;
  return (
    <article aria-labelledby={titleId} className="card gap-4 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <RiskBadge odds={subscription.odds} />
        <DemoBadge demo={subscription.demo} />
        <span className="text-xs text-emerald-100/75">{subscription.odds.toFixed(2)} odds a day</span>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={titleId} className="text-xl font-bold text-white">
          {subscription.planName}
        </h2>
        <p className="sm:text-right">
          <span className="block text-lg font-bold text-lime-300">
            Day {subscription.currentDay} of {subscription.duration}
          </span>
          <span className="text-xs text-emerald-100/75">
            {subscription.daysLeft} {subscription.daysLeft === 1 ? 'day' : 'days'} left, today included
          </span>
        </p>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-emerald-950/70"
        role="progressbar"
        aria-label={`${subscription.planName} progress`}
        aria-valuemin={1}
        aria-valuemax={subscription.duration}
        aria-valuenow={subscription.currentDay}
      >
        <div
          className="h-full rounded-full bg-lime-400"
          style={{ width: `${(subscription.currentDay / subscription.duration) * 100}%` }}
        />
      </div>
      <h3 className="text-sm font-semibold tracking-wide text-emerald-200/80 uppercase">Today's tip</h3>
      {tipsLoading ? (
        <Skeleton className="h-40 rounded-xl" />
      ) : tips.length === 0 ? (
        <div className="flex flex-col items-center gap-1 rounded-xl border border-dashed border-emerald-700/70 px-4 py-6 text-center">
          <p className="font-semibold text-white">{rolloverMessages.noTipYet}</p>
          <p className="text-sm text-emerald-100/75">
            Today ends in <MidnightCountdown /> (Lagos time).
          </p>
        </div>
      ) : (
        tips.map((tip) => (
          <div key={tip._id} className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-emerald-100/80">
              <span className="inline-flex flex-wrap items-center gap-2">
                <span>
                  {tip.gameCount} {tip.gameCount === 1 ? 'game' : 'games'} ·{' '}
                  <span className="font-semibold text-white">{tip.totalOdds.toFixed(2)}</span> odds
                </span>
                <DemoBadge demo={tip.demo} />
              </span>
              <span className="text-xs">
                <TipExpiry expiresAt={tip.expiresAt} />
              </span>
            </div>
            <TipBody tip={tip} />
          </div>
        ))
      )}
    </article>
  );
}

/** Counts down to the next Lagos midnight, when a new day's tip may be posted. */
function MidnightCountdown() {
  const midnight = useMemo(() => nextLagosMidnight(new Date()).toISOString(), []);
  return <Countdown expiresAt={midnight} />;
}

function ExpiredPlans({ subscriptions }: { subscriptions: RolloverSubscription[] }) {
  return (
    <details className="group card gap-3 p-5">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 font-semibold text-white">
        Expired plans ({subscriptions.length})
        <ChevronDownIcon className="size-5 transition-transform group-open:rotate-180" />
      </summary>
      <ul aria-label="Expired plans" className="mt-3 flex flex-col gap-2">
        {subscriptions.map((subscription) => (
          <li
            key={subscription._id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-emerald-950/50 px-3 py-3"
          >
            <span className="font-semibold text-white">{subscription.planName}</span>
            <span className="text-sm text-emerald-100/75">
              {formatLagosDay(lagosDay(new Date(subscription.startDate)), 'withWeekday')} to{' '}
              {formatLagosDay(lastDay(subscription), 'withWeekday')}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The last Lagos day of a run: the day the midnight that ends it closes. */
function lastDay(subscription: RolloverSubscription): string {
  return lagosDay(new Date(Date.parse(subscription.expiresAt) - 1));
}
