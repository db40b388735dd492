import type { AdminBookingCode } from '@cashtips/contract/booking-codes';
import { useNavigate } from 'react-router';
import { formatCount } from '../../../components/ui/stat-figure.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteBookingCode } from '../api/delete-booking-code.ts';
import { useSettleBookingCode } from '../api/settle-booking-code.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { formatAmount, formatDateTime } from '../utils/format.ts';
import { buyersText, slotsText } from './booking-codes-list.tsx';
import { DeletePanel } from './delete-panel.tsx';
import { Figure, Figures } from './figure.tsx';
import { SettlePanel } from './settle-panel.tsx';

const codeSettleEffects = {
  won: 'Buyers see it as won, and it counts as a win in the success rate.',
  lost: 'Buyers see it as lost, and it counts as a loss in the success rate.',
  void: 'Buyers see it as void; it counts neither as a win nor as a loss.',
} as const;

/** A money-back code's buyers are refunded on lost or void, once; a refund is never taken back. */
const moneyBackSettleEffects = {
  won: `${codeSettleEffects.won} Refunds already made stay with the buyers.`,
  lost: `${codeSettleEffects.lost} Money back: every buyer gets the price back into the wallet they paid from.`,
  void: `${codeSettleEffects.void} Money back: every buyer gets the price back into the wallet they paid from.`,
} as const;

/** Revenue, buyers, slots and the result; Won / Lost / Void after a confirmation. */
export function BookingCodeSettle({ code }: { code: AdminBookingCode }) {
  const mutation = useSettleBookingCode(code._id);
  const buyers = code.realBuyerCount;
  return (
    <SettlePanel
      subject={code.bookingCode}
      result={code.result}
      settle={async (settlement) => (await mutation.mutateAsync(settlement)).code.result}
      busy={mutation.isPending}
      effects={code.moneyBack ? moneyBackSettleEffects : codeSettleEffects}
      affected={
        buyers === 0
          ? 'Nobody has bought it yet.'
          : `${formatCount(buyers)} ${buyers === 1 ? 'buyer is' : 'buyers are'} affected.`
      }
      pendingHint="Settle the code once its games are over."
      failure="The code was not settled. Please try again."
    >
      <Figures>
        <Figure label="Revenue" emphasis="strong">
          {formatAmount(code.revenue)}
        </Figure>
        <Figure label="Buyers" emphasis="strong">
          {buyersText(code)}
        </Figure>
        <Figure label="Slots">{slotsText(code)}</Figure>
        <Figure label="Price">
          {formatNaira(code.price)}
          {code.moneyBack && <span className="block text-xs text-lime-200">Money back</span>}
        </Figure>
        {code.settledAt && (
          <Figure label="Settled" wide>
            {formatDateTime(code.settledAt)}
          </Figure>
        )}
      </Figures>
    </SettlePanel>
  );
}

/** Delete after a confirmation; the server refuses codes with buyers and its reason is shown here. */
export function BookingCodeDelete({ code }: { code: AdminBookingCode }) {
  const mutation = useDeleteBookingCode(code._id);
  const navigate = useNavigate();
  return (
    <DeletePanel
      label="Delete code"
      description="Removes the code from the site. A code that has buyers cannot be deleted; settle it instead."
      confirmTitle={`Delete booking code ${code.bookingCode}?`}
      remove={mutation.mutateAsync}
      busy={mutation.isPending}
      onDeleted={() => {
        toast.success(`Booking code ${code.bookingCode} deleted.`);
        navigate(adminPaths.bookingCodes);
      }}
      failure="The code was not deleted. Please try again."
    >
      <p>It disappears from the booking codes page at once. This cannot be undone.</p>
    </DeletePanel>
  );
}
