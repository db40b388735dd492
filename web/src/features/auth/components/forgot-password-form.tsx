import { forgotPasswordRequestSchema } from '@cashtips/contract/auth';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { EarlySubmitButton, EarlySubmitForm } from '../../../lib/early-submit.tsx';
import { toFieldErrors } from '../../../lib/field-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useTextTypedEarly } from '../../../lib/use-text-typed-early.ts';
import { forgotPassword } from '../api/forgot-password.ts';
import { EmailField } from './auth-fields.tsx';
import { useCarriedEmail, withEmail } from './use-carried-email.ts';

const SENDING = 'Sending...';

export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<'email'>();
  const carriedEmail = useCarriedEmail();
  const [email, setEmail] = useState(carriedEmail);
  const [submitting, setSubmitting] = useState(false);
  useTextTypedEarly(formRef, (name, value) => {
    if (name === 'email') setEmail(value);
  });

  const sendCode = async (typed: string) => {
    setFormError(null);
    const parsed = forgotPasswordRequestSchema.safeParse({ email: typed });
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!submitting) void sendCode(email);
  };

  // Sent before the app had loaded (a slow phone): sent now, with the address the field held then.
  const onEarlySubmit = (fields: FormData) => void sendCode(String(fields.get('email') ?? ''));

  return (
    <EarlySubmitForm formRef={formRef} onSubmit={onSubmit} onEarlySubmit={onEarlySubmit}>
      <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
      <FormAlert message={formError} />
      <EarlySubmitButton idle="Send OTP" busy={SENDING} submitting={submitting} className="mt-3 w-full" />
    </EarlySubmitForm>
  );
}
