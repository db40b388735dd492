import type { ReactNode } from 'react';

interface FormAlertProps {
  message?: string | null | undefined;
  tone?: 'error' | 'success';
  children?: ReactNode;
}

/** Form-level message. Its live region is always present so screen readers announce changes. */
export function FormAlert({ message, tone = 'error', children }: FormAlertProps) {
  const colours =
    tone === 'error'
      ? 'border-rose-400/40 bg-rose-500/10 text-rose-200'
      : 'border-lime-300/40 bg-lime-400/10 text-lime-100';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} aria-live={tone === 'error' ? 'assertive' : 'polite'}>
      {message ? (
        <div className={`rounded-xl border px-4 py-3 text-sm ${colours}`}>
          <p>{message}</p>
          {children}
        </div>
      ) : null}
    </div>
  );
}
