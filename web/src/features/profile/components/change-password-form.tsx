import { changePasswordSchema } from '@cashtips/contract/account';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { type FieldErrors, toFieldErrors } from '../../../lib/field-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { PASSWORD_HINT, ShowPasswordCheckbox } from '../../auth/components/auth-fields.tsx';
import { useChangePassword } from '../api/password.ts';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

export const PASSWORDS_DIFFER = 'The new passwords do not match.';

const empty: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Security tab: the current password, a new one (the sign-up strength rule) typed twice. */
export function ChangePasswordForm() {
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<Field>();
  const [values, setValues] = useState(empty);
  const [visible, setVisible] = useState(false);
  const change = useChangePassword();
  const type = visible ? 'text' : 'password';

  const edit = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setFormError(null);
    const parsed = changePasswordSchema.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    const found: FieldErrors<Field> = parsed.success ? {} : toFieldErrors<Field>(parsed.error.issues);
    if (!found.newPassword && values.confirmPassword !== values.newPassword)
      found.confirmPassword = PASSWORDS_DIFFER;
    if (!parsed.success || Object.keys(found).length > 0) return reject(found);
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: (response) => {
        setValues(empty);
        setVisible(false);
        toast.success(response.message);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors.length > 0) {
          const fields = toFieldErrors<Field>(error.errors);
          reject(fields);
          if (Object.keys(fields).length === 0) setFormError(error.message);
        } else {
          setFormError(errorMessage(error, 'Could not change your password. Please try again.'));
        }
      },
    });
  };

  return (
    <section aria-labelledby="change-password-title" className="card min-w-0 gap-4 p-5 sm:p-6">
      <div>
        <h2 id="change-password-title" className="text-lg font-bold text-white">
          Change password
        </h2>
        <p className="text-sm text-emerald-100/75">
          Your other devices are signed out when the password changes; this one stays signed in.
        </p>
      </div>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex min-w-0 flex-col gap-1">
        <TextField
          label="Current password"
          type={type}
          name="currentPassword"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          onChange={(event) => edit('currentPassword')(event.target.value)}
          error={errors.currentPassword}
        />
        <TextField
          label="New password"
          type={type}
          name="newPassword"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
          value={values.newPassword}
          onChange={(event) => edit('newPassword')(event.target.value)}
          error={errors.newPassword}
        />
        <TextField
          label="Confirm new password"
          type={type}
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={(event) => edit('confirmPassword')(event.target.value)}
          error={errors.confirmPassword}
        />
        <ShowPasswordCheckbox checked={visible} onChange={setVisible} className="mb-3" />
        <FormAlert message={formError} />
        <Button type="submit" loading={change.isPending} className="mt-3 w-full sm:w-auto sm:self-start">
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </section>
  );
}
