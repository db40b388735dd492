import { MyRollover } from '../../features/rollover/components/my-rollover.tsx';

/** /my-rollover: the user's running plans with today's tips, and the plans that ended. */
export default function MyRolloverRoute() {
  return (
    <div className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">My Rollover</h1>
        <p className="mt-1 text-emerald-100/75">Your plans, the day each is on, and today's tip.</p>
      </header>
      <MyRollover />
    </div>
  );
}
