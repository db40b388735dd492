import { isStrongPassword, messages, verifyOtpRequestSchema } from '@cashtips/contract/auth';
import { registerRequestSchema } from '@cashtips/contract/register';
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { type FieldErrors, toFieldErrors } from '../../../lib/field-errors.ts';
import { readStorage, storageKeys } from '../../../lib/storage-keys.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useTextTypedEarly } from '../../../lib/use-text-typed-early.ts';
import { register } from '../api/register.ts';
import { verifyOtp } from '../api/verify-otp.ts';
import { EmailField, NewPasswordFields, OtpField } from './auth-fields.tsx';
import { PhoneField } from './phone-field.tsx';
import { useRedirectToLogin } from './use-redirect-to-login.ts';
import { useSendCode } from './use-send-code.ts';

const policyLink = 'font-semibold text-lime-300 underline underline-offset-2 hover:text-lime-200';
export const REGISTER_REDIRECT_MS = 3000;
export const ACCOUNT_VERIFIED_MESSAGE = 'Account verified! Redirecting to login...';

type Field = 'firstName' | 'lastName' | 'email' | 'phone' | 'password' | 'otp';

function storedReferralCode(): string | undefined {
  const code = readStorage(storageKeys.referralCode)?.trim();
  return code && code.length <= 32 ? code : undefined;
}

export function RegisterForm() {
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<Field>();
  const otpRef = useRef<HTMLInputElement>(null);
  const firstNameRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState({
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    password: '',
    confirmPassword: '',
    otp: '',
  });
  const [otpSent, setOtpSent] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [verified, setVerified] = useState(false);
  const sendCode = useSendCode();
  const needsOtpId = useId();
  // The phone field formats what it holds itself: it is not handed over.
  useTextTypedEarly(formRef, (name, value) => {
    if (name !== 'phone' && name in values) setValues((current) => ({ ...current, [name]: value }));
  });

  useRedirectToLogin(verified, REGISTER_REDIRECT_MS);

  const set =
    (field: keyof typeof values) =>
    (event: { target: { value: string } }): void =>
      setValues((current) => ({ ...current, [field]: event.target.value }));

  const setPhone = useCallback((phone: string) => setValues((current) => ({ ...current, phone })), []);

  const sendOtp = async () => {
    setFormError(null);
    const parsed = registerRequestSchema.safeParse({
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone,
      password: values.password,
      referralCode: storedReferralCode(),
    });
    if (!parsed.success) return reject(toFieldErrors<Field>(parsed.error.issues));
    setErrors({});
    try {
      await sendCode.send(() => register(parsed.data));
      setOtpSent(true);
      otpRef.current?.focus();
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.errors.length > 0) setErrors(toFieldErrors<Field>(error.errors));
        // A cooldown means a code was sent moments ago: the user can enter it.
        if (error.code === 'OTP_COOLDOWN') setOtpSent(true);
      }
      setFormError(errorMessage(error, 'Failed to send OTP.'));
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!otpSent || verified) return;
    setFormError(null);
    // The password says which sign-up this is, should someone else have signed up with this email too.
    const parsed = verifyOtpRequestSchema.safeParse({
      email: values.email,
      otp: values.otp,
      password: values.password,
    });
    const next: FieldErrors<Field> = parsed.success ? {} : toFieldErrors<Field>(parsed.error.issues);
    if (!isStrongPassword(values.password)) next.password = messages.weakPassword;
    if (!parsed.success || next.password) return reject(next);
    setErrors({});
    setVerifying(true);
    try {
      await verifyOtp(parsed.data);
      // The inline status below is the one message for this event (no toast repeating it).
      setVerified(true);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) setErrors(toFieldErrors<Field>(error.errors));
      setFormError(errorMessage(error, 'OTP verification failed.'));
    } finally {
      setVerifying(false);
    }
  };

  /** Back to the not-sent state: the details unlock and Register waits for a new Send OTP. */
  const changeDetails = () => {
    setOtpSent(false);
    setFormError(null);
    firstNameRef.current?.focus();
  };

  const busy = sendCode.sending || verifying || verified;
  // Once a code is sent the account holds the sent details: lock them (read-only, still focusable)
  // until the user chooses Change details.
  const locked = otpSent;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-1.5">
      <div className="grid gap-x-3 gap-y-1 sm:grid-cols-2">
        <TextField
          ref={firstNameRef}
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          readOnly={locked}
          value={values.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          readOnly={locked}
          value={values.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
        />
      </div>
      <EmailField value={values.email} onChange={set('email')} error={errors.email} readOnly={locked} />
      <PhoneField value={values.phone} onChange={setPhone} error={errors.phone} readOnly={locked} />
      <NewPasswordFields
        label="Password"
        name="password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        readOnly={locked}
        confirm={{ value: values.confirmPassword, onChange: set('confirmPassword') }}
      />
      {locked && !verifying && !verified && (
        <div className="-mt-2 mb-4 flex items-center justify-between gap-3 rounded-xl border border-emerald-800/70 bg-emerald-950/40 px-3 py-2 text-xs text-emerald-100/80">
          <p>The code was sent for these details.</p>
          <Button variant="ghost" className="min-h-9 shrink-0 px-3 text-lime-300" onClick={changeDetails}>
            Change details
          </Button>
        </div>
      )}
      <OtpField
        ref={otpRef}
        label="Email verification code (OTP)"
        value={values.otp}
        onChange={set('otp')}
        error={errors.otp}
        hint={otpSent ? `We sent a code to ${values.email.trim()}. It is valid for 10 minutes.` : undefined}
        trailing={
          <Button
            variant="secondary"
            className="w-32 shrink-0"
            onClick={sendOtp}
            loading={sendCode.sending}
            disabled={sendCode.coolingDown || verifying || verified}
          >
            {sendCode.buttonText('Send OTP')}
          </Button>
        }
      />
      <p className="mt-1 mb-4 rounded-xl bg-emerald-950/60 p-3 text-xs leading-5 text-emerald-100/80">
        By registering you confirm that you are <strong className="text-white">18 years or older</strong> and
        agree to our{' '}
        <Link to={paths.responsibleGambling} className={policyLink}>
          responsible gambling policy
        </Link>
        , our{' '}
        <Link to={paths.terms} className={policyLink}>
          terms
        </Link>{' '}
        and our{' '}
        <Link to={paths.privacy} className={policyLink}>
          privacy policy
        </Link>
        : bet only what you can afford to lose.
      </p>
      <FormAlert message={formError} />
      <FormAlert tone="success" message={verified ? ACCOUNT_VERIFIED_MESSAGE : null} />
      <Button
        type="submit"
        className="mt-3 w-full"
        disabled={!otpSent || busy}
        loading={verifying}
        aria-describedby={otpSent ? undefined : needsOtpId}
      >
        {verifying ? 'Verifying...' : 'Register'}
      </Button>
      {!otpSent && (
        <p id={needsOtpId} className="mt-2 text-center text-xs text-emerald-100/70">
          Send the OTP first, then enter the code from your email to register.
        </p>
      )}
    </form>
  );
}
