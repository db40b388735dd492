import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TransferIcon } from '../../../components/ui/icons/transfer-icon.tsx';

// The modal's code and its data load when the user shows intent (pointer over, focus, touch), never with
// the screen: the dashboard's first paint and the landing page's bundle do not carry them.
const loadWithdrawModal = () => import('./withdraw-modal.tsx');
const WithdrawModal = lazy(() => loadWithdrawModal().then((module) => ({ default: module.WithdrawModal })));

interface WithdrawButtonProps {
  variant?: 'primary' | 'secondary';
  className?: string;
  children?: ReactNode;
}

/** Opens the withdraw-to-bank modal (PRODUCT 11) from the wallet page and the dashboard's main wallet. */
export function WithdrawButton({
  variant = 'secondary',
  className = '',
  children = 'Withdraw',
}: WithdrawButtonProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const queryClient = useQueryClient();

  // The queries' modules come with the modal's chunk: the screens showing this button carry only the button.
  const prepare = () => {
    void loadWithdrawModal();
    void import('../api/withdrawals.ts').then(({ withdrawOptionsQueryOptions }) =>
      queryClient.prefetchQuery(withdrawOptionsQueryOptions()),
    );
    void import('../api/payout-account.ts').then(({ payoutAccountQueryOptions }) =>
      queryClient.prefetchQuery(payoutAccountQueryOptions()),
    );
  };

  return (
    <>
      <Button
        variant={variant}
        className={className}
        aria-haspopup="dialog"
        onPointerEnter={prepare}
        onFocus={prepare}
        onTouchStart={prepare}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <TransferIcon className="size-4" />
        {children}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <WithdrawModal open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
