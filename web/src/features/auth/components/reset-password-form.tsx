import { resetPasswordRequestSchema } from '@cashtips/contract/auth';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { type FieldErrors, toFieldErrors } from '../../../lib/field-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { resetPassword } from '../api/reset-password.ts';
import { authLinkClass } from './auth-layout.tsx';
import { withEmail } from './use-carried-email.ts';

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
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useFocusFirstInvalid(formRef, attempt);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate(paths.login), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (done) return;
    setFormError(null);
    const parsed = resetPasswordRequestSchema.safeParse({ email, otp, newPassword });
    if (!parsed.success) {
      const next = toFieldErrors<Field | 'email'>(parsed.error.issues);
      setErrors(next);
      if (next.email) setFormError(next.email);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const response = await resetPassword(parsed.data);
      setDone(true);
      toast.success(response.message || 'Password reset successful.');
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) setErrors(toFieldErrors<Field>(error.errors));
      setFormError(resetErrorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-1.5">
      <TextField
        label="OTP"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="6-digit code"
        required
        value={otp}
        onChange={(event) => setOtp(event.target.value)}
        error={errors.otp}
      />
      <TextField
        label="New password"
        type={showPassword ? 'text' : 'password'}
        name="newPassword"
        autoComplete="new-password"
        required
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        error={errors.newPassword}
        hint="At least 8 characters with uppercase, lowercase, a number and a special character."
      />
      <Checkbox
        label="Show password"
        checked={showPassword}
        onChange={(event) => setShowPassword(event.target.checked)}
        className="mb-4"
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
