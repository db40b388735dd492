import { resendOtpRequestSchema, verifyOtpRequestSchema } from '@cashtips/contract/auth';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toFieldErrors } from '../../../lib/field-errors.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { resendOtp } from '../api/resend-otp.ts';
import { verifyOtp } from '../api/verify-otp.ts';
import { CurrentPasswordField, EmailField, OtpField, ShowPasswordCheckbox } from './auth-fields.tsx';
import { useCarriedEmail } from './use-carried-email.ts';
import { useRedirectToLogin } from './use-redirect-to-login.ts';
import { useSendCode } from './use-send-code.ts';

export const VERIFY_REDIRECT_MS = 2500;

/** Spec for this screen: the server message, the error text, or 'Something went wrong'. */
function verifyErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong';
}

type Field = 'email' | 'otp' | 'password';

export function VerifyOtpForm() {
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<Field>();
  const carriedEmail = useCarriedEmail();
  const [email, setEmail] = useState(carriedEmail);
  const [otp, setOtp] = useState('');
  // Asked for only when several sign-ups wait for this email (decision 015): the server names the one
  // to keep by the password chosen at sign-up.
  const [passwordNeeded, setPasswordNeeded] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const resendCode = useSendCode();

  useRedirectToLogin(done, VERIFY_REDIRECT_MS);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (done) return;
    setFormError(null);
    const parsed = verifyOtpRequestSchema.safeParse(
      passwordNeeded ? { email, otp, password } : { email, otp },
    );
    if (!parsed.success) return reject(toFieldErrors<Field>(parsed.error.issues));
    setErrors({});
    setSubmitting(true);
    try {
      await verifyOtp(parsed.data);
      // The inline status below is the one message for this event (no toast repeating it).
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PASSWORD_REQUIRED') setPasswordNeeded(true);
      // The server's field errors (the password that matches no sign-up) go under their field.
      if (error instanceof ApiError && error.errors.length > 0) reject(toFieldErrors<Field>(error.errors));
      else setFormError(verifyErrorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  const resend = async () => {
    setFormError(null);
    const parsed = resendOtpRequestSchema.safeParse({ email });
    if (!parsed.success) return reject(toFieldErrors<Field>(parsed.error.issues));
    setErrors({});
    try {
      await resendCode.send(() => resendOtp(parsed.data));
    } catch (error) {
      setFormError(verifyErrorMessage(error));
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-1.5">
      <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
      <OtpField required value={otp} onChange={(event) => setOtp(event.target.value)} error={errors.otp} />
      {passwordNeeded && (
        <>
          <CurrentPasswordField
            label="Password you chose when you signed up"
            visible={passwordVisible}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
          />
          <ShowPasswordCheckbox checked={passwordVisible} onChange={setPasswordVisible} className="mb-4" />
        </>
      )}
      <FormAlert message={formError} />
      <FormAlert tone="success" message={done ? 'Email verified! Redirecting to login...' : null} />
      <Button type="submit" loading={submitting} disabled={done} className="mt-3 w-full">
        {submitting ? 'Verifying...' : 'Verify email'}
      </Button>
      <Button
        variant="ghost"
        className="mt-2 w-full"
        onClick={resend}
        loading={resendCode.sending}
        disabled={resendCode.coolingDown || done}
      >
        {resendCode.buttonText('Resend code')}
      </Button>
    </form>
  );
}
