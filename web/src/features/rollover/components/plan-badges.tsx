import { planBadge, type RolloverPlan, riskBadge, slotFullness } from '@cashtips/contract/rollover';
import { formatSuccessRate } from '@cashtips/contract/success-rate';
import { badgeClass } from '../../../components/ui/badge.tsx';
import { useMoney } from '../../../lib/currency/use-money.ts';

const riskClasses = {
  'High Risk': 'bg-rose-500/20 text-rose-200',
  'Medium Risk': 'bg-amber-400/15 text-amber-200',
  'Low Risk': 'bg-emerald-400/15 text-emerald-200',
} as const;

/** Spec: odds 10+ High Risk, 5 to under 10 Medium Risk, below 5 Low Risk. */
export function RiskBadge({ odds }: { odds: number }) {
  const label = riskBadge(odds);
  return <span className={`${badgeClass} ${riskClasses[label]}`}>{label}</span>;
}

const planClasses = {
  Hot: 'bg-rose-500/20 text-rose-200',
  Popular: 'bg-sky-400/15 text-sky-200',
  Stable: 'bg-lime-400/15 text-lime-200',
} as const;

/** Spec: odds 10+ Hot, 5 to under 10 Popular, otherwise Stable. */
export function PlanBadge({ odds }: { odds: number }) {
  const label = planBadge(odds);
  return <span className={`${badgeClass} ${planClasses[label]}`}>{label}</span>;
}

type PlanSlots = Pick<RolloverPlan, 'slotLimit' | 'slotsLeft'>;

/** The server's slot figure in words: "Unlimited slots", "Full" or "{n} of {limit} slots left". */
export function planSlotsText(plan: PlanSlots): string {
  if (plan.slotLimit === null || plan.slotsLeft === null) return 'Unlimited slots';
  if (plan.slotsLeft <= 0) return 'Full';
  return `${plan.slotsLeft} of ${plan.slotLimit} ${plan.slotLimit === 1 ? 'slot' : 'slots'} left`;
}

/**
 * How taken a plan is, as one figure (every plan card, the plan page, tips and the dashboard): its real
 * slots when it has a limit, else its real subscriber count (PRODUCT 15). Never both: one figure the
 * server decides cannot disagree with another.
 */
export function planTakeUpText(plan: PlanSlots & Pick<RolloverPlan, 'subscriberCount'>): string {
  if (plan.slotLimit !== null) return planSlotsText(plan);
  return `${plan.subscriberCount} ${plan.subscriberCount === 1 ? 'subscriber' : 'subscribers'}`;
}

/** A plan's record is its own settled tips (won ÷ won and lost), 'New' until enough are settled. */
export function planRecordText(plan: Pick<RolloverPlan, 'successRate' | 'settledTips'>): string {
  if (plan.successRate === null) return `Record: ${formatSuccessRate(null)}`;
  const tips = `${plan.settledTips} settled ${plan.settledTips === 1 ? 'tip' : 'tips'}`;
  return `Record: ${formatSuccessRate(plan.successRate)} won (${tips})`;
}

export function isPlanFull(plan: PlanSlots): boolean {
  return plan.slotsLeft !== null && plan.slotsLeft <= 0;
}

const fullnessLabels = { 50: 'Half full', 75: 'Filling fast', 90: 'Almost full' } as const;

/**
 * How many of the plan's slots are taken, at the spec's 50, 75 and 90 % thresholds. Measured on the
 * slots the server says are left, so the badge never calls a plan full that still sells.
 */
export function SlotFullnessBadge({ plan }: { plan: PlanSlots }) {
  if (plan.slotLimit === null || plan.slotsLeft === null) return null;
  if (plan.slotsLeft <= 0) {
    return <span className={`${badgeClass} bg-rose-500/20 text-rose-200`}>Full</span>;
  }
  const fullness = slotFullness(plan.slotLimit - plan.slotsLeft, plan.slotLimit);
  if (!fullness?.tier) return null;
  const tone = fullness.tier === 50 ? 'bg-amber-400/15 text-amber-200' : 'bg-orange-400/20 text-orange-200';
  return (
    <span data-fullness={fullness.tier} className={`${badgeClass} ${tone}`}>
      {fullnessLabels[fullness.tier]} · {fullness.percent}%
    </span>
  );
}

/**
 * A plan's terms as figures (daily odds, price, duration, daily posts) and, under them, how taken it
 * is and its record: the plan cards and the plan page, at two sizes.
 */
export function PlanFigures({ plan, large = false }: { plan: RolloverPlan; large?: boolean }) {
  const money = useMoney();
  const figures = [
    { label: 'Daily odds', value: plan.odds.toFixed(2) },
    { label: 'Price', value: money.format(plan.price), accent: true },
    { label: 'Duration', value: `${plan.duration} ${plan.duration === 1 ? 'day' : 'days'}` },
    { label: 'Daily posts', value: String(plan.postLimit) },
  ];
  return (
    <>
      {/* Four across only where the card is 28rem wide: in three cards a row at 1280 px, "₦15,000" and
          "10.50" broke inside their numbers. */}
      <div className="@container">
        <dl className="grid grid-cols-2 gap-2 @md:grid-cols-4">
          {figures.map((figure) => (
            <div
              key={figure.label}
              className={`rounded-xl bg-emerald-950/50 px-3 ${large ? 'py-3' : 'py-2'}`}
            >
              <dt className={`${large ? 'text-xs' : 'text-[11px]'} text-emerald-200/70`}>{figure.label}</dt>
              <dd
                className={`${large ? 'text-xl' : 'text-base'} font-bold whitespace-nowrap tabular-nums ${figure.accent ? 'text-lime-300' : 'text-white'}`}
              >
                {figure.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <p
        className={`flex flex-wrap gap-y-1 text-emerald-100/80 ${large ? 'gap-x-4 text-sm' : 'gap-x-3 text-xs'}`}
      >
        <span data-testid="plan-take-up">{planTakeUpText(plan)}</span>
        <span>{planRecordText(plan)}</span>
      </p>
    </>
  );
}
