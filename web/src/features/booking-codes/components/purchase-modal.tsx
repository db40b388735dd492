import { type BookingCode, codeMessages } from '@cashtips/contract/booking-codes';
import type { WalletType } from '@cashtips/contract/wallet';
import { useState } from 'react';
import { ConfirmPaymentDialog } from '../../../components/payment/confirm-payment-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRefreshOnRestriction } from '../../../lib/session/use-restriction.ts';
import { toast } from '../../../lib/toast.ts';
import { usePurchaseBookingCode } from '../api/purchase-booking-code.ts';

interface PurchaseModalProps {
  code: BookingCode;
  open: boolean;
  onClose: () => void;
}

/**
 * Buying a code, from every Buy Now (list, Quick Preview, market, this page): the confirmation of what
 * is paid and from which wallet, then the purchase.
 */
export function PurchaseModal({ code, open, onClose }: PurchaseModalProps) {
  const purchase = usePurchaseBookingCode(code._id);
  const [failure, setFailure] = useState<string | null>(null);
  const refreshOnRestriction = useRefreshOnRestriction();

  const close = () => {
    setFailure(null);
    onClose();
  };

  const pay = (wallet: WalletType) => {
    setFailure(null);
    purchase.mutate(wallet, {
      onSuccess: (response) => {
        toast.success(response.message || codeMessages.purchaseSuccess);
        onClose();
      },
      onError: (error) => {
        const message = errorMessage(error, codeMessages.purchaseFailed);
        setFailure(message);
        toast.error(message);
        refreshOnRestriction(error);
      },
    });
  };

  return (
    <ConfirmPaymentDialog
      open={open}
      onClose={close}
      title="Buy booking code"
      item={`${code.bookmaker} booking code · ${code.totalOdds.toFixed(2)} odds`}
      price={code.price}
      onConfirm={pay}
      pending={purchase.isPending}
      failure={failure}
      insufficientMessage={codeMessages.insufficientBalance}
    />
  );
}
