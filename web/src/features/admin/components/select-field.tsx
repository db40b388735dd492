import { type SelectHTMLAttributes, useId } from 'react';
import { SelectChevron, selectClass } from '../../../components/ui/select-parts.tsx';
import { inputBorder } from '../../../components/ui/text-field.tsx';

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
        <SelectChevron />
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
