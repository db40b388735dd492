import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { RestrictionNotice } from '../../../components/restriction-notice.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PlusIcon } from '../../../components/ui/icons/plus-icon.tsx';
import { useRestriction } from '../../../lib/session/use-restriction.ts';
import { paymentOptionsQueryOptions } from '../api/get-payment-options.ts';

// The modal's code is not needed for the first paint of the screens that show this button (the
// dashboard's greeting waits for everything it imports): it loads right after, ready before a tap.
const loadDepositModal = () => import('./deposit-modal.tsx');
const DepositModal = lazy(() => loadDepositModal().then((module) => ({ default: module.DepositModal })));

interface DepositButtonProps {
  variant?: 'primary' | 'secondary';
  className?: string;
  children?: ReactNode;
  /**
   * While deposits are closed by a time-out or self-exclusion: the notice in the button's place (the
   * wallet card), nothing (a second Deposit on the same screen), or the button disabled and saying so
   * (a tile in a grid of actions, which would otherwise leave a hole).
   */
  whenRestricted?: 'notice' | 'hide' | 'disable';
}

/** Opens the deposit modal; the payment options load with the button, so the modal opens complete. */
export function DepositButton({
  variant = 'primary',
  className = '',
  children = 'Deposit',
  whenRestricted = 'notice',
}: DepositButtonProps) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const restricted = useRestriction() !== null;
  useEffect(() => {
    if (!restricted) void queryClient.prefetchQuery(paymentOptionsQueryOptions());
  }, [queryClient, restricted]);

  // The modal stays mounted when a refusal reveals a restriction (set on another device): it then says
  // so itself instead of vanishing under the user's finger.
  const modal = (
    <Suspense fallback={null}>
      <DepositModal open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );

  if (restricted)
    return (
      <>
        {whenRestricted === 'notice' ? (
          <RestrictionNotice />
        ) : whenRestricted === 'disable' ? (
          <Button variant={variant} className={className} disabled>
            <PlusIcon className="size-4" />
            Deposits closed
          </Button>
        ) : null}
        {modal}
      </>
    );

  return (
    <>
      <Button variant={variant} className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <PlusIcon className="size-4" />
        {children}
      </Button>
      {modal}
    </>
  );
}
