import { useRef, useState } from 'react';
import type { FieldErrors } from './field-errors.ts';
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts';

/**
 * A form's field errors and form-level error. `reject` shows field errors and moves focus to the first
 * invalid field; attach `formRef` to the form.
 */
export function useFormErrors<Field extends string>() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useFocusFirstInvalid(formRef, attempt);

  const reject = (next: FieldErrors<Field>): void => {
    setErrors(next);
    setAttempt((n) => n + 1);
  };

  return { formRef, errors, setErrors, formError, setFormError, reject };
}
