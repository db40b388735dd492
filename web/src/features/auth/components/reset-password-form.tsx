import { resetPasswordRequestSchema } from '@cashtips/contract/auth';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toFieldErrors } from '../../../lib/field-errors.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { resetPassword } from '../api/reset-password.ts';
import { NewPasswordFields, OtpField } from './auth-fields.tsx';
import { authLinkClass } from './auth-layout.tsx';
import { withEmail } from './use-carried-email.ts';
import { useRedirectToLogin } from './use-redirect-to-login.ts';

export const RESET_REDIRECT_MS = 2000;

/** Spec error catalogue: 'expired' wins over 'Invalid'; anything else is a generic failure. */
export function resetErrorMessage(error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined;
  const message = error instanceof ApiError ? error.message : '';
  if (code === 'OTP_EXPIRED' || /expired/i.test(message)) return 'OTP has expired. Please request a new one.';
  if (code === 'OTP_INVALID' || /invalid/i.test(message)) return 'Invalid OTP. Please check and try again.';
  return 'Reset failed. Please try again.';
}

type Field = 'otp' | 'newPassword';

export function ResetPasswordForm({ email }: { email: string }) {
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<Field>();
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  useRedirectToLogin(done, RESET_REDIRECT_MS);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (done) return;
    setFormError(null);
    const parsed = resetPasswordRequestSchema.safeParse({ email, otp, newPassword });
    if (!parsed.success) {
      const next = toFieldErrors<Field | 'email'>(parsed.error.issues);
      if (next.email) setFormError(next.email);
      return reject(next);
    }
    setErrors({});
    setSubmitting(true);
    try {
      await resetPassword(parsed.data);
      // The inline status below is the one message for this event (no toast repeating it).
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) setErrors(toFieldErrors<Field>(error.errors));
      setFormError(resetErrorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-1.5">
      <OtpField required value={otp} onChange={(event) => setOtp(event.target.value)} error={errors.otp} />
      <NewPasswordFields
        label="New password"
        name="newPassword"
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        error={errors.newPassword}
      />
      <FormAlert message={formError}>
        {formError?.startsWith('OTP has expired') && (
          <Link
            to={withEmail(paths.forgotPassword, email)}
            state={{ email }}
            className={`${authLinkClass} mt-2 inline-block`}
          >
            Request a new OTP
          </Link>
        )}
      </FormAlert>
      <FormAlert tone="success" message={done ? 'Password reset. Redirecting to login...' : null} />
      <Button type="submit" loading={submitting} disabled={done} className="mt-3 w-full">
        {submitting ? 'Resetting...' : 'Reset password'}
      </Button>
      <p className="mt-4 text-center text-sm text-emerald-100/80">
        Didn&apos;t get the code?{' '}
        <Link to={withEmail(paths.forgotPassword, email)} state={{ email }} className={authLinkClass}>
          Request a new OTP
        </Link>
      </p>
    </form>
  );
}
