import { walletMessages } from '@cashtips/contract/wallet';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { formatNaira } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { usePaymentOptions } from '../api/get-payment-options.ts';
import { newIdempotencyKey, useWithdrawBonus } from '../api/withdraw-bonus.ts';

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

/** Spec's Withdraw Bonus modal: amount (at most the bonus), destination wallet, Cancel / Withdraw Now. */
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
  const selectId = useId();
  const minimum = options.data?.minimumBonusWithdrawal;

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
        hint={
          minimum === undefined
            ? `In naira. Available bonus: ${formatNaira(bonusBalance)}.`
            : `In naira. Available bonus: ${formatNaira(bonusBalance)}. Withdrawable once your bonus reaches ${formatNaira(minimum)}.`
        }
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
      <div>
        <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-emerald-50">
          Move to
        </label>
        <select
          id={selectId}
          name="wallet"
          defaultValue="main"
          disabled={withdraw.isPending}
          className="block h-12 w-full cursor-pointer rounded-xl border border-emerald-700 bg-emerald-950/60 px-4 text-base text-white [color-scheme:dark] hover:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-lime-300/70 disabled:opacity-60"
        >
          <option value="main">Main Wallet</option>
          <option value="bonus" disabled>
            Bonus Wallet
          </option>
        </select>
        <p className="mt-1 text-xs text-emerald-200/70">The bonus wallet is where the money comes from.</p>
      </div>
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
