import { type RolloverPlan, rolloverMessages } from '@cashtips/contract/rollover';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { useRestriction } from '../../../lib/session/use-restriction.ts';
import { isPlanFull, PlanBadge, PlanFigures, RiskBadge, SlotFullnessBadge } from './plan-badges.tsx';
import { RolloverProjection } from './stake-calculator.tsx';

export const planSubscribePath = (id: string) => `/subscribe/${encodeURIComponent(id)}`;

interface PlanCardProps {
  plan: RolloverPlan;
  subscribed: boolean;
  /** With a stake, the card shows the first days of the rollover arithmetic (the /subscribe page). */
  stake?: number;
  /** The button's label when the user may subscribe. */
  actionLabel?: string;
}

/** One plan: badges, odds, price, duration, daily posts, slots, record, and the way to subscribe. */
export function PlanCard({ plan, subscribed, stake, actionLabel = 'Subscribe Now' }: PlanCardProps) {
  const titleId = `plan-${plan._id}-title`;
  const full = isPlanFull(plan);
  // The grid above says why; the plan's page stays open to read.
  const restricted = useRestriction() !== null;
  return (
    <article aria-labelledby={titleId} className="card gap-4 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <PlanBadge odds={plan.odds} />
        <RiskBadge odds={plan.odds} />
        <DemoBadge demo={plan.demo} />
        <SlotFullnessBadge plan={plan} />
      </div>
      <div>
        <h3 id={titleId} className="text-lg font-bold text-white">
          {plan.name}
        </h3>
        {plan.description && <p className="mt-1 text-sm text-emerald-100/75">{plan.description}</p>}
      </div>
      <PlanFigures plan={plan} />
      {stake !== undefined && <RolloverProjection stake={stake} odds={plan.odds} duration={plan.duration} />}
      <div className="mt-auto">
        {subscribed ? (
          <button type="button" disabled className={`${buttonVariants.secondary} w-full`}>
            {rolloverMessages.alreadySubscribedButton}
          </button>
        ) : full ? (
          <button type="button" disabled className={`${buttonVariants.secondary} w-full`}>
            {rolloverMessages.planFull}
          </button>
        ) : restricted ? (
          <Link to={planSubscribePath(plan._id)} className={`${buttonVariants.secondary} w-full`}>
            See the plan
          </Link>
        ) : (
          <Link to={planSubscribePath(plan._id)} className={`${buttonVariants.primary} w-full`}>
            {actionLabel}
          </Link>
        )}
      </div>
    </article>
  );
}

export function PlanCardSkeleton() {
  return (
    <div aria-hidden="true" className="card h-80 animate-pulse gap-4 p-5">
      <span className="h-5 w-32 rounded bg-emerald-800/60" />
      <span className="h-6 w-48 rounded bg-emerald-800/60" />
      <span className="h-16 rounded-xl bg-emerald-800/50" />
      <span className="mt-auto h-11 rounded-xl bg-emerald-800/60" />
    </div>
  );
}
