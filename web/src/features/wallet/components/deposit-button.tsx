import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { PlusIcon } from '../../../components/ui/icons/plus-icon.tsx';
import { paymentOptionsQueryOptions } from '../api/get-payment-options.ts';

// The modal's code is not needed for the first paint of the screens that show this button (the
// dashboard's greeting waits for everything it imports): it loads right after, ready before a tap.
const loadDepositModal = () => import('./deposit-modal.tsx');
const DepositModal = lazy(() => loadDepositModal().then((module) => ({ default: module.DepositModal })));

interface DepositButtonProps {
  variant?: 'primary' | 'secondary';
  className?: string;
  children?: ReactNode;
}

/** Opens the deposit modal; the payment options load with the button, so the modal opens complete. */
export function DepositButton({
  variant = 'primary',
  className = '',
  children = 'Deposit',
}: DepositButtonProps) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(paymentOptionsQueryOptions());
  }, [queryClient]);

  return (
    <>
      <Button variant={variant} className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <PlusIcon className="size-4" />
        {children}
      </Button>
      <Suspense fallback={null}>
        <DepositModal open={open} onClose={() => setOpen(false)} />
      </Suspense>
    </>
  );
}
