import {
  type ClosingRefusalReason,
  closeAccountSchema,
  DATA_EXPORTS_PER_HOUR,
  dataRightsMessages,
  MONEY_RECORDS_KEPT_YEARS,
} from '@cashtips/contract/data-rights';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toFieldErrors } from '../../../lib/field-errors.ts';
import { formatNaira } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toast.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useWalletBalances } from '../../../lib/wallets/get-wallet-balance.ts';
import { useCheckAccountClosing, useCloseAccount } from '../api/close-account.ts';
import { useDownloadMyData } from '../api/download-my-data.ts';
import { useClosingRefusal } from '../api/get-closing-status.ts';
import { SecondFactorField } from './second-factor-field.tsx';

const link = 'font-semibold text-lime-300 underline-offset-4 hover:underline';

/** The profile's "Your data" tab (PRODUCT 13): a copy of everything held, and closing the account. */
export function YourDataSection() {
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <DownloadData />
      <CloseAccount />
    </div>
  );
}

function DownloadData() {
  const download = useDownloadMyData();
  const [problem, setProblem] = useState<string | null>(null);

  const start = () => {
    if (download.isPending) return;
    setProblem(null);
    download.mutate(undefined, {
      onSuccess: () => toast.success(dataRightsMessages.exportReady),
      // A 429's message says how long to wait (the server's sentence, DATA_EXPORTS_PER_HOUR an hour).
      onError: (error) => setProblem(errorMessage(error, 'Could not prepare your data. Please try again.')),
    });
  };

  return (
    <section aria-labelledby="download-data-title" className="card min-w-0 gap-4 p-5 sm:p-6">
      <div>
        <h2 id="download-data-title" className="text-lg font-bold text-white">
          Download your data
        </h2>
        <p className="text-sm text-emerald-100/75">
          One file (JSON) with everything we hold about you: your profile, sign-ins, wallets and every
          movement of money, deposits, withdrawals, purchases, subscriptions, notifications, activity,
          preferences and limits. You can download it {DATA_EXPORTS_PER_HOUR} times an hour.
        </p>
      </div>
      <FormAlert message={problem} />
      <Button loading={download.isPending} onClick={start} className="w-full sm:w-auto sm:self-start">
        {download.isPending ? 'Preparing your file…' : 'Download my data'}
      </Button>
    </section>
  );
}

type Step = 'intro' | 'details' | 'confirm';
type Field = 'password' | 'code';

/** Where the user can deal with what holds the account open. */
const refusalLinks: Partial<Record<ClosingRefusalReason, { to: string; label: string }>> = {
  'main-wallet': { to: paths.wallet, label: 'Go to your wallet' },
  withdrawal: { to: paths.wallet, label: 'Go to your wallet' },
  'money-back': { to: paths.myCodes, label: 'Go to My Codes' },
};

function CloseAccount() {
  const { user, logout } = useSession();
  const { bonusWallet } = useWalletBalances();
  // The server's own reasons (PRODUCT 13), said before the steps: the closing call would refuse the same.
  const closing = useClosingRefusal();
  const [step, setStep] = useState<Step>('intro');
  const titleRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // Each step takes the focus to its own first thing; going back to the start, to the title.
  useEffect(() => {
    if (moved.current && step === 'intro') titleRef.current?.focus();
    moved.current = true;
  }, [step]);
  if (!user) return null;

  const refusal = closing.data ?? null;
  const refusalLink = refusal ? refusalLinks[refusal.reason] : undefined;

  return (
    <section aria-labelledby="close-account-title" className="card min-w-0 gap-4 p-5 sm:p-6">
      <div>
        <h2
          ref={titleRef}
          id="close-account-title"
          tabIndex={-1}
          className="text-lg font-bold text-white focus:outline-none"
        >
          Close your account
        </h2>
        <p className="text-sm text-emerald-100/75">What closing does, before you decide:</p>
      </div>
      <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-emerald-50">
        <li>
          Your name, email, phone number, username and referral code are erased, and you are signed out on
          every device.
        </li>
        <li>
          Bonus money is forfeited
          {bonusWallet > 0 ? (
            <>
              : your bonus wallet holds <strong className="text-white">{formatNaira(bonusWallet)}</strong>
            </>
          ) : null}
          .
        </li>
        <li>
          Money records (wallet movements, deposits, withdrawals, purchases) are kept for{' '}
          {MONEY_RECORDS_KEPT_YEARS} years without your name, as the law requires.{' '}
          <Link to={paths.privacy} className={link}>
            Privacy Policy
          </Link>
        </li>
        <li>It cannot be undone. You can sign up again later with the same email, as a new account.</li>
      </ul>
      {refusal ? (
        <div
          role="status"
          className="rounded-xl border border-amber-300/40 bg-amber-400/10 px-4 py-3 text-sm"
        >
          <p className="text-amber-100">{refusal.message}</p>
          {refusalLink ? (
            <Link to={refusalLink.to} className={`${link} mt-1 inline-block`}>
              {refusalLink.label}
            </Link>
          ) : null}
        </div>
      ) : step === 'intro' ? (
        <Button
          variant="secondary"
          loading={closing.isPending}
          onClick={() => setStep('details')}
          className="w-full sm:w-auto sm:self-start"
        >
          Close my account
        </Button>
      ) : (
        <CloseAccountForm
          twoFactor={user.twoFactorEnabled}
          step={step}
          onStep={setStep}
          onClosed={(message) => logout({ to: paths.landing, message })}
          onRefused={() => void closing.refetch()}
        />
      )}
    </section>
  );
}

function CloseAccountForm({
  twoFactor,
  step,
  onStep,
  onClosed,
  onRefused,
}: {
  twoFactor: boolean;
  step: Exclude<Step, 'intro'>;
  onStep: (step: Step) => void;
  onClosed: (message: string) => void;
  onRefused: () => void;
}) {
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<Field>();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const check = useCheckAccountClosing();
  const close = useCloseAccount();
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (step === 'details') passwordRef.current?.focus();
    else confirmRef.current?.focus();
  }, [step]);

  const parse = () => closeAccountSchema.safeParse({ password, ...(twoFactor || code ? { code } : {}) });

  /** A refusal on a field (a wrong password or code, 400) goes to it; anything else above the buttons. */
  const showError = (error: unknown) => {
    if (error instanceof ApiError && error.errors.length > 0) {
      const fields = toFieldErrors<Field>(error.errors);
      reject(fields);
      if (Object.keys(fields).length === 0) setFormError(error.message);
      return;
    }
    // Something now holds the account open (money arrived, a withdrawal started): the section says so.
    if (error instanceof ApiError && error.status === 422) onRefused();
    setFormError(errorMessage(error, 'Could not close your account. Please try again.'));
  };

  // The password (and the code) are checked by the server here, at the first step (PRODUCT 13: a wrong
  // password is a 400), so "Yes, close my account" is only asked of someone who can close it.
  const onContinue = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.isPending) return;
    setFormError(null);
    const parsed = parse();
    if (!parsed.success) return reject(toFieldErrors<Field>(parsed.error.issues));
    setErrors({});
    check.mutate(parsed.data, { onSuccess: () => onStep('confirm'), onError: showError });
  };

  const onConfirm = () => {
    const parsed = parse();
    if (!parsed.success || close.isPending) return;
    close.mutate(parsed.data, {
      onSuccess: (response) => onClosed(response.message || dataRightsMessages.accountClosed),
      onError: (error) => {
        // A code that ran out between the steps, or a refusal that came up meanwhile: back to the form.
        onStep('details');
        showError(error);
      },
    });
  };

  if (step === 'confirm')
    return (
      <div className="flex min-w-0 flex-col gap-3 rounded-xl border border-rose-400/40 bg-rose-500/10 p-4">
        <h3 ref={confirmRef} tabIndex={-1} className="font-bold text-white focus:outline-none">
          Close your account now?
        </h3>
        <p className="text-sm text-rose-100">
          This is final: your details are erased and any bonus money is forfeited.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button loading={close.isPending} onClick={onConfirm} className="w-full sm:w-auto">
            Yes, close my account
          </Button>
          <Button
            variant="ghost"
            disabled={close.isPending}
            onClick={() => onStep('details')}
            className="w-full sm:w-auto"
          >
            Go back
          </Button>
        </div>
      </div>
    );

  return (
    <form ref={formRef} noValidate onSubmit={onContinue} className="flex min-w-0 flex-col gap-1 sm:max-w-md">
      <p className="mb-3 text-sm text-emerald-50">
        {twoFactor
          ? 'Enter your password and a code from your authenticator app (or a recovery code).'
          : 'Enter your password to continue.'}
      </p>
      <TextField
        ref={passwordRef}
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      {twoFactor ? <SecondFactorField value={code} onChange={setCode} error={errors.code} /> : null}
      <FormAlert message={formError} />
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button type="submit" loading={check.isPending} className="w-full sm:w-auto">
          Continue
        </Button>
        <Button
          variant="ghost"
          disabled={check.isPending}
          onClick={() => onStep('intro')}
          className="w-full sm:w-auto"
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
