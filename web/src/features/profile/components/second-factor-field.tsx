import { TextField } from '../../../components/ui/text-field.tsx';

/**
 * The authenticator or recovery code a sensitive action asks for when two-factor sign-in is on
 * (turning it off, closing the account): one field, so both ask for it the same way.
 */
export function SecondFactorField({
  value,
  onChange,
  error,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  className?: string;
}) {
  return (
    <TextField
      label="Code"
      name="code"
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={11}
      required
      hint="The 6-digit code from your app, or a recovery code."
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      {...(className ? { className } : {})}
    />
  );
}
