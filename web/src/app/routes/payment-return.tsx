import { useLocation } from 'react-router';
import {
  MissingReference,
  PaymentReturnStatus,
  referenceFromSearch,
} from '../../features/wallet/components/payment-return-status.tsx';

/** Where payment providers send the browser back after checkout. */
export default function PaymentReturnRoute() {
  // useLocation rather than useSearchParams, which would grow the entry chunk (see wallet.tsx).
  const reference = referenceFromSearch(new URLSearchParams(useLocation().search));
  return (
    <div className="py-4 sm:py-10">
      {reference ? <PaymentReturnStatus key={reference} reference={reference} /> : <MissingReference />}
    </div>
  );
}
