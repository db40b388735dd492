import { CheckCode } from '../../features/booking-codes/components/check-code.tsx';

export default function CheckCodeRoute() {
  return <CheckCode />;
}
