import type { AdminRolloverPlan } from '@cashtips/contract/rollover';
import { formatSuccessRate } from '@cashtips/contract/success-rate';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { formatOdds } from '../utils/format.ts';
import { Badge } from './badge.tsx';
import { CardFigures, Figure } from './figure.tsx';
import {
  bodyCell,
  bodyRow,
  card,
  cardList,
  headCell,
  stretchedLink,
  tableClass,
  tableFrame,
} from './table-styles.ts';

export const durationText = (days: number) => `${formatCount(days)} ${days === 1 ? 'day' : 'days'}`;

/** 'No limit', or the slots real subscribers may still take out of the limit: '38 of 50 left'. */
export function planSlotsText(plan: Pick<AdminRolloverPlan, 'slotLimit' | 'slotsLeft'>): string {
  if (plan.slotLimit === null) return 'No limit';
  return `${formatCount(plan.slotsLeft ?? 0)} of ${formatCount(plan.slotLimit)} left`;
}

export const postLimitText = (limit: number) => `${formatCount(limit)} ${limit === 1 ? 'tip' : 'tips'} a day`;

/** Running subscriptions, as many as users are shown: the real ones (PRODUCT 15). */
export function activeSubscribersText(plan: Pick<AdminRolloverPlan, 'activeSubscribers'>): string {
  return formatCount(plan.activeSubscribers);
}

export const resultsText = (plan: Pick<AdminRolloverPlan, 'wonTips' | 'lostTips'>) =>
  `${formatCount(plan.wonTips)} won · ${formatCount(plan.lostTips)} lost`;

export function PlanStatusBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'lime' : 'muted'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

/**
 * Rollover plans as a table on desktop and cards on phones; a row or card opens the plan. Revenue is every
 * subscription ever sold; the success rate reads 'New' until enough tips are settled.
 */
export function RolloverPlansList({ plans }: { plans: AdminRolloverPlan[] }) {
  return (
    <>
      <div className={tableFrame}>
        <table className={tableClass}>
          <caption className="sr-only">Rollover plans</caption>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Plan
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Price
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Odds
              </th>
              <th scope="col" className={headCell}>
                Slots
              </th>
              <th scope="col" className={headCell}>
                Posts
              </th>
              <th scope="col" className={headCell}>
                Subscribers
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Revenue
              </th>
              <th scope="col" className={headCell}>
                Success rate
              </th>
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => (
              <tr key={plan._id} className={`${bodyRow} relative hover:bg-emerald-800/30`}>
                <th scope="row" className={`${bodyCell} max-w-64 font-normal`}>
                  <Link to={adminPaths.rolloverPlan(plan._id)} className={`${stretchedLink} break-words`}>
                    {plan.name}
                  </Link>
                  <span className="mt-1 flex flex-wrap gap-1">
                    <PlanStatusBadge active={plan.active} />
                    <DemoBadge demo={plan.demo} />
                  </span>
                </th>
                <td className={`${bodyCell} text-right whitespace-nowrap tabular-nums`}>
                  {formatNaira(plan.price)}
                  <span className="block text-xs text-emerald-100/70">{durationText(plan.duration)}</span>
                </td>
                <td className={`${bodyCell} text-right tabular-nums`}>{formatOdds(plan.odds)}</td>
                <td className={`${bodyCell} whitespace-nowrap tabular-nums`}>{planSlotsText(plan)}</td>
                <td className={`${bodyCell} whitespace-nowrap tabular-nums`}>
                  {postLimitText(plan.postLimit)}
                </td>
                <td className={`${bodyCell} whitespace-nowrap tabular-nums`}>
                  {activeSubscribersText(plan)} active
                  <span className="block text-xs text-emerald-100/70">
                    {formatCount(plan.totalSubscriptions)} sold
                  </span>
                </td>
                <td className={`${bodyCell} text-right tabular-nums`}>{formatNaira(plan.revenue)}</td>
                <td className={`${bodyCell} whitespace-nowrap tabular-nums`}>
                  {formatSuccessRate(plan.successRate)}
                  <span className="block text-xs text-emerald-100/70">{resultsText(plan)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={cardList} aria-label="Rollover plans">
        {plans.map((plan) => (
          <li key={plan._id} className={`${card} relative ${plan.active ? '' : 'border-dashed'}`}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Link to={adminPaths.rolloverPlan(plan._id)} className={`${stretchedLink} break-words`}>
                  {plan.name}
                </Link>
                <p className="text-sm text-emerald-100/80">
                  {formatNaira(plan.price)} · {durationText(plan.duration)} · {formatOdds(plan.odds)} odds
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <PlanStatusBadge active={plan.active} />
                <DemoBadge demo={plan.demo} />
              </div>
            </div>
            <CardFigures>
              <Figure label="Subscribers" emphasis="medium">
                {activeSubscribersText(plan)}
              </Figure>
              <Figure label="Sold">{formatCount(plan.totalSubscriptions)}</Figure>
              <Figure label="Revenue" emphasis="medium">
                {formatNaira(plan.revenue)}
              </Figure>
              <Figure label="Slots">{planSlotsText(plan)}</Figure>
              <Figure label="Posts">{postLimitText(plan.postLimit)}</Figure>
              <Figure label="Success rate">
                {formatSuccessRate(plan.successRate)}
                <span className="block text-xs text-emerald-100/70">{resultsText(plan)}</span>
              </Figure>
            </CardFigures>
          </li>
        ))}
      </ul>
    </>
  );
}
