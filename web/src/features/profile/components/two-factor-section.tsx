import {
  accountMessages,
  type TwoFactorSetupResponse,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
} from '@cashtips/contract/account';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { badgeClass } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ShieldIcon } from '../../../components/ui/icons/shield-icon.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toFieldErrors } from '../../../lib/field-errors.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { toast } from '../../../lib/toast.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useDisableTwoFactor, useEnableTwoFactor, useTwoFactorSetup } from '../api/two-factor.ts';
import { SecondFactorField } from './second-factor-field.tsx';

/** The base32 secret in groups of four, easier to type into an app that cannot scan. */
export const groupSecret = (secret: string) => secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** Security tab, two-factor sign-in (PRODUCT 9): set up with an authenticator app, or turn off. */
export function TwoFactorSection() {
  const { user } = useSession();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // A panel that closes takes the focus with it: it goes back to the section's title.
  const [panelClosed, setPanelClosed] = useState(0);
  useEffect(() => {
    if (panelClosed > 0) titleRef.current?.focus();
  }, [panelClosed]);
  const closePanel = () => setPanelClosed((count) => count + 1);
  if (!user) return null;
  const on = user.twoFactorEnabled;

  return (
    <section aria-labelledby="two-factor-title" className="card min-w-0 gap-4 p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <span className="icon-box shrink-0">
          <ShieldIcon className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2
              ref={titleRef}
              id="two-factor-title"
              tabIndex={-1}
              className="text-lg font-bold text-white focus:outline-none"
            >
              Two-factor sign-in
            </h2>
            <span
              data-testid="two-factor-status"
              className={`${badgeClass} ${on ? 'bg-lime-400/15 text-lime-200' : 'bg-emerald-800/70 text-emerald-100/80'}`}
            >
              {on ? 'On' : 'Off'}
            </span>
          </div>
          <p className="text-sm text-emerald-100/75">
            {on
              ? 'Signing in asks for a code from your authenticator app after your password.'
              : 'Ask for a code from an authenticator app (Google Authenticator, Authy, 1Password) after your password.'}
          </p>
        </div>
      </div>
      {recoveryCodes ? (
        <RecoveryCodes
          codes={recoveryCodes}
          onDone={() => {
            setRecoveryCodes(null);
            closePanel();
          }}
        />
      ) : on ? (
        <TurnOff onClose={closePanel} />
      ) : (
        <TurnOn onEnabled={setRecoveryCodes} onCancel={closePanel} />
      )}
    </section>
  );
}

function TurnOn({ onEnabled, onCancel }: { onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const setup = useTwoFactorSetup();
  const [pending, setPending] = useState<TwoFactorSetupResponse | null>(null);

  const start = () =>
    setup.mutate(undefined, {
      onSuccess: setPending,
      onError: (error) =>
        toast.error(errorMessage(error, 'Could not start two-factor set-up. Please try again.')),
    });

  if (pending)
    return (
      <SetupStep
        setup={pending}
        onCancel={() => {
          setPending(null);
          onCancel();
        }}
        onEnabled={onEnabled}
      />
    );

  return (
    <Button loading={setup.isPending} onClick={start} className="w-full sm:w-auto sm:self-start">
      Turn on
    </Button>
  );
}

function SetupStep({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetupResponse;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<'code'>();
  const [code, setCode] = useState('');
  const enable = useEnableTwoFactor();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (enable.isPending) return;
    setFormError(null);
    const parsed = twoFactorEnableSchema.safeParse({ code });
    if (!parsed.success) return reject(toFieldErrors<'code'>(parsed.error.issues));
    setErrors({});
    enable.mutate(parsed.data, {
      onSuccess: (response) => {
        toast.success(response.message || accountMessages.twoFactorEnabled);
        onEnabled(response.recoveryCodes);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400 && error.message)
          reject({ code: error.message });
        else setFormError(errorMessage(error, 'Could not turn on two-factor sign-in. Please try again.'));
      },
    });
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold text-white focus:outline-none">
        Set up your authenticator app
      </h3>
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm text-emerald-50 marker:text-emerald-200/70">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex min-w-0 flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={setup.qrCode}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-xl bg-white p-2"
        />
        <div className="flex w-full min-w-0 flex-col gap-2">
          <p className="text-sm font-medium text-emerald-50">Key to type in</p>
          <p
            data-testid="two-factor-secret"
            className="rounded-xl bg-emerald-950/70 px-3 py-2 font-mono text-base tracking-wider text-lime-200"
          >
            {groupSecret(setup.secret)}
          </p>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={setup.secret} label="Copy key" successMessage="Key copied" />
            <a href={setup.otpauthUrl} className="btn btn-secondary sm:hidden">
              Open in authenticator app
            </a>
          </div>
        </div>
      </div>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex min-w-0 flex-col gap-1">
        <TextField
          label="6-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errors.code}
          className="sm:max-w-xs"
        />
        <FormAlert message={formError} />
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <Button type="submit" loading={enable.isPending}>
            Confirm
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={enable.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The recovery codes, shown once: copied or downloaded, then put away. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const text = codes.join('\n');

  const download = () => {
    const link = document.createElement('a');
    link.href = `data:text/plain;charset=utf-8,${encodeURIComponent(
      `CashTips recovery codes\nEach code signs you in once when you cannot use your authenticator app.\n\n${text}\n`,
    )}`;
    link.download = 'cashtips-recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
  };

  return (
    <div className="flex min-w-0 flex-col gap-4 rounded-2xl border border-lime-300/30 bg-lime-400/5 p-4">
      <div>
        <h3 ref={headingRef} tabIndex={-1} className="font-semibold text-white focus:outline-none">
          Save your recovery codes
        </h3>
        <p className="mt-1 text-sm text-emerald-100/80">
          Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere
          safe.
        </p>
      </div>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-[repeat(auto-fill,minmax(8rem,1fr))] gap-2 font-mono text-sm text-white"
      >
        {codes.map((code) => (
          <li
            key={code}
            className="rounded-lg bg-emerald-950/70 px-3 py-2 text-center tracking-wider break-all"
          >
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row">
        <CopyButton
          text={text}
          label="Copy all recovery codes"
          successMessage="Recovery codes copied"
          idleText="Copy all"
        />
        <Button variant="secondary" onClick={download}>
          Download .txt
        </Button>
        <Button onClick={onDone} className="sm:ml-auto">
          I've saved them
        </Button>
      </div>
    </div>
  );
}

function TurnOff({ onClose }: { onClose: () => void }) {
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<
    'password' | 'code'
  >();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const disable = useDisableTwoFactor();
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) passwordRef.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setPassword('');
    setCode('');
    setErrors({});
    setFormError(null);
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disable.isPending) return;
    setFormError(null);
    const parsed = twoFactorDisableSchema.safeParse({ password, code });
    if (!parsed.success) return reject(toFieldErrors<'password' | 'code'>(parsed.error.issues));
    setErrors({});
    disable.mutate(parsed.data, {
      onSuccess: (response) => toast.success(response.message || accountMessages.twoFactorDisabled),
      onError: (error) => {
        if (error instanceof ApiError && error.errors.length > 0)
          reject(toFieldErrors<'password' | 'code'>(error.errors));
        else if (error instanceof ApiError && error.message === accountMessages.wrongPassword)
          reject({ password: error.message });
        else if (error instanceof ApiError && error.message === accountMessages.wrongCode)
          reject({ code: error.message });
        else setFormError(errorMessage(error, 'Could not turn off two-factor sign-in. Please try again.'));
      },
    });
  };

  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)} className="w-full sm:w-auto sm:self-start">
        Turn off
      </Button>
    );

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex min-w-0 flex-col gap-1">
      <p className="mb-3 text-sm text-emerald-50">
        Enter your password and a code from your authenticator app (or a recovery code) to turn it off.
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
      <SecondFactorField value={code} onChange={setCode} error={errors.code} className="sm:max-w-xs" />
      <FormAlert message={formError} />
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button type="submit" loading={disable.isPending}>
          Turn off two-factor
        </Button>
        <Button variant="ghost" onClick={close} disabled={disable.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
