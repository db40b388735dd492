import { forgotPasswordRequestSchema } from '@cashtips/contract/auth';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toFieldErrors } from '../../../lib/field-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useHydrated } from '../../../lib/use-browser-value.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useTextTypedEarly } from '../../../lib/use-text-typed-early.ts';
import { forgotPassword } from '../api/forgot-password.ts';
import { EmailField } from './auth-fields.tsx';
import { useCarriedEmail, withEmail } from './use-carried-email.ts';

export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<'email'>();
  const carriedEmail = useCarriedEmail();
  const [email, setEmail] = useState(carriedEmail);
  const [submitting, setSubmitting] = useState(false);
  const hydrated = useHydrated();
  useTextTypedEarly(formRef, (name, value) => {
    if (name === 'email') setEmail(value);
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = forgotPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) return reject(toFieldErrors<'email'>(parsed.error.issues));
    setErrors({});
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
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-1.5">
      <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
      <FormAlert message={formError} />
      <Button type="submit" disabled={!hydrated} loading={submitting} className="mt-3 w-full">
        {submitting ? 'Sending...' : 'Send OTP'}
      </Button>
    </form>
  );
}
