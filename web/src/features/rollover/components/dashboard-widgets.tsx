import { rolloverMessages } from '@cashtips/contract/rollover';
import { formatSuccessRate } from '@cashtips/contract/success-rate';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { GameViewLiveState } from '../../../components/ui/game-live-state.tsx';
import { ArrowRightIcon } from '../../../components/ui/icons/arrow-right-icon.tsx';
import { LayersIcon } from '../../../components/ui/icons/layers-icon.tsx';
import { LockIcon } from '../../../components/ui/icons/lock-icon.tsx';
import { TrendingIcon } from '../../../components/ui/icons/trending-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import {
  WidgetEmpty,
  WidgetFrame,
  WidgetSkeleton,
  widgetFooterLinkClass,
  widgetLimit,
  widgetRowClass,
  widgetRowTextClass,
} from '../../../components/ui/widget.tsx';
import { paths } from '../../../config/paths.ts';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { useDashboardStats } from '../../../lib/dashboard-stats.ts';
import { activePlanIds, useMySubscriptions } from '../api/get-my-subscriptions.ts';
import { useRolloverPlans } from '../api/get-rollover-plans.ts';
import { useTodaysRolloverTips } from '../api/get-rollover-tips.ts';
import { useLiveSubscriberCounts } from '../api/use-live-subscriber-counts.ts';
import { PlanBadge, planTakeUpText, RiskBadge } from './plan-badges.tsx';
import { planSubscribePath } from './plan-card.tsx';
import { TipExpiry } from './tip-card.tsx';

interface WidgetProps {
  compact?: boolean;
}

/** The tips of the user's own plans first (what they paid for), each group in the server's order. */
function unlockedFirst<T extends { locked: boolean }>(tips: readonly T[]): T[] {
  return [...tips.filter((tip) => !tip.locked), ...tips.filter((tip) => tip.locked)];
}

/**
 * Dashboard: today's rollover tips (2, 1 compact; the user's own plans' first), locked unless the user has the plan; View Details for
 * a plan the user has, Subscribe otherwise. The footer goes to My Rollover once the user subscribes.
 * Failures leave it empty (spec).
 */
export function TodaysRolloverTipsWidget({ compact = false }: WidgetProps) {
  const today = useTodaysRolloverTips();
  useLiveSubscriberCounts();
  const subscriptions = useMySubscriptions();
  const tips = today.data ?? (today.isError ? [] : undefined);
  const hasSubscriptions = activePlanIds(subscriptions.data).size > 0;
  const limit = widgetLimit(compact);
  return (
    <WidgetFrame
      id="rollover-tips-title"
      title="Today's Rollover Tips"
      icon={<TrendingIcon className="size-5" />}
    >
      {!tips ? (
        <WidgetSkeleton rows={limit} />
      ) : tips.length === 0 ? (
        <WidgetEmpty text={rolloverMessages.noTipsToday} />
      ) : (
        <ul className="flex flex-col gap-2">
          {unlockedFirst(tips)
            .slice(0, limit)
            .map((tip) => {
              const game = tip.games[0];
              return (
                <li key={tip._id} className="flex flex-col gap-2 rounded-xl bg-emerald-950/50 px-3 py-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <RiskBadge odds={tip.totalOdds} />
                    <DemoBadge demo={tip.demo} />
                    {tip.locked && (
                      <span className="ml-auto inline-flex items-center gap-1 text-xs text-emerald-200/80">
                        <LockIcon className="size-4" />
                        Locked
                      </span>
                    )}
                  </div>
                  {/* A line of its own, so a long name wraps between words at any width. */}
                  <p className="font-semibold break-words text-white">{tip.planName}</p>
                  {game && (
                    <p className="text-sm text-emerald-50">
                      <span className="block break-words">
                        {game.teamA} vs {game.teamB}
                      </span>
                      <span className="block text-xs break-words text-emerald-100/70">{game.league}</span>
                      <GameViewLiveState game={game} outcome={game.outcome} />
                    </p>
                  )}
                  <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-emerald-100/75">
                    <span>
                      <span className="font-semibold text-white tabular-nums">
                        {tip.totalOdds.toFixed(2)}
                      </span>{' '}
                      odds
                    </span>
                    <span>
                      {tip.gameCount} {tip.gameCount === 1 ? 'game' : 'games'}
                    </span>
                    <span>{planTakeUpText(tip.plan)}</span>
                    <span>
                      <TipExpiry expiresAt={tip.expiresAt} />
                    </span>
                  </p>
                  {tip.locked ? (
                    <Link to={planSubscribePath(tip.planId)} className={`${buttonVariants.primary} min-h-10`}>
                      Subscribe
                    </Link>
                  ) : (
                    <Link to={paths.myRollover} className={`${buttonVariants.secondary} min-h-10`}>
                      View Details
                    </Link>
                  )}
                </li>
              );
            })}
        </ul>
      )}
      <Link to={hasSubscriptions ? paths.myRollover : paths.subscribe} className={widgetFooterLinkClass}>
        {hasSubscriptions ? 'My rollover' : 'Rollover plans'}
        <ArrowRightIcon className="size-4" />
      </Link>
    </WidgetFrame>
  );
}

/** What a figure shows once the dashboard figures failed to load (spec: empty values, no error). */
const UNKNOWN_FIGURE = '—';

/**
 * The sample under the plans' record: every plan's settled tips together, as the server counted them
 * ('won 4 of 13 settled'), so the rate is never read without it.
 */
export function planTipsSample({ won, lost }: { won: number; lost: number }): string {
  const settled = won + lost;
  if (settled === 0) return 'No plan tip settled yet';
  return `won ${won} of ${settled} settled`;
}

/**
 * Dashboard: the two most recently updated plans (1 compact); the user's running plans and every plan's
 * settled record with its sample, both from the dashboard figures the server computes. The record is
 * 'New' under the plans' own minimum sample and never in a success colour: a share of tips won says
 * nothing of a run's profit.
 */
export function RolloverPlansWidget({ compact = false }: WidgetProps) {
  const query = useRolloverPlans();
  useLiveSubscriberCounts();
  const stats = useDashboardStats();
  const money = useMoney();
  const plans = query.data ?? (query.isError ? [] : undefined);
  const limit = widgetLimit(compact);
  const figure = (value: (loaded: NonNullable<typeof stats>) => string) =>
    stats ? value(stats) : stats === null ? UNKNOWN_FIGURE : <Skeleton className="mx-auto mt-1 h-5 w-12" />;
  return (
    <WidgetFrame id="rollover-plans-title" title="Rollover Plans" icon={<LayersIcon className="size-5" />}>
      <dl className="grid grid-cols-2 gap-2 text-center">
        <div className="rounded-xl bg-emerald-950/50 px-2 py-2">
          <dt className="text-[11px] text-emerald-200/75">Active plans</dt>
          <dd className="h-7 text-lg font-bold text-white tabular-nums">
            {figure((loaded) => String(loaded.subscriptions.activePlans))}
          </dd>
        </div>
        <div className="rounded-xl bg-emerald-950/50 px-2 py-2">
          <dt className="text-[11px] text-emerald-200/75">Tips won, all plans</dt>
          <dd className="h-7 text-lg font-bold text-white tabular-nums">
            {figure((loaded) => formatSuccessRate(loaded.rollover.successRate))}
          </dd>
          <dd className="min-h-4 text-[11px] text-emerald-100/70">
            {stats ? planTipsSample(stats.rollover) : ''}
          </dd>
        </div>
      </dl>
      {!plans ? (
        <WidgetSkeleton rows={limit} />
      ) : plans.length === 0 ? (
        <WidgetEmpty text={rolloverMessages.noRolloverPlans} />
      ) : (
        <ul className="flex flex-col gap-2">
          {plans.slice(0, limit).map((plan) => (
            <li key={plan._id} className={widgetRowClass}>
              <div className={widgetRowTextClass}>
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold break-words text-white">{plan.name}</span>
                  <PlanBadge odds={plan.odds} />
                  <DemoBadge demo={plan.demo} />
                </p>
                <p className="text-xs text-emerald-100/75">
                  {plan.odds.toFixed(2)} odds · {plan.duration} {plan.duration === 1 ? 'day' : 'days'} ·{' '}
                  {money.format(plan.price)}
                </p>
              </div>
              <Link
                to={planSubscribePath(plan._id)}
                className={`${buttonVariants.primary} ml-auto min-h-10 px-4`}
                aria-label={`Subscribe to ${plan.name}`}
              >
                Subscribe
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.rolloverPlans} className={widgetFooterLinkClass}>
        All plans
        <ArrowRightIcon className="size-4" />
      </Link>
    </WidgetFrame>
  );
}
