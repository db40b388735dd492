import { paths } from '../../config/paths.ts';
import { PurchasedCodeDetail } from '../../features/booking-codes/components/purchased-code-detail.tsx';
import { usePathId } from '../../lib/use-path-id.ts';

/** /booking/:id: a purchased code in full. */
export default function BookingRoute() {
  const id = usePathId(paths.booking);
  return <PurchasedCodeDetail id={id} />;
}
