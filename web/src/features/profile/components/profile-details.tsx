import { accountMessages } from '@cashtips/contract/account';
import type { User } from '@cashtips/contract/auth';
import { profileUpdateSchema } from '@cashtips/contract/profile-update';
import { type FormEvent, useCallback, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toFieldErrors } from '../../../lib/field-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { PhoneField } from '../../auth/components/phone-field.tsx';
import { useUpdateProfile } from '../api/profile.ts';

type Field = 'fullName' | 'phone' | 'username';
type Values = Record<Field, string>;

/** A phone stored as digits (2348012345678) shown with its + (the country code is part of it). */
const displayPhone = (phone: string) => (phone && !phone.startsWith('+') ? `+${phone}` : phone);
const digits = (value: string) => value.replace(/\D/g, '');

/** What the form holds that differs from the account: the PATCH is partial and carries only these. */
export function changedFields(values: Values, user: User): Partial<Values> {
  const changes: Partial<Values> = {};
  if (values.fullName.trim().replace(/\s+/g, ' ') !== user.fullName) changes.fullName = values.fullName;
  if (digits(values.phone) !== digits(user.phone)) changes.phone = values.phone;
  if (values.username.trim() !== (user.username ?? '')) changes.username = values.username;
  return changes;
}

/**
 * The signed-in user's account details (spec part 2, Profile tab): full name, phone and username are
 * edited here and saved with one partial PATCH; the email is shown but cannot be changed.
 */
export function ProfileDetails({ user }: { user: User }) {
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<Field>();
  // Only what the user typed; the rest follows the account, also when the server sends a fresher one.
  const [draft, setDraft] = useState<Partial<Values>>({});
  const save = useUpdateProfile();
  const values: Values = {
    fullName: user.fullName,
    phone: displayPhone(user.phone),
    username: user.username ?? '',
    ...draft,
  };
  const changes = changedFields(values, user);
  const dirty = Object.keys(changes).length > 0;

  // An edited field's error goes: it spoke of what was there before.
  const edit = useCallback(
    (field: Field, value: string) => {
      setDraft((current) => ({ ...current, [field]: value }));
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    },
    [setErrors],
  );
  const setPhone = useCallback((phone: string) => edit('phone', phone), [edit]);

  const discard = () => {
    setDraft({});
    setErrors({});
    setFormError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dirty || save.isPending) return;
    setFormError(null);
    const parsed = profileUpdateSchema.safeParse(changes);
    if (!parsed.success) return reject(toFieldErrors<Field>(parsed.error.issues));
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (response) => {
        setDraft({});
        toast.success(response.message || accountMessages.profileSaved);
      },
      onError: (error) => {
        if (error instanceof ApiError && (error.status === 409 || error.code === 'USERNAME_TAKEN')) {
          reject({ username: error.message || accountMessages.usernameTaken });
        } else if (error instanceof ApiError && error.errors.length > 0) {
          reject(toFieldErrors<Field>(error.errors));
          if (!error.errors.some((item) => item.field in values)) setFormError(error.message);
        } else {
          setFormError(errorMessage(error, 'Could not save your profile. Please try again.'));
        }
      },
    });
  };

  return (
    <section aria-labelledby="profile-details-title" className="card min-w-0 gap-4 p-5 sm:p-6">
      <h2 id="profile-details-title" className="text-lg font-bold text-white">
        Account details
      </h2>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex min-w-0 flex-col gap-1">
        <div className="grid min-w-0 gap-x-5 gap-y-1 sm:grid-cols-2">
          <TextField
            label="Full name"
            name="fullName"
            autoComplete="name"
            required
            value={values.fullName}
            onChange={(event) => edit('fullName', event.target.value)}
            error={errors.fullName}
            className="min-w-0"
          />
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            value={values.username}
            onChange={(event) => edit('username', event.target.value)}
            error={errors.username}
            hint="3–20 letters, digits or _"
            className="min-w-0"
          />
          <div className="min-w-0">
            <PhoneField value={values.phone} onChange={setPhone} error={errors.phone} />
          </div>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={user.email}
            readOnly
            hint="Email can't be changed."
            className="min-w-0"
          />
        </div>
        <FormAlert message={formError} />
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:justify-end">
          {dirty && (
            <Button variant="ghost" onClick={discard} disabled={save.isPending}>
              Discard changes
            </Button>
          )}
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            {save.isPending ? 'Saving...' : 'Save changes'}
          </Button>
        </div>
      </form>
    </section>
  );
}
