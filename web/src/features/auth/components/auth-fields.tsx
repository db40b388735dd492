import { type ComponentProps, useState } from 'react';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

// The inputs the auth forms share. One module on purpose: every auth route imports it, so the bundler
// keeps it in the chunk all auth routes already share instead of adding chunks (each chunk adds its
// name to the preload map in the landing page's entry script).

type TextFieldProps = ComponentProps<typeof TextField>;

type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'name' | 'autoComplete' | 'inputMode'>;

/** The required Email input every auth form starts with. */
export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      required
      {...props}
    />
  );
}

interface OtpFieldProps
  extends Omit<TextFieldProps, 'label' | 'name' | 'inputMode' | 'autoComplete' | 'maxLength'> {
  label?: string;
}

/** The 6-digit emailed code; the phone keyboard offers the code from the message. */
export function OtpField({ label = 'OTP', ...props }: OtpFieldProps) {
  return (
    <TextField
      label={label}
      name="otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="6 digits"
      {...props}
    />
  );
}

type CurrentPasswordFieldProps = Omit<TextFieldProps, 'type' | 'name' | 'autoComplete'> & {
  /** Shown as text (the Show password toggle). */
  visible: boolean;
};

/** A password the user already has (sign-in, or the one chosen at sign-up). */
export function CurrentPasswordField({ visible, ...props }: CurrentPasswordFieldProps) {
  return (
    <TextField
      type={visible ? 'text' : 'password'}
      name="password"
      autoComplete="current-password"
      required
      {...props}
    />
  );
}

export const PASSWORD_HINT =
  'At least 8 characters with uppercase, lowercase, a number and a special character.';

interface ShowPasswordCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}

export function ShowPasswordCheckbox({ checked, onChange, className }: ShowPasswordCheckboxProps) {
  return (
    <Checkbox
      label="Show password"
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
      className={className}
    />
  );
}

interface NewPasswordFieldsProps
  extends Pick<TextFieldProps, 'label' | 'name' | 'value' | 'onChange' | 'error' | 'readOnly'> {
  /** A second, unvalidated entry (register); it follows the same Show password toggle. */
  confirm?: Pick<TextFieldProps, 'value' | 'onChange'>;
}

/** A new password with the strength rule as its hint, an optional confirmation and a Show password toggle. */
export function NewPasswordFields({ confirm, readOnly, ...props }: NewPasswordFieldsProps) {
  const [visible, setVisible] = useState(false);
  const type = visible ? 'text' : 'password';
  return (
    <>
      <TextField
        type={type}
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        readOnly={readOnly}
        {...props}
      />
      {confirm && (
        <TextField
          label="Confirm password"
          type={type}
          name="confirmPassword"
          autoComplete="new-password"
          readOnly={readOnly}
          {...confirm}
        />
      )}
      <ShowPasswordCheckbox checked={visible} onChange={setVisible} className="mb-4" />
    </>
  );
}
