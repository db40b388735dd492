import {
  MINIMUM_DEPOSIT_NAIRA,
  type PaymentProvider,
  type PaymentProviderOption,
  QUICK_DEPOSIT_AMOUNTS,
  walletMessages,
} from '@cashtips/contract/wallet';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { formatNaira } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateDeposit } from '../api/create-deposit.ts';
import { usePaymentOptions } from '../api/get-payment-options.ts';

/** Spec: the amount is parsed as an integer (thousands separators typed by habit are ignored). */
export function parseDepositAmount(raw: string): number {
  return Number.parseInt(raw.replace(/[\s,₦]/g, ''), 10);
}

export function depositAmountError(amount: number, minimum: number, maximum?: number): string | undefined {
  if (!Number.isFinite(amount) || amount <= 0) return walletMessages.invalidAmount;
  if (amount < minimum) {
    return minimum === MINIMUM_DEPOSIT_NAIRA
      ? walletMessages.minimumDeposit
      : `Minimum deposit amount is ${formatNaira(minimum)}`;
  }
  if (maximum !== undefined && amount > maximum) return `Maximum deposit amount is ${formatNaira(maximum)}`;
  return undefined;
}

function depositErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return walletMessages.depositNetworkError;
  if (error instanceof ApiError && error.message) return error.message;
  return walletMessages.depositFailed;
}

interface DepositModalProps {
  open: boolean;
  onClose: () => void;
}

/** Spec's deposit modal: amount, quick amounts, Deposit; idle, processing, closed on success. */
export function DepositModal({ open, onClose }: DepositModalProps) {
  const amountRef = useRef<HTMLInputElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Deposit funds"
      description="Add money to your main wallet. You pay in naira (₦)."
      initialFocusRef={amountRef}
    >
      <DepositForm amountRef={amountRef} onDone={onClose} />
    </Modal>
  );
}

function DepositForm({
  amountRef,
  onDone,
}: {
  amountRef: RefObject<HTMLInputElement | null>;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const money = useMoney();
  const options = usePaymentOptions();
  const deposit = useCreateDeposit();
  const [amount, setAmount] = useState('');
  const [chosenProvider, setChosenProvider] = useState<PaymentProvider | null>(null);
  const [amountError, setAmountError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const providers = options.data?.providers ?? [];
  const provider = chosenProvider ?? providers[0]?.id;
  const minimum = options.data?.minimumDeposit ?? MINIMUM_DEPOSIT_NAIRA;
  const maximum = options.data?.maximumDeposit;
  const busy = deposit.isPending || redirecting;

  const parsed = parseDepositAmount(amount);
  const showConversion = money.currency !== 'NGN';

  const changeAmount = (value: string) => {
    setAmount(value);
    setAmountError(undefined);
    setFormError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || amount.trim() === '') return;
    setFormError(null);
    const error = depositAmountError(parsed, minimum, maximum);
    if (error) {
      setAmountError(error);
      amountRef.current?.focus();
      return;
    }
    setAmountError(undefined);
    deposit.mutate(
      { amount: parsed, ...(providers.length > 1 && provider ? { provider } : {}) },
      {
        onSuccess: (response) => {
          if (response.authorizationUrl) {
            setRedirecting(true);
            window.location.assign(response.authorizationUrl);
            return;
          }
          if (response.status === 'success') {
            toast.success(walletMessages.depositSuccess);
            onDone();
          } else if (response.status === 'pending') {
            onDone();
            navigate(`${paths.paymentReturn}?reference=${encodeURIComponent(response.reference)}`);
          } else {
            setFormError(response.message || walletMessages.depositFailed);
          }
        },
        onError: (error) => {
          const fieldMessage =
            error instanceof ApiError
              ? error.errors.find((item) => item.field === 'amount')?.message
              : undefined;
          if (fieldMessage) {
            setAmountError(fieldMessage);
            amountRef.current?.focus();
          } else {
            setFormError(depositErrorMessage(error));
          }
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div>
        <TextField
          ref={amountRef}
          label="Amount (₦)"
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          placeholder={`${minimum} or more`}
          value={amount}
          onChange={(event) => changeAmount(event.target.value)}
          readOnly={busy}
          error={amountError}
          hint={
            <>
              {maximum === undefined
                ? `In naira. Minimum ${formatNaira(minimum)}.`
                : `In naira. Minimum ${formatNaira(minimum)}, maximum ${formatNaira(maximum)}.`}
              {showConversion && (
                <span className="block min-h-4">
                  {Number.isFinite(parsed) && parsed > 0
                    ? `About ${money.format(parsed)} at today's rate.`
                    : ''}
                </span>
              )}
            </>
          }
        />
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-emerald-50">Quick amounts</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {QUICK_DEPOSIT_AMOUNTS.map((quick) => {
            const selected = amount === String(quick);
            return (
              <button
                key={quick}
                type="button"
                aria-pressed={selected}
                disabled={busy}
                onClick={() => changeAmount(String(quick))}
                className={`min-h-11 rounded-xl border px-2 text-sm font-semibold tabular-nums transition-colors disabled:opacity-60 ${
                  selected
                    ? 'border-lime-300 bg-lime-400/20 text-lime-200'
                    : 'border-emerald-700 bg-emerald-950/40 text-emerald-50 hover:border-emerald-500'
                }`}
              >
                {formatNaira(quick)}
              </button>
            );
          })}
        </div>
      </fieldset>
      {providers.length > 1 && provider && (
        <ProviderChoice
          providers={providers}
          value={provider}
          disabled={busy}
          onChange={(next) => {
            setChosenProvider(next);
            setFormError(null);
          }}
        />
      )}
      <FormAlert message={formError} />
      <p role="status" className={redirecting ? 'text-center text-sm text-lime-200' : 'sr-only'}>
        {redirecting ? walletMessages.depositStarted : deposit.isPending ? 'Processing your deposit.' : ''}
      </p>
      <Button type="submit" className="w-full" disabled={amount.trim() === '' || busy} loading={busy}>
        {busy ? 'Processing...' : 'Deposit'}
      </Button>
    </form>
  );
}

interface ProviderChoiceProps {
  providers: PaymentProviderOption[];
  value: PaymentProvider;
  disabled: boolean;
  onChange: (provider: PaymentProvider) => void;
}

function ProviderChoice({ providers, value, disabled, onChange }: ProviderChoiceProps) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-emerald-50">Payment method</legend>
      <div className="flex flex-col gap-2">
        {providers.map((option) => (
          <label
            key={option.id}
            className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border border-emerald-700 bg-emerald-950/40 px-4 py-2.5 hover:border-emerald-500 has-[:checked]:border-lime-300 has-[:checked]:bg-lime-400/10 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
          >
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={value === option.id}
              disabled={disabled}
              onChange={() => onChange(option.id)}
              className="size-5 shrink-0 accent-lime-400"
            />
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-white">{option.label}</span>
              <span className="block text-xs text-emerald-100/70">{option.description}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
