import {
  OTP_RESEND_COOLDOWN_SECONDS,
  resendOtpRequestSchema,
  verifyOtpRequestSchema,
} from '@cashtips/contract/auth';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { type FieldErrors, toFieldErrors } from '../../../lib/field-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useCooldown } from '../../../lib/use-cooldown.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { resendOtp } from '../api/resend-otp.ts';
import { verifyOtp } from '../api/verify-otp.ts';
import { useCarriedEmail } from './use-carried-email.ts';

export const VERIFY_REDIRECT_MS = 2500;

/** Spec for this screen: the server message, the error text, or 'Something went wrong'. */
function verifyErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong';
}

type Field = 'email' | 'otp';

export function VerifyOtpForm() {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const carriedEmail = useCarriedEmail();
  const [email, setEmail] = useState(carriedEmail);
  const [otp, setOtp] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const [done, setDone] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const cooldown = useCooldown();
  useFocusFirstInvalid(formRef, attempt);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate(paths.login), VERIFY_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const reject = (next: FieldErrors<Field>) => {
    setErrors(next);
    setAttempt((n) => n + 1);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (done) return;
    setFormError(null);
    const parsed = verifyOtpRequestSchema.safeParse({ email, otp });
    if (!parsed.success) return reject(toFieldErrors<Field>(parsed.error.issues));
    setErrors({});
    setSubmitting(true);
    try {
      const response = await verifyOtp(parsed.data);
      setDone(true);
      toast.success(response.message || 'Email verified.');
    } catch (error) {
      setFormError(verifyErrorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  const resend = async () => {
    setFormError(null);
    const parsed = resendOtpRequestSchema.safeParse({ email });
    if (!parsed.success) return reject(toFieldErrors<Field>(parsed.error.issues));
    setErrors({});
    setResending(true);
    try {
      const response = await resendOtp(parsed.data);
      toast.success(response.message);
      cooldown.start(OTP_RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds) {
        cooldown.start(error.retryAfterSeconds);
      }
      setFormError(verifyErrorMessage(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-1.5">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
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
      <FormAlert message={formError} />
      <FormAlert tone="success" message={done ? 'Email verified! Redirecting to login...' : null} />
      <Button type="submit" loading={submitting} disabled={done} className="mt-3 w-full">
        {submitting ? 'Verifying...' : 'Verify email'}
      </Button>
      <Button
        variant="ghost"
        className="mt-2 w-full"
        onClick={resend}
        loading={resending}
        disabled={cooldown.active || done}
      >
        {cooldown.active ? `Wait ${cooldown.remaining}s` : 'Resend code'}
      </Button>
    </form>
  );
}
