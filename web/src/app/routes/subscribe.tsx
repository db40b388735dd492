import { PlanGrid } from '../../features/rollover/components/plan-grid.tsx';

/** /subscribe: the stake calculator and every plan with its first days worked out. */
export default function SubscribeRoute() {
  return (
    <div className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Rollover Plans</h1>
        <p className="mt-1 text-emerald-100/75">
          Subscribe once and get a tip every day of the plan. Work out a stake below.
        </p>
      </header>
      <PlanGrid withCalculator />
    </div>
  );
}
