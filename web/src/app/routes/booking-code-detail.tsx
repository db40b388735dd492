import { paths } from '../../config/paths.ts';
import { BookingCodeDetail } from '../../features/booking-codes/components/code-detail.tsx';
import { usePathId } from '../../lib/use-path-id.ts';

/** /booking-codes/:id (sign-in required). */
export default function BookingCodeDetailRoute() {
  const id = usePathId(paths.bookingCodes);
  return <BookingCodeDetail key={id} id={id} />;
}
