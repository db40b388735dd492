import { type BookingCode, codeMessages } from '@cashtips/contract/booking-codes';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toast.ts';
import { codeDetailPath } from './code-card.tsx';

/** Buy Now from a card: a visitor is asked to log in; a user goes to the code with the purchase modal open. */
export function useBuyCode(): (code: BookingCode) => void {
  const { token } = useSession();
  const navigate = useNavigate();
  return useCallback(
    (code: BookingCode) => {
      if (!token) {
        toast.error(codeMessages.loginToPurchase);
        return;
      }
      navigate(codeDetailPath(code._id), { state: { buy: true } });
    },
    [token, navigate],
  );
}
