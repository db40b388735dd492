import {
  aboveBalanceMessage,
  belowMinimumMessage,
  dailyMaximumMessage,
  type PayoutAccount,
  payoutMessages,
  type WithdrawOptionsResponse,
} from '@cashtips/contract/payouts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatNairaExact } from '../../../lib/format.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useRequestKey } from '../../../lib/request-key.ts';
import { toast } from '../../../lib/toast.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useWalletBalances } from '../../../lib/wallets/get-wallet-balance.ts';
import { usePayoutAccount } from '../api/payout-account.ts';
import { useCreateWithdrawal, useWithdrawOptions } from '../api/withdrawals.ts';
import { accountOpensAt, accountOpensMessage, PAYOUT_ACCOUNT_ANCHOR } from './payout-account.tsx';

export const WITHDRAW_FAILED = 'Withdrawal failed. Please try again.';

/** Naira typed by the user; separators and the sign are ignored, kobo allowed. */
export function parseWithdrawalAmount(raw: string): number {
  const cleaned = raw.replace(/[\s,₦]/g, '');
  return cleaned === '' ? Number.NaN : Number(cleaned);
}

/** The limits of PRODUCT 11 in the server's words, checked before asking it; it checks them again. */
export function withdrawalAmountError(
  amount: number,
  mainBalance: number,
  options: Pick<WithdrawOptionsResponse, 'minimum' | 'dailyMaximum' | 'dailyLeft'>,
): string | undefined {
  if (!Number.isFinite(amount) || amount <= 0) return payoutMessages.invalidAmount;
  if (amount < options.minimum) return belowMinimumMessage(options.minimum);
  if (amount > mainBalance) return aboveBalanceMessage(mainBalance);
  if (amount > options.dailyLeft) return dailyMaximumMessage(options.dailyMaximum, options.dailyLeft);
  return undefined;
}

interface WithdrawModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Withdraw to bank: the amount, what the main wallet holds, the minimum and what is left of the daily
 * maximum, where the money goes, and the review rule. Each attempt carries an Idempotency-Key, the same
 * one when the same withdrawal is sent again after a lost answer.
 */
export function WithdrawModal({ open, onClose }: WithdrawModalProps) {
  const amountRef = useRef<HTMLInputElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Withdraw to bank"
      description="Money leaves your main wallet now and is paid to your bank account."
      initialFocusRef={amountRef}
    >
      <WithdrawBody amountRef={amountRef} onDone={onClose} />
    </Modal>
  );
}

function WithdrawBody({
  amountRef,
  onDone,
}: {
  amountRef: RefObject<HTMLInputElement | null>;
  onDone: () => void;
}) {
  const options = useWithdrawOptions();
  const account = usePayoutAccount();

  if (options.isPending || account.isPending) {
    return (
      <div role="status" aria-label="Loading your withdrawal details" className="flex flex-col gap-3">
        <Skeleton className="h-16 rounded-xl" />
        <Skeleton className="h-20 rounded-xl" />
        <Skeleton className="h-32 rounded-xl" />
        <Skeleton className="h-12 rounded-xl" />
      </div>
    );
  }
  if (options.isError || account.isError) {
    const failed = options.isError ? options : account;
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="rounded-xl bg-rose-500/10 px-4 py-3 text-sm text-rose-200">
          {errorMessage(failed.error, 'Your withdrawal details could not be loaded.')}
        </p>
        <Button variant="secondary" onClick={() => void failed.refetch()} loading={failed.isFetching}>
          Retry
        </Button>
      </div>
    );
  }
  if (!options.data.enabled) {
    return (
      <div className="flex flex-col gap-4">
        <p className="rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-100">
          {payoutMessages.payoutsOff}
        </p>
        <Button variant="secondary" onClick={onDone}>
          Close
        </Button>
      </div>
    );
  }
  const payoutAccount = account.data.account;
  if (!payoutAccount) {
    return (
      <div className="flex flex-col gap-4">
        <p className="rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-100">
          {payoutMessages.noAccount}
        </p>
        <Link to={`${paths.wallet}#${PAYOUT_ACCOUNT_ANCHOR}`} className="btn btn-primary" onClick={onDone}>
          Add a payout account
        </Link>
      </div>
    );
  }
  return (
    <WithdrawForm amountRef={amountRef} options={options.data} account={payoutAccount} onDone={onDone} />
  );
}

interface WithdrawFormProps {
  amountRef: RefObject<HTMLInputElement | null>;
  options: WithdrawOptionsResponse;
  account: PayoutAccount;
  onDone: () => void;
}

function WithdrawForm({ amountRef, options, account, onDone }: WithdrawFormProps) {
  const queryClient = useQueryClient();
  const withdraw = useCreateWithdrawal();
  const requestKey = useRequestKey();
  const { mainWallet } = useWalletBalances();
  const now = useNow(30_000);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const opensAt = accountOpensAt(account, now);
  // The modal focuses the amount when it opens with everything loaded; after a loading state, here.
  useEffect(() => amountRef.current?.focus(), [amountRef]);
  // What the Max button fills in: all the main wallet holds, within what is left of the daily maximum.
  const most = Math.max(0, Math.floor(Math.min(mainWallet, options.dailyLeft) * 100) / 100);

  const changeAmount = (value: string) => {
    setAmount(value);
    setAmountError(undefined);
    setFormError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (withdraw.isPending || opensAt) return;
    setFormError(null);
    const value = parseWithdrawalAmount(amount);
    const error = withdrawalAmountError(value, mainWallet, options);
    if (error) {
      setAmountError(error);
      amountRef.current?.focus();
      return;
    }
    const request = { amount: value };
    withdraw.mutate(
      { ...request, idempotencyKey: requestKey.keyFor(request) },
      {
        onSuccess: (response) => {
          requestKey.settled();
          toast.success(response.message || payoutMessages.withdrawalRequested);
          onDone();
        },
        onError: (failure) => {
          requestKey.settled(failure);
          // A refusal may come from limits that moved since the form opened (another device, a payout).
          if (failure instanceof ApiError)
            void queryClient.invalidateQueries({ queryKey: queryKeys.withdrawOptions });
          const fieldMessage =
            failure instanceof ApiError
              ? failure.errors.find((item) => item.field === 'amount')?.message
              : undefined;
          if (fieldMessage) {
            setAmountError(fieldMessage);
            amountRef.current?.focus();
          } else {
            setFormError(errorMessage(failure, WITHDRAW_FAILED));
          }
        },
      },
    );
  };

  const rows: [string, string][] = [
    ['Main wallet', formatNairaExact(mainWallet)],
    ['Minimum withdrawal', formatNairaExact(options.minimum)],
    [
      'Left of the 24-hour maximum',
      `${formatNairaExact(options.dailyLeft)} of ${formatNairaExact(options.dailyMaximum)}`,
    ],
  ];

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <div className="rounded-xl border border-emerald-800/70 bg-emerald-950/40 px-4 py-3 text-sm">
        <p className="text-xs font-medium text-emerald-200/70">Paid to</p>
        <p className="font-semibold break-words text-white">{account.accountName}</p>
        <p className="text-emerald-100/85">
          {account.bankName} · <span className="font-mono tabular-nums">{account.accountNumber}</span>
        </p>
      </div>
      {opensAt && (
        <p className="rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-100">
          {accountOpensMessage(opensAt)}
        </p>
      )}
      <TextField
        ref={amountRef}
        label="Amount (₦)"
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        readOnly={withdraw.isPending}
        onChange={(event) => changeAmount(event.target.value)}
        error={amountError}
        hint={`In naira. Minimum ${formatNairaExact(options.minimum)}.`}
        trailing={
          <Button
            variant="secondary"
            className="shrink-0 px-4"
            disabled={withdraw.isPending || most <= 0}
            onClick={() => changeAmount(String(most))}
            aria-label="Max: all you can withdraw now"
          >
            Max
          </Button>
        }
      />
      <dl className="flex flex-col gap-1.5 rounded-xl bg-emerald-950/50 px-4 py-3 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <dt className="text-emerald-100/75">{term}</dt>
            <dd className="font-semibold text-white tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-emerald-100/75">
        Your first withdrawal, and any of {formatNairaExact(options.reviewFrom)} or more, is reviewed by our
        team before it is paid, usually within a few hours. The bank transfer costs you nothing.
      </p>
      <FormAlert message={formError} />
      <p role="status" className="sr-only">
        {withdraw.isPending ? 'Sending your withdrawal.' : ''}
      </p>
      <div className="mt-1 grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          loading={withdraw.isPending}
          disabled={amount.trim() === '' || Boolean(opensAt)}
        >
          {withdraw.isPending ? 'Withdrawing...' : 'Withdraw'}
        </Button>
      </div>
    </form>
  );
}
