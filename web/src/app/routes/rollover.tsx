import { RolloverTips } from '../../features/rollover/components/rollover-tips.tsx';

/** /rollover: all rollover tips, locked for plans the user has not subscribed to. */
export default function RolloverRoute() {
  return (
    <div className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Rollover Tips</h1>
        <p className="mt-1 text-emerald-100/75">
          Every plan's daily tip. Codes and picks open for the plan's subscribers.
        </p>
      </header>
      <RolloverTips />
    </div>
  );
}
