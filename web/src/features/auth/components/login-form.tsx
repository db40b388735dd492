import { loginRequestSchema } from '@cashtips/contract/auth';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toFieldErrors } from '../../../lib/field-errors.ts';
import { isUser } from '../../../lib/session/is-user.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { login } from '../api/login.ts';
import { EmailField, ShowPasswordCheckbox } from './auth-fields.tsx';
import { authLinkClass } from './auth-layout.tsx';

type Field = 'email' | 'password';

export function LoginForm() {
  const session = useSession();
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<Field>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setUnverifiedEmail(null);
    const parsed = loginRequestSchema.safeParse({ email, password });
    if (!parsed.success) return reject(toFieldErrors<Field>(parsed.error.issues));
    setErrors({});
    setSubmitting(true);
    try {
      const response = await login(parsed.data);
      if (!response.token || !isUser(response.user)) {
        setFormError('Login failed: no token returned.');
        return;
      }
      session.login(response.token, response.user);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED')
        setUnverifiedEmail(parsed.data.email);
      setFormError(errorMessage(error, 'Invalid email or password.'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-1.5">
      <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
      <TextField
        label="Password"
        type={showPassword ? 'text' : 'password'}
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <div className="flex items-center justify-between gap-3">
        <ShowPasswordCheckbox checked={showPassword} onChange={setShowPassword} />
        <Link to={paths.forgotPassword} className={`${authLinkClass} text-sm`}>
          Forgot password?
        </Link>
      </div>
      <div className="mt-4">
        <FormAlert message={formError}>
          {unverifiedEmail && (
            <Link
              to={`${paths.verifyOtp}?email=${encodeURIComponent(unverifiedEmail)}`}
              state={{ email: unverifiedEmail }}
              className={`${authLinkClass} mt-2 inline-block`}
            >
              Verify your email now
            </Link>
          )}
        </FormAlert>
      </div>
      <Button type="submit" loading={submitting} className="mt-4 w-full">
        {submitting ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}
