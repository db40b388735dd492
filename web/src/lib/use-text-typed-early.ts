import { type RefObject, useLayoutEffect } from 'react';

/**
 * Text typed into a server-rendered form before the app took it over: the fields hold it, but the form's
 * state is still empty and its next render would write the empty state back over it. On mount this hands
 * each typed field (by its name) to `keep`, in the same commit, so nothing typed is lost. A form rendered
 * in the browser alone finds nothing to hand over (each field still holds its initial value).
 */
export function useTextTypedEarly(
  formRef: RefObject<HTMLFormElement | null>,
  keep: (name: string, value: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first commit, is the point.
  useLayoutEffect(() => {
    for (const element of Array.from(formRef.current?.elements ?? [])) {
      if (
        element instanceof HTMLInputElement &&
        element.name &&
        element.type !== 'checkbox' &&
        element.value !== element.defaultValue
      ) {
        keep(element.name, element.value);
      }
    }
  }, []);
}
