import { PlanGrid } from '../../features/rollover/components/plan-grid.tsx';

/** /rollover-plans: the plans side by side (slots, odds, price, duration, daily posts). */
export default function RolloverPlansRoute() {
  return (
    <div className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">All Rollover Plans</h1>
        <p className="mt-1 text-emerald-100/75">
          Compare slots, odds, price and length before you subscribe.
        </p>
      </header>
      <PlanGrid withCalculator={false} />
    </div>
  );
}
