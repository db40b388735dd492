import { type SelectHTMLAttributes, useId } from 'react';
import { inputBorder, inputClass } from '../../../components/ui/text-field.tsx';

// A <select> matches :read-only, which gives read-only inputs a dashed border; selects keep the plain one.
const selectClass = inputClass
  .split(' ')
  .filter((name) => !name.startsWith('read-only:'))
  .join(' ');

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
}

export function SelectField({ label, hint, error, className = '', children, ...props }: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-emerald-50">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
          }
          className={`${selectClass} ${inputBorder(Boolean(error))} cursor-pointer appearance-none pr-10`}
          {...props}
        >
          {children}
        </select>
        {/*
         * Drawn here rather than with ChevronDownIcon: the landing page loads that icon, and sharing it with
         * this chunk would split the landing page's icons into one more file (the landing budget is tight).
         */}
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-emerald-200/70"
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-emerald-200/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
