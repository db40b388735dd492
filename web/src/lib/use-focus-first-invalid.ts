import { type RefObject, useEffect } from 'react';

/**
 * After a rejected submit, moves focus to the first invalid field so keyboard and screen-reader users
 * land on the problem. `attempt` changes on every rejected submit.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, attempt: number): void {
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, formRef]);
}
