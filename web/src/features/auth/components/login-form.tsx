import { accountMessages, loginTwoFactorSchema } from '@cashtips/contract/account';
import { isTwoFactorChallenge, loginRequestSchema, type User } from '@cashtips/contract/auth';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ArrowLeftIcon } from '../../../components/ui/icons/arrow-left-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { EarlySubmitButton, EarlySubmitForm } from '../../../lib/early-submit.tsx';
import { toFieldErrors } from '../../../lib/field-errors.ts';
import { isUser } from '../../../lib/session/is-user.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useTextTypedEarly } from '../../../lib/use-text-typed-early.ts';
import { login } from '../api/login.ts';
import { loginTwoFactor } from '../api/login-two-factor.ts';
import { CurrentPasswordField, EmailField, ShowPasswordCheckbox } from './auth-fields.tsx';
import { authLinkClass } from './auth-layout.tsx';

type Field = 'email' | 'password';

const NO_TOKEN = 'Login failed: no token returned.';
const LOGGING_IN = 'Logging in...';

/**
 * The login: email and password, then, for an account with two-factor sign-in on, a second step that
 * answers the server's challenge with a code from the authenticator app or a recovery code.
 */
export function LoginForm() {
  const session = useSession();
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<Field>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useTextTypedEarly(formRef, (name, value) => {
    if (name === 'email') setEmail(value);
    if (name === 'password') setPassword(value);
  });
  // Coming back from the second step (Back, or a challenge that ran out), the password is asked again.
  // A layout effect: the focus moves in the same commit that shows the password step, never a frame later.
  const [returned, setReturned] = useState(0);
  useLayoutEffect(() => {
    if (returned > 0) passwordRef.current?.focus();
  }, [returned]);

  const signIn = async (credentials: { email: string; password: string }) => {
    setFormError(null);
    setUnverifiedEmail(null);
    const parsed = loginRequestSchema.safeParse(credentials);
    if (!parsed.success) return reject(toFieldErrors<Field>(parsed.error.issues));
    setErrors({});
    setSubmitting(true);
    try {
      const response = await login(parsed.data);
      if (isTwoFactorChallenge(response)) {
        if (response.challenge) setChallenge(response.challenge);
        else setFormError(NO_TOKEN);
        return;
      }
      if (!response.token || !isUser(response.user)) {
        setFormError(NO_TOKEN);
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!submitting) void signIn({ email, password });
  };

  // Sent on a slow phone before the app had loaded: signed in now, with what the fields held then.
  const onEarlySubmit = (fields: FormData) => {
    void signIn({ email: String(fields.get('email') ?? ''), password: String(fields.get('password') ?? '') });
  };

  const backToPassword = (message: string | null) => {
    setChallenge(null);
    setPassword('');
    setFormError(message);
    setReturned((count) => count + 1);
  };

  if (challenge)
    return <TwoFactorStep challenge={challenge} onSignedIn={session.login} onBack={backToPassword} />;

  return (
    <EarlySubmitForm formRef={formRef} onSubmit={onSubmit} onEarlySubmit={onEarlySubmit}>
      <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
      <CurrentPasswordField
        ref={passwordRef}
        label="Password"
        visible={showPassword}
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
      <EarlySubmitButton idle="Login" busy={LOGGING_IN} submitting={submitting} className="mt-4 w-full" />
    </EarlySubmitForm>
  );
}

/**
 * A challenge that can no longer be answered (expired, or too many wrong codes): the sign-in starts
 * again from the password. A wrong code (400) keeps the step.
 */
function mustStartAgain(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.status === 429 ||
    error.status === 401 ||
    error.code === 'CHALLENGE_EXPIRED' ||
    error.message === accountMessages.challengeExpired ||
    error.message === accountMessages.tooManyCodes
  );
}

interface TwoFactorStepProps {
  challenge: string;
  onSignedIn: (token: string, user: User) => void;
  /** Back to the password step, with the message to show there (null for none). */
  onBack: (message: string | null) => void;
}

function TwoFactorStep({ challenge, onSignedIn, onBack }: TwoFactorStepProps) {
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<'code'>();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // The code input takes the focus when the step appears, and again when the kind of code changes.
  useLayoutEffect(() => inputRef.current?.focus(), []);

  const switchMode = () => {
    setRecovery((current) => !current);
    setCode('');
    setErrors({});
    setFormError(null);
    inputRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setFormError(null);
    const parsed = loginTwoFactorSchema.safeParse({ challenge, code });
    if (!parsed.success) return reject(toFieldErrors<'code'>(parsed.error.issues));
    setErrors({});
    setSubmitting(true);
    try {
      const response = await loginTwoFactor(parsed.data);
      if (!response.token || !isUser(response.user)) {
        setFormError(NO_TOKEN);
        return;
      }
      onSignedIn(response.token, response.user);
    } catch (error) {
      if (mustStartAgain(error)) {
        onBack(errorMessage(error, accountMessages.challengeExpired));
        return;
      }
      if (error instanceof ApiError && error.status === 400)
        reject({ code: error.message || accountMessages.wrongCode });
      else setFormError(errorMessage(error, 'Could not check the code. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="two-factor-step-title"
      className="flex flex-col gap-1.5"
    >
      <h2 id="two-factor-step-title" className="text-lg font-bold text-white">
        Two-factor sign-in
      </h2>
      <p className="mb-3 text-sm text-emerald-100/80">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <TextField
        ref={inputRef}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        name="code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={recovery ? 11 : 7}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errors.code}
        hint={recovery ? 'Like abcde-12345. Each recovery code works once.' : undefined}
      />
      <FormAlert message={formError} />
      <Button type="submit" loading={submitting} className="mt-3 w-full">
        {submitting ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => onBack(null)}
          disabled={submitting}
          className={`${authLinkClass} inline-flex min-h-11 items-center gap-1.5 text-sm disabled:opacity-60`}
        >
          <ArrowLeftIcon className="size-4" />
          Back
        </button>
        <button
          type="button"
          onClick={switchMode}
          disabled={submitting}
          className={`${authLinkClass} min-h-11 text-sm disabled:opacity-60`}
        >
          {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </button>
      </div>
    </form>
  );
}
