import type { VerifyPaymentResponse } from '@cashtips/contract/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { AlertCircleIcon } from '../../../components/ui/icons/alert-circle-icon.tsx';
import { CheckCircleIcon } from '../../../components/ui/icons/check-circle-icon.tsx';
import { ClockIcon } from '../../../components/ui/icons/clock-icon.tsx';
import { ReceiptIcon } from '../../../components/ui/icons/receipt-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { setWalletBalances } from '../../../lib/wallets/get-wallet-balance.ts';
import { useVerifyPayment, VERIFY_POLL_WINDOW_MS } from '../api/verify-payment.ts';
import { DepositModal } from './deposit-modal.tsx';

/** Providers name the reference differently when they send the browser back: ours, Paystack's, Flutterwave's. */
export function referenceFromSearch(search: URLSearchParams): string | null {
  for (const name of ['reference', 'trxref', 'tx_ref']) {
    const value = search.get(name)?.trim();
    if (value) return value;
  }
  return null;
}

const walletLink = `${buttonVariants.primary}`;
const secondaryLink = `${buttonVariants.secondary}`;

interface StatusCardProps {
  tone: 'busy' | 'success' | 'warning' | 'error' | 'neutral';
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}

const toneIcon = {
  busy: <Spinner className="size-8 text-lime-300" />,
  success: <CheckCircleIcon className="size-9 text-lime-300" />,
  warning: <ClockIcon className="size-9 text-amber-300" />,
  error: <AlertCircleIcon className="size-9 text-rose-300" />,
  neutral: <ReceiptIcon className="size-9 text-emerald-200" />,
} as const;

/** One layout for every state (same box, same places), so moving between states never jumps. */
function StatusCard({ tone, title, children, actions }: StatusCardProps) {
  return (
    <section className="card mx-auto flex min-h-80 w-full max-w-lg flex-col items-center justify-center gap-4 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-emerald-950/60">
        {toneIcon[tone]}
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-white">{title}</h1>
      <div className="flex flex-col gap-2 text-emerald-100/80">{children}</div>
      {actions && <div className="mt-2 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">{actions}</div>}
    </section>
  );
}

export function MissingReference() {
  return (
    <StatusCard
      tone="neutral"
      title="No payment to check"
      actions={
        <Link to={paths.wallet} className={walletLink}>
          Go to wallet
        </Link>
      }
    >
      <p>
        This link carries no payment reference. Your deposits and their status are in your wallet history.
      </p>
    </StatusCard>
  );
}

/** The provider's return page: asks our server for the deposit's status, checking again while it is pending. */
export function PaymentReturnStatus({ reference }: { reference: string }) {
  const queryClient = useQueryClient();
  const money = useMoney();
  const [pollUntil, setPollUntil] = useState(() => Date.now() + VERIFY_POLL_WINDOW_MS);
  const [timedOut, setTimedOut] = useState(false);
  const [depositOpen, setDepositOpen] = useState(false);
  const query = useVerifyPayment(reference, pollUntil);
  const { data } = query;
  const status = data?.status;

  useEffect(() => {
    setTimedOut(false);
    const timer = window.setTimeout(() => setTimedOut(true), Math.max(0, pollUntil - Date.now()));
    return () => window.clearTimeout(timer);
  }, [pollUntil]);

  // The confirmed deposit shows in the wallets and the history at once: when the status turns to success,
  // not on every answer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: data is read at that moment only.
  useEffect(() => {
    if (status !== 'success' || !data) return;
    setWalletBalances(queryClient, data);
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallets });
    void queryClient.invalidateQueries({ queryKey: queryKeys.referrals });
  }, [status, queryClient]);

  const checkAgain = () => {
    setPollUntil(Date.now() + VERIFY_POLL_WINDOW_MS);
    void query.refetch();
  };

  const referenceLine = (
    <p className="text-xs text-emerald-200/60">
      Reference <span className="font-mono break-all">{reference}</span>
    </p>
  );

  if (query.isPending) {
    return (
      <div aria-live="polite">
        <StatusCard tone="busy" title="Checking your payment">
          <p>One moment while we confirm your payment with the provider.</p>
          {referenceLine}
        </StatusCard>
      </div>
    );
  }

  if (query.isError && !data) {
    return (
      <div aria-live="polite">
        <StatusCard
          tone="error"
          title="We could not check this payment"
          actions={
            <>
              <Button variant="primary" onClick={() => void query.refetch()} loading={query.isFetching}>
                Retry
              </Button>
              <Link to={paths.wallet} className={secondaryLink}>
                Go to wallet
              </Link>
            </>
          }
        >
          <p>{errorMessage(query.error, 'Something went wrong. Please try again.')}</p>
          {referenceLine}
        </StatusCard>
      </div>
    );
  }

  if (!data) return null;
  return (
    <div aria-live="polite">
      <VerifiedState
        data={data}
        timedOut={timedOut}
        checking={query.isFetching}
        format={money.format}
        referenceLine={referenceLine}
        onCheckAgain={checkAgain}
        onTryAgain={() => setDepositOpen(true)}
      />
      <DepositModal open={depositOpen} onClose={() => setDepositOpen(false)} />
    </div>
  );
}

interface VerifiedStateProps {
  data: VerifyPaymentResponse;
  timedOut: boolean;
  checking: boolean;
  format: (naira: number) => string;
  referenceLine: ReactNode;
  onCheckAgain: () => void;
  onTryAgain: () => void;
}

function VerifiedState({
  data,
  timedOut,
  checking,
  format,
  referenceLine,
  onCheckAgain,
  onTryAgain,
}: VerifiedStateProps) {
  const walletButton = (
    <Link to={paths.wallet} className={data.status === 'success' ? walletLink : secondaryLink}>
      Go to wallet
    </Link>
  );

  if (data.status === 'success') {
    return (
      <StatusCard
        tone="success"
        title="Deposit successful"
        actions={
          <>
            {walletButton}
            <Link to={paths.dashboard} className={secondaryLink}>
              Back to dashboard
            </Link>
          </>
        }
      >
        <p>
          <span className="font-semibold text-white">{format(data.amount)}</span> was added to your main
          wallet{data.confirmedAt ? ` on ${formatDateTime(data.confirmedAt)}` : ''}.
        </p>
        <p>
          {/* The balance now, which later spending and deposits have changed if the page is opened again. */}
          Main wallet balance now:{' '}
          <span className="font-semibold text-lime-300">{format(data.mainWallet)}</span>
        </p>
        {referenceLine}
      </StatusCard>
    );
  }

  if (data.status === 'pending') {
    if (!timedOut) {
      return (
        <StatusCard tone="busy" title="Waiting for confirmation">
          <p>
            We are waiting for the provider to confirm your payment of{' '}
            <span className="font-semibold text-white">{format(data.amount)}</span>. This page checks again
            every few seconds; you can keep it open.
          </p>
          {referenceLine}
        </StatusCard>
      );
    }
    return (
      <StatusCard
        tone="warning"
        title="Still waiting for confirmation"
        actions={
          <>
            <Button variant="primary" onClick={onCheckAgain} loading={checking}>
              Check again
            </Button>
            {walletButton}
          </>
        }
      >
        <p>
          Your payment of <span className="font-semibold text-white">{format(data.amount)}</span> is not
          confirmed yet. If you were charged, your wallet is credited as soon as the provider confirms it.
        </p>
        {referenceLine}
      </StatusCard>
    );
  }

  return (
    <StatusCard
      tone="error"
      title={data.status === 'abandoned' ? 'Payment not completed' : 'Payment failed'}
      actions={
        <>
          <Button variant="primary" onClick={onTryAgain}>
            Try again
          </Button>
          {walletButton}
        </>
      }
    >
      <p>
        {data.message ||
          (data.status === 'abandoned'
            ? 'The payment was cancelled before it was completed. Nothing was added to your wallet.'
            : 'The provider did not accept the payment. Nothing was added to your wallet.')}
      </p>
      {referenceLine}
    </StatusCard>
  );
}
