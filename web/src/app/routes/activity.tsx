import { ActivityHistory } from '../../features/dashboard/components/activity-history.tsx';

export default function ActivityRoute() {
  return (
    <div className="mx-auto w-full max-w-2xl">
      <ActivityHistory headingLevel="h1" />
    </div>
  );
}
