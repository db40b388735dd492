import { walletMessages } from '@cashtips/contract/wallet';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { formatNaira } from '../../../lib/format.ts';
import { newIdempotencyKey } from '../../../lib/request-key.ts';
import { toast } from '../../../lib/toast.ts';
import { useWalletBalances } from '../../../lib/wallets/get-wallet-balance.ts';
import { usePaymentOptions } from '../api/get-payment-options.ts';
import { useWithdrawBonus } from '../api/withdraw-bonus.ts';

export const WITHDRAW_FAILED_MESSAGE = 'Withdrawal failed. Please try again.';

/** Naira typed by the user; separators are ignored, kobo (2 decimals) allowed. */
export function parseWithdrawAmount(raw: string): number {
  const cleaned = raw.replace(/[\s,₦]/g, '');
  return cleaned === '' ? Number.NaN : Number(cleaned);
}

/** Spec: the maximum is the bonus balance; the server checks the rest (its minimum, decimals). */
export function withdrawAmountError(amount: number, bonusBalance: number): string | undefined {
  if (!Number.isFinite(amount) || amount <= 0) return walletMessages.invalidWithdrawAmount;
  if (amount > bonusBalance) return `You can move at most ${formatNaira(bonusBalance)}, your bonus balance.`;
  return undefined;
}

function withdrawErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return walletMessages.depositNetworkError;
  if (error instanceof ApiError && error.message) return error.message;
  return WITHDRAW_FAILED_MESSAGE;
}

interface WithdrawBonusModalProps {
  open: boolean;
  onClose: () => void;
  bonusBalance: number;
}

/**
 * Spec's Withdraw Bonus modal: amount (at most the bonus) and Cancel / Withdraw Now. The spec's wallet
 * select offered the bonus wallet as a destination, which means nothing: the money always goes from the
 * bonus wallet to the main wallet (PRODUCT 5), so the modal says so and shows what each wallet holds.
 */
export function WithdrawBonusModal({ open, onClose, bonusBalance }: WithdrawBonusModalProps) {
  const amountRef = useRef<HTMLInputElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Withdraw Bonus"
      description="Move referral bonus to your main wallet, where you can spend it."
      initialFocusRef={amountRef}
    >
      <WithdrawForm amountRef={amountRef} bonusBalance={bonusBalance} onCancel={onClose} onDone={onClose} />
    </Modal>
  );
}

interface WithdrawFormProps {
  amountRef: RefObject<HTMLInputElement | null>;
  bonusBalance: number;
  onCancel: () => void;
  onDone: () => void;
}

function WithdrawForm({ amountRef, bonusBalance, onCancel, onDone }: WithdrawFormProps) {
  const options = usePaymentOptions();
  const withdraw = useWithdrawBonus();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  // One key per amount: trying the same withdrawal again after a failure cannot move the money twice.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const { mainWallet } = useWalletBalances();
  const minimum = options.data?.minimumBonusWithdrawal;
  const typed = parseWithdrawAmount(amount);
  // What the main wallet would become: only for an amount the form would send.
  const moving = withdrawAmountError(typed, bonusBalance) === undefined ? typed : 0;

  const changeAmount = (value: string) => {
    if (value !== amount) setIdempotencyKey(newIdempotencyKey());
    setAmount(value);
    setAmountError(undefined);
    setFormError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (withdraw.isPending) return;
    setFormError(null);
    const value = parseWithdrawAmount(amount);
    const error = withdrawAmountError(value, bonusBalance);
    if (error) {
      setAmountError(error);
      amountRef.current?.focus();
      return;
    }
    withdraw.mutate(
      { amount: value, idempotencyKey },
      {
        onSuccess: (response) => {
          toast.success(response.message || walletMessages.withdrawSuccess);
          onDone();
        },
        onError: (failure) => setFormError(withdrawErrorMessage(failure)),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <TextField
        ref={amountRef}
        label="Amount (₦)"
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        max={bonusBalance}
        value={amount}
        readOnly={withdraw.isPending}
        onChange={(event) => changeAmount(event.target.value)}
        error={amountError}
        hint={`In naira, up to your bonus balance of ${formatNaira(bonusBalance)}.`}
        trailing={
          <Button
            variant="secondary"
            className="shrink-0 px-4"
            disabled={withdraw.isPending}
            onClick={() => changeAmount(String(bonusBalance))}
            aria-label="Max: use the whole bonus balance"
          >
            Max
          </Button>
        }
      />
      <WithdrawSummary
        bonusBalance={bonusBalance}
        mainBalance={mainWallet}
        moving={moving}
        minimum={minimum}
      />
      <FormAlert message={formError} />
      <div className="mt-2 grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={withdraw.isPending} disabled={amount.trim() === ''}>
          {withdraw.isPending ? 'Withdrawing...' : 'Withdraw Now'}
        </Button>
      </div>
    </form>
  );
}

interface WithdrawSummaryProps {
  bonusBalance: number;
  mainBalance: number;
  /** The amount the form would move now (0 until a valid one is typed). */
  moving: number;
  minimum: number | undefined;
}

/** Where the money goes and what the wallets hold, before and after: the destination is fixed. */
function WithdrawSummary({ bonusBalance, mainBalance, moving, minimum }: WithdrawSummaryProps) {
  const rows: [string, string][] = [
    ['Move to', 'Main Wallet'],
    ['Bonus balance', formatNaira(bonusBalance)],
    ...(minimum === undefined
      ? []
      : [['Minimum bonus to withdraw', formatNaira(minimum)] as [string, string]]),
    ['Main wallet now', formatNaira(mainBalance)],
    ['Main wallet after', formatNaira(mainBalance + moving)],
  ];
  return (
    <dl className="flex flex-col gap-1.5 rounded-xl bg-emerald-950/50 px-4 py-3 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex flex-wrap items-baseline justify-between gap-x-3">
          <dt className="text-emerald-100/75">{term}</dt>
          <dd className="font-semibold text-white tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
