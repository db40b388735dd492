import type { DepositLimitPeriod } from '@cashtips/contract/protection';
import {
  MINIMUM_DEPOSIT_NAIRA,
  type PaymentProvider,
  type PaymentProviderOption,
  QUICK_DEPOSIT_AMOUNTS,
  walletMessages,
} from '@cashtips/contract/wallet';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { RestrictionNotice } from '../../../components/restriction-notice.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { useMoney } from '../../../lib/currency/use-money.ts';
import { formatNaira } from '../../../lib/format.ts';
import { useRequestKey } from '../../../lib/request-key.ts';
import { useRefreshOnRestriction, useRestriction } from '../../../lib/session/use-restriction.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateDeposit } from '../api/create-deposit.ts';
import { usePaymentOptions } from '../api/get-payment-options.ts';

/** Spec: the amount is parsed as an integer (thousands separators typed by habit are ignored). */
export function parseDepositAmount(raw: string): number {
  return Number.parseInt(raw.replace(/[\s,₦]/g, ''), 10);
}

/** 'daily deposit limit' */
const limitName = (period: DepositLimitPeriod) => `${period} deposit limit`;
/** What the user's own limit leaves them to deposit now. */
const roomUnderLimit = (period: DepositLimitPeriod, maximum: number) =>
  `Your ${limitName(period)} lets you deposit up to ${formatNaira(maximum)} now.`;

/**
 * What the user may deposit, said before they type (PRODUCT 13): the product's range, or what their own
 * limit leaves now, or that it leaves less than the minimum.
 */
export function depositRangeText(
  minimum: number,
  maximum: number | undefined,
  limit: DepositLimitPeriod | null | undefined,
): string {
  if (maximum === undefined) return `In naira. Minimum ${formatNaira(minimum)}.`;
  if (!limit) return `In naira. Minimum ${formatNaira(minimum)}, maximum ${formatNaira(maximum)}.`;
  if (maximum < minimum) {
    return `Your ${limitName(limit)} leaves ${formatNaira(maximum)} now, less than the ${formatNaira(minimum)} minimum: no deposit can be made until it frees up.`;
  }
  return `In naira. Minimum ${formatNaira(minimum)}. ${roomUnderLimit(limit, maximum)}`;
}

export function depositAmountError(
  amount: number,
  minimum: number,
  maximum?: number,
  limit?: DepositLimitPeriod | null,
): string | undefined {
  if (!Number.isFinite(amount) || amount <= 0) return walletMessages.invalidAmount;
  if (amount < minimum) {
    return minimum === MINIMUM_DEPOSIT_NAIRA
      ? walletMessages.minimumDeposit
      : `Minimum deposit amount is ${formatNaira(minimum)}`;
  }
  if (maximum !== undefined && amount > maximum) {
    return limit ? roomUnderLimit(limit, maximum) : `Maximum deposit amount is ${formatNaira(maximum)}`;
  }
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

/**
 * Spec's deposit modal: amount, quick amounts, Deposit; idle, processing, closed on success. It shows
 * who takes the money: the one enabled provider, or a choice between them (the first by default).
 */
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
      <DepositOrNotice amountRef={amountRef} onDone={onClose} />
    </Modal>
  );
}

/** During a time-out or self-exclusion the modal says so instead of taking a deposit (PRODUCT 13). */
function DepositOrNotice(props: { amountRef: RefObject<HTMLInputElement | null>; onDone: () => void }) {
  const restricted = useRestriction() !== null;
  if (!restricted) return <DepositForm {...props} />;
  return (
    <div className="flex flex-col gap-4">
      <RestrictionNotice />
      <Button variant="secondary" className="w-full" onClick={props.onDone}>
        Close
      </Button>
    </div>
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
  const options = usePaymentOptions({ fresh: true });
  const deposit = useCreateDeposit();
  const requestKey = useRequestKey();
  const refreshOnRestriction = useRefreshOnRestriction();
  const [amount, setAmount] = useState('');
  const [chosenProvider, setChosenProvider] = useState<PaymentProvider | null>(null);
  const [amountError, setAmountError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const providers = options.data?.providers ?? [];
  const provider = chosenProvider ?? providers[0]?.id;
  const minimum = options.data?.minimumDeposit ?? MINIMUM_DEPOSIT_NAIRA;
  const maximum = options.data?.maximumDeposit;
  const limit = options.data?.maximumDepositLimit;
  // The user's own limit leaves less than the smallest deposit: nothing can be sent.
  const noRoom = maximum !== undefined && maximum < minimum;
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
    if (busy || amount.trim() === '' || !provider) return;
    setFormError(null);
    const error = depositAmountError(parsed, minimum, maximum, limit);
    if (error) {
      setAmountError(error);
      amountRef.current?.focus();
      return;
    }
    setAmountError(undefined);
    // The provider the user saw (and chose), never the server's default behind their back.
    const request = { amount: parsed, provider };
    deposit.mutate(
      { ...request, idempotencyKey: requestKey.keyFor(request) },
      {
        onSuccess: (response) => {
          requestKey.settled();
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
          requestKey.settled(error);
          // RESTRICTED and DEPOSIT_LIMIT refusals carry the contract's sentence; it is shown as it comes.
          refreshOnRestriction(error);
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
              {depositRangeText(minimum, maximum, limit)}
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
      {options.isPending ? (
        <div role="status" aria-label="Loading payment methods">
          <Skeleton className="h-[5.25rem] rounded-xl" />
        </div>
      ) : options.isError ? (
        <p role="alert" className="rounded-xl bg-red-500/10 px-3 py-2 text-sm text-red-200">
          The payment methods could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void options.refetch()}>
            Retry
          </button>
        </p>
      ) : !provider ? (
        <p className="rounded-xl bg-amber-400/10 px-3 py-2 text-sm text-amber-100">
          Deposits are not available right now. Please try again later.
        </p>
      ) : providers.length === 1 ? (
        <OnlyProvider option={providers[0] as PaymentProviderOption} />
      ) : (
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
      <Button
        type="submit"
        className="w-full"
        disabled={amount.trim() === '' || busy || !provider || noRoom}
        loading={busy}
      >
        {busy ? 'Processing...' : 'Deposit'}
      </Button>
    </form>
  );
}

const providerCardClass =
  'flex min-h-14 items-center gap-3 rounded-xl border border-emerald-700 bg-emerald-950/40 px-4 py-2.5';

function ProviderText({ option }: { option: PaymentProviderOption }) {
  return (
    <span className="min-w-0">
      <span className="block text-sm font-semibold text-white">{option.label}</span>
      <span className="block text-xs text-emerald-100/70">{option.description}</span>
    </span>
  );
}

/** The one enabled provider: shown, so the user knows who takes the money, with nothing to choose. */
function OnlyProvider({ option }: { option: PaymentProviderOption }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-emerald-50">Payment method</legend>
      <div className={providerCardClass}>
        <ProviderText option={option} />
      </div>
    </fieldset>
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
            className={`${providerCardClass} cursor-pointer hover:border-emerald-500 has-[:checked]:border-lime-300 has-[:checked]:bg-lime-400/10 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60`}
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
            <ProviderText option={option} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
