import {
  EARLY_SUBMIT_ATTRIBUTE,
  type EarlySubmitState,
  NEEDS_SCRIPTS_NOTICE,
} from '@cashtips/contract/plain/early-submit';
import { type FormEvent, type ReactNode, type RefObject, useLayoutEffect } from 'react';
import { Button } from '../components/ui/button.tsx';
import { useHydrated } from './use-browser-value.ts';

/**
 * A server-rendered form that can be sent before the app has loaded (decision 018). On a slow phone the
 * form is painted seconds before the app can handle it; its submit button works from the start: the
 * page's start script (server `web/page-scripts.ts`) holds a submission made meanwhile, showing the
 * button busy, and here, once the app has taken the form over, `submit` gets what the fields held then.
 * Spread the answer on the form; a form rendered in the browser alone is `ready` at once.
 */
function useEarlySubmit(
  formRef: RefObject<HTMLFormElement | null>,
  submit: (fields: FormData) => void,
): { [EARLY_SUBMIT_ATTRIBUTE]: EarlySubmitState } {
  const hydrated = useHydrated();
  // In the commit that hydrates the form: the app shows the busy state from here on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first commit, is the point.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (form?.getAttribute(EARLY_SUBMIT_ATTRIBUTE) !== 'pending') return;
    form.setAttribute(EARLY_SUBMIT_ATTRIBUTE, 'ready');
    form.removeAttribute('aria-busy');
    document.getElementById(`${EARLY_SUBMIT_ATTRIBUTE}-status`)?.remove();
    submit(new FormData(form));
  }, []);
  return { [EARLY_SUBMIT_ATTRIBUTE]: hydrated ? 'ready' : 'waiting' };
}

interface EarlySubmitFormProps {
  formRef: RefObject<HTMLFormElement | null>;
  /** The form sent once the app handles it. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A submission held before the app had loaded, with what the fields held then. */
  onEarlySubmit: (fields: FormData) => void;
  children: ReactNode;
}

/**
 * A form that can be sent before the app has loaded (`useEarlySubmit`). With no script at all it is
 * posted, never sent as GET (a password would enter the address), to its own page, which the server
 * answers by showing it again (server `formPagePaths`); its button's notice says why.
 */
export function EarlySubmitForm({ formRef, onSubmit, onEarlySubmit, children }: EarlySubmitFormProps) {
  const earlySubmit = useEarlySubmit(formRef, onEarlySubmit);
  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      {...earlySubmit}
      className="flex flex-col gap-1.5"
    >
      {children}
    </form>
  );
}

interface EarlySubmitButtonProps {
  /** The button's words. */
  idle: string;
  /** Its words while the form is being sent, also while the start script holds it. */
  busy: string;
  submitting: boolean;
  className?: string;
}

/**
 * The submit button of an `EarlySubmitForm`: enabled from the first paint. While a submission
 * is held before the app has loaded, index.css swaps its words for `busy` (from `data-busy`, so the
 * rendered markup stays what the app hydrates) with a spinner; then the app shows its own state.
 */
export function EarlySubmitButton({ idle, busy, submitting, className }: EarlySubmitButtonProps) {
  return (
    <>
      <Button type="submit" loading={submitting} data-busy={busy} className={className}>
        {submitting ? busy : <span className="early-submit-idle">{idle}</span>}
      </Button>
      <noscript>
        <p className="mt-3 text-center text-sm text-amber-300">{NEEDS_SCRIPTS_NOTICE}</p>
      </noscript>
    </>
  );
}
