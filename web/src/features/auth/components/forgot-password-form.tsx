import { forgotPasswordRequestSchema } from '@cashtips/contract/auth';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toFieldErrors } from '../../../lib/field-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { forgotPassword } from '../api/forgot-password.ts';
import { useCarriedEmail, withEmail } from './use-carried-email.ts';

export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const carriedEmail = useCarriedEmail();
  const [email, setEmail] = useState(carriedEmail);
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useFocusFirstInvalid(formRef, attempt);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = forgotPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(toFieldErrors<'email'>(parsed.error.issues).email);
      setAttempt((n) => n + 1);
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      const response = await forgotPassword(parsed.data);
      toast.success(response.message);
      navigate(withEmail(paths.resetPassword, parsed.data.email), { state: { email: parsed.data.email } });
    } catch (err) {
      setFormError(errorMessage(err, 'Reset request failed.'));
    } finally {
      setSubmitting(false);
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
        error={error}
      />
      <FormAlert message={formError} />
      <Button type="submit" loading={submitting} className="mt-3 w-full">
        {submitting ? 'Sending...' : 'Send OTP'}
      </Button>
    </form>
  );
}
