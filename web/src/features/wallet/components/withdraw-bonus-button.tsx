import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TransferIcon } from '../../../components/ui/icons/transfer-icon.tsx';
import { useWalletBalances } from '../../../lib/wallets/get-wallet-balance.ts';
import { paymentOptionsQueryOptions } from '../api/get-payment-options.ts';
import { WithdrawBonusModal } from './withdraw-bonus-modal.tsx';

interface WithdrawBonusButtonProps {
  variant?: 'primary' | 'secondary';
  className?: string;
  /** Shown instead while the bonus wallet is empty. */
  fallback?: ReactNode;
}

/** Offered only while the bonus wallet holds something (spec); renders nothing otherwise. */
export function WithdrawBonusButton({
  variant = 'secondary',
  className = '',
  fallback = null,
}: WithdrawBonusButtonProps) {
  const { bonusWallet } = useWalletBalances();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const available = bonusWallet > 0;
  useEffect(() => {
    if (available) void queryClient.prefetchQuery(paymentOptionsQueryOptions());
  }, [available, queryClient]);

  if (!available && !open) return fallback;
  return (
    <>
      <Button variant={variant} className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <TransferIcon className="size-4" />
        Withdraw Bonus
      </Button>
      <WithdrawBonusModal open={open} onClose={() => setOpen(false)} bonusBalance={bonusWallet} />
    </>
  );
}
