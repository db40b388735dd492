import { type FormEvent, type ReactNode, type RefObject, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { type DraftResult, serverFieldErrors } from '../utils/form-draft.ts';

interface DraftFormOptions<Body, Saved> {
  /** The request body from the draft, checked with the contract's schema. */
  validate: () => DraftResult<Body>;
  save: (body: Body) => Promise<Saved>;
  busy: boolean;
  onSaved: (saved: Saved) => void;
  /** Said when the request fails without a message of the server's. */
  failure: string;
}

/**
 * Submitting an admin form: the schema's errors, then the server's field errors, land next to their
 * fields (focus moves to the first one) with a line above the buttons; `onSaved` runs on success.
 */
export function useDraftForm<Body, Saved>({
  validate,
  save,
  busy,
  onSaved,
  failure,
}: DraftFormOptions<Body, Saved>) {
  const { formRef, errors, setErrors, formError, setFormError, reject } = useFormErrors<string>();

  const submit = async () => {
    setFormError(null);
    const result = validate();
    if (!result.ok) {
      setFormError('Check the highlighted fields.');
      reject(result.errors);
      return;
    }
    setErrors({});
    try {
      onSaved(await save(result.body));
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) reject(serverFieldErrors(error.errors));
      setFormError(errorMessage(error, failure));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) void submit();
  };

  return { formRef, errors, setErrors, formError, onSubmit };
}

/** The form's error line, then Cancel and the submit button (stacked on phones, submit on top). */
export function DraftFormFooter({
  formError,
  busy,
  submitLabel,
  onCancel,
}: {
  formError: string | null;
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      <FormAlert message={formError} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}

/** A form's draft, and `set(key, value)` for one field of it. */
export function useDraftState<Draft extends object>(initial: () => Draft) {
  const [draft, setDraft] = useState<Draft>(initial);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  return { draft, setDraft, set };
}

/** The <form> of an admin draft: named for screen readers, checked by the schema rather than the browser. */
export function DraftFormShell({
  formRef,
  onSubmit,
  label,
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-label={label}
      className="flex min-w-0 flex-col gap-4"
    >
      {children}
    </form>
  );
}
