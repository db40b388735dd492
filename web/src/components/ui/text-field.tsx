import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered to the right of the input (e.g. a Send OTP button). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export const inputClass =
  'block h-12 w-full min-w-0 rounded-xl border bg-emerald-950/60 px-4 text-base text-white placeholder:text-emerald-200/40 transition-colors focus:outline-none focus:ring-2 focus:ring-lime-300/70 disabled:opacity-60 read-only:border-dashed read-only:text-emerald-100/75';

export function inputBorder(invalid: boolean): string {
  return invalid ? 'border-rose-400' : 'border-emerald-700 hover:border-emerald-500';
}

/** A labelled input whose error line keeps its space reserved so the form never jumps. */
export function TextField({ label, error, hint, trailing, className = '', ...props }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, errorId].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-emerald-50">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${inputBorder(Boolean(error))}`}
          {...props}
        />
        {trailing}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-emerald-200/70">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  return (
    <p id={id} className="mt-1 min-h-5 text-sm leading-5 text-rose-300" aria-live="polite">
      {message}
    </p>
  );
}
