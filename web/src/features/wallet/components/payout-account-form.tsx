import {
  PAYOUT_ACCOUNT_WAIT_HOURS,
  type PayoutAccountRequest,
  payoutAccountRequestSchema,
  payoutMessages,
} from '@cashtips/contract/payouts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SelectChevron, selectClass } from '../../../components/ui/select-parts.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { FieldError, inputBorder, TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { type FieldErrors, toFieldErrors } from '../../../lib/field-errors.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toast.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useBanks, usePayoutAccountLookup, useSavePayoutAccount } from '../api/payout-account.ts';

type Field = 'bankCode' | 'accountNumber' | 'password' | 'code';

export const LOOKUP_FAILED = 'We could not check this account with the bank. Please try again.';
export const LOOKUP_NOT_DONE = 'Wait until the account name shows, and check that it is yours.';
const SAVE_FAILED = 'Could not save your payout account. Please try again.';

/** The digits of what was typed or pasted (spaces and dashes by habit), at most the 10 of a NUBAN. */
export function accountDigits(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 10);
}

/** Which field a server refusal belongs to: its field errors, else its known sentence, else the form. */
function refusalFields(error: unknown): FieldErrors<Field> {
  if (!(error instanceof ApiError)) return {};
  if (error.errors.length > 0) return toFieldErrors<Field>(error.errors);
  if (error.message === payoutMessages.wrongPassword) return { password: error.message };
  if (error.message === payoutMessages.wrongCode || error.message === payoutMessages.codeRequired)
    return { code: error.message };
  return {};
}

interface PayoutAccountFormProps {
  /** A change of account (the 24-hour wait applies) rather than the first one. */
  replacing: boolean;
  onSaved: () => void;
  /** Offered when there is an account to go back to. */
  onCancel?: (() => void) | undefined;
}

/**
 * Sets or replaces the payout account: the bank, the 10-digit number, then the name the bank holds for
 * it (looked up by the provider, never typed), confirmed with the password (and the authenticator's
 * code when two-factor sign-in is on).
 */
export function PayoutAccountForm({ replacing, onSaved, onCancel }: PayoutAccountFormProps) {
  const { user } = useSession();
  const twoFactor = Boolean(user?.twoFactorEnabled);
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<Field>();
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const banks = useBanks();
  const save = useSavePayoutAccount();

  const bankList = banks.data?.banks ?? [];
  const bankKnown = bankList.some((bank) => bank.code === bankCode);
  const complete = bankKnown && /^\d{10}$/.test(accountNumber);
  const lookup = usePayoutAccountLookup(bankCode, accountNumber, complete);
  const accountName = complete ? lookup.data?.accountName : undefined;

  const clearField = (field: Field) => {
    setErrors(({ [field]: _dropped, ...rest }) => rest);
    setFormError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    const request: PayoutAccountRequest = {
      bankCode,
      accountNumber,
      password,
      ...(twoFactor ? { code: code.trim() } : {}),
    };
    const parsed = payoutAccountRequestSchema.safeParse(request);
    const found: FieldErrors<Field> = parsed.success ? {} : toFieldErrors<Field>(parsed.error.issues);
    if (!bankKnown) found.bankCode = payoutMessages.unknownBank;
    if (twoFactor && !code.trim()) found.code = payoutMessages.codeRequired;
    if (Object.keys(found).length > 0) return reject(found);
    setErrors({});
    if (!accountName) {
      setFormError(lookup.isError ? errorMessage(lookup.error, LOOKUP_FAILED) : LOOKUP_NOT_DONE);
      return;
    }
    save.mutate(request, {
      onSuccess: (response) => {
        toast.success(
          response.message || (replacing ? payoutMessages.accountReplaced : payoutMessages.accountSaved),
        );
        onSaved();
      },
      onError: (error) => {
        const fields = refusalFields(error);
        if (Object.keys(fields).length > 0) reject(fields);
        else setFormError(errorMessage(error, SAVE_FAILED));
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex min-w-0 flex-col gap-1">
      {replacing && (
        <p className="mb-3 rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-100">
          For your safety, a new account can receive withdrawals {PAYOUT_ACCOUNT_WAIT_HOURS} hours after the
          change. We tell you by e-mail and notification that it changed.
        </p>
      )}
      <BankSelect
        value={bankCode}
        banks={bankList}
        loading={banks.isPending}
        failed={banks.isError}
        retrying={banks.isFetching}
        onRetry={() => void banks.refetch()}
        disabled={save.isPending}
        error={errors.bankCode}
        onChange={(value) => {
          setBankCode(value);
          clearField('bankCode');
        }}
      />
      <TextField
        label="Account number"
        name="accountNumber"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        hint="The 10-digit NUBAN of your account."
        value={accountNumber}
        readOnly={save.isPending}
        onChange={(event) => {
          setAccountNumber(accountDigits(event.target.value));
          clearField('accountNumber');
        }}
        error={errors.accountNumber}
      />
      <AccountNameLine
        complete={complete}
        loading={lookup.isFetching && !lookup.data}
        accountName={accountName}
        error={lookup.isError ? errorMessage(lookup.error, LOOKUP_FAILED) : null}
        onRetry={() => void lookup.refetch()}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        hint="Your CashTips password confirms that it is you."
        value={password}
        readOnly={save.isPending}
        onChange={(event) => {
          setPassword(event.target.value);
          clearField('password');
        }}
        error={errors.password}
      />
      {twoFactor && (
        <TextField
          label="Two-factor code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
          hint="The 6-digit code from your authenticator app, or a recovery code."
          value={code}
          readOnly={save.isPending}
          onChange={(event) => {
            setCode(event.target.value);
            clearField('code');
          }}
          error={errors.code}
        />
      )}
      <FormAlert message={formError} />
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save account'}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={save.isPending}>
            Keep the current account
          </Button>
        )}
      </div>
    </form>
  );
}

interface BankSelectProps {
  value: string;
  banks: { code: string; name: string }[];
  loading: boolean;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
  disabled: boolean;
  error: string | undefined;
  onChange: (code: string) => void;
}

/**
 * The provider's banks in a native select: long lists are easy there (type the first letters on a
 * keyboard, the phone's own picker on a touch screen) and every screen reader knows it.
 */
function BankSelect({
  value,
  banks,
  loading,
  failed,
  retrying,
  onRetry,
  disabled,
  error,
  onChange,
}: BankSelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const message = error ?? (failed ? 'The list of banks could not be loaded.' : undefined);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-emerald-50">
        Bank
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <select
            id={id}
            name="bankCode"
            value={value}
            disabled={disabled || loading || failed}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => onChange(event.target.value)}
            className={`${selectClass} ${inputBorder(Boolean(error))} cursor-pointer appearance-none pr-10`}
          >
            <option value="">{loading ? 'Loading banks…' : 'Choose your bank'}</option>
            {banks.map((bank) => (
              <option key={bank.code} value={bank.code}>
                {bank.name}
              </option>
            ))}
          </select>
          <SelectChevron />
        </div>
        {failed && (
          <Button variant="secondary" className="shrink-0 px-4" onClick={onRetry} loading={retrying}>
            Retry
          </Button>
        )}
      </div>
      <FieldError id={errorId} message={message} />
    </div>
  );
}

interface AccountNameLineProps {
  /** A known bank and 10 digits: the lookup runs. */
  complete: boolean;
  loading: boolean;
  accountName: string | undefined;
  error: string | null;
  onRetry: () => void;
}

/**
 * The bank's name for the account, for the user to confirm. One line of fixed height whatever it says
 * (what to do, checking, the name, the refusal), so the form never jumps; announced when it changes.
 */
function AccountNameLine({ complete, loading, accountName, error, onRetry }: AccountNameLineProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="mb-4 flex min-h-14 items-center gap-3 rounded-xl border border-emerald-800/70 bg-emerald-950/50 px-4 py-2 text-sm"
    >
      {!complete ? (
        <p className="text-emerald-100/70">
          Choose your bank and enter the account number: we show the name your bank holds for it.
        </p>
      ) : loading ? (
        <p className="flex items-center gap-2 text-emerald-100/85">
          <Spinner className="size-4" />
          Checking the account with your bank…
        </p>
      ) : accountName ? (
        <p className="min-w-0 text-emerald-100/85">
          Account name: <span className="font-semibold break-words text-white">{accountName}</span>
          <span className="block text-xs text-emerald-200/70">Check that this is your account.</span>
        </p>
      ) : error ? (
        <div className="flex w-full min-w-0 flex-wrap items-center justify-between gap-2">
          <p className="min-w-0 text-rose-200">{error}</p>
          <button
            type="button"
            onClick={onRetry}
            className="min-h-11 shrink-0 rounded-lg px-2 font-semibold text-lime-300 underline-offset-4 hover:underline"
          >
            Try again
          </button>
        </div>
      ) : null}
    </div>
  );
}
