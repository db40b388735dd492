import { paths } from '../../config/paths.ts';
import { PlanDetail } from '../../features/rollover/components/plan-detail.tsx';
import { usePathId } from '../../lib/use-path-id.ts';

/** /subscribe/:id (sign-in required). */
export default function SubscribePlanRoute() {
  const id = usePathId(paths.subscribe);
  return <PlanDetail key={id} id={id} />;
}
